// exception.cpp - sycl::exception, the SYCL error category and property_list's error.
#include "../core/error.h"
#include "../core/impl_access.h"

#include <sycl/context.hpp>
#include <sycl/exception.hpp>
#include <sycl/property_list.hpp>

namespace sycl {
namespace {

class sycl_error_category : public std::error_category {
public:
  const char *name() const noexcept override { return "sycl"; }
  std::string message(int code) const override {
    switch (static_cast<errc>(code)) {
    case errc::success: return "success";
    case errc::runtime: return "runtime error";
    case errc::kernel: return "kernel error";
    case errc::accessor: return "accessor error";
    case errc::nd_range: return "nd_range error";
    case errc::event: return "event error";
    case errc::kernel_argument: return "kernel argument error";
    case errc::build: return "build error";
    case errc::invalid: return "invalid";
    case errc::memory_allocation: return "memory allocation error";
    case errc::platform: return "platform error";
    case errc::profiling: return "profiling error";
    case errc::feature_not_supported: return "feature not supported";
    case errc::kernel_not_supported: return "kernel not supported";
    case errc::backend_mismatch: return "backend mismatch";
    }
    return "unknown SYCL error";
  }
};

} // namespace

const std::error_category &sycl_category() noexcept {
  static const sycl_error_category category;
  return category;
}

exception::exception(std::error_code code, const std::string &what)
    : _code(code), _what(std::make_shared<const std::string>(what)) {}
exception::exception(std::error_code code, const char *what)
    : exception(code, std::string(what)) {}
exception::exception(std::error_code code) : exception(code, code.message()) {}
exception::exception(int value, const std::error_category &category, const std::string &what)
    : exception(std::error_code(value, category), what) {}
exception::exception(int value, const std::error_category &category, const char *what)
    : exception(std::error_code(value, category), std::string(what)) {}
exception::exception(int value, const std::error_category &category)
    : exception(std::error_code(value, category)) {}
exception::exception(context ctx, std::error_code code, const std::string &what)
    : exception(code, what) {
  _context = detail::impl_access::impl(ctx);
}
exception::exception(context ctx, std::error_code code, const char *what)
    : exception(std::move(ctx), code, std::string(what)) {}
exception::exception(context ctx, std::error_code code)
    : exception(std::move(ctx), code, code.message()) {}
exception::exception(context ctx, int value, const std::error_category &category,
                     const std::string &what)
    : exception(std::move(ctx), std::error_code(value, category), what) {}
exception::exception(context ctx, int value, const std::error_category &category,
                     const char *what)
    : exception(std::move(ctx), std::error_code(value, category), std::string(what)) {}
exception::exception(context ctx, int value, const std::error_category &category)
    : exception(std::move(ctx), std::error_code(value, category)) {}
exception::~exception() = default;

context exception::get_context() const {
  if (!_context)
    smcp::rt::throw_error(errc::invalid, "this exception carries no context");
  return detail::impl_access::wrap<context>(_context);
}

namespace detail {
void throw_missing_property() {
  smcp::rt::throw_error(errc::invalid, "get_property: the object was not constructed with "
                                       "this property");
}
} // namespace detail

} // namespace sycl
