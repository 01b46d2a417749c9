// sycl::exception, sycl::errc and the asynchronous error types (SYCL 2020 4.13).
#pragma once

#include <exception>
#include "detail/std_function.hpp"
#include <memory>
#include <string>
#include <system_error>
#include <vector>

namespace sycl {

class context;
namespace detail {
class context_impl;
}

enum class errc : int {
  success = 0,
  runtime = 1,
  kernel = 2,
  accessor = 3,
  nd_range = 4,
  event = 5,
  kernel_argument = 6,
  build = 7,
  invalid = 8,
  memory_allocation = 9,
  platform = 10,
  profiling = 11,
  feature_not_supported = 12,
  kernel_not_supported = 13,
  backend_mismatch = 14,
};

const std::error_category &sycl_category() noexcept;

inline std::error_code make_error_code(errc E) noexcept {
  return std::error_code(static_cast<int>(E), sycl_category());
}

class exception : public std::exception {
public:
  exception(std::error_code Code, const std::string &What);
  exception(std::error_code Code, const char *What);
  exception(std::error_code Code);
  exception(int Value, const std::error_category &Category, const std::string &What);
  exception(int Value, const std::error_category &Category, const char *What);
  exception(int Value, const std::error_category &Category);
  exception(context Ctx, std::error_code Code, const std::string &What);
  exception(context Ctx, std::error_code Code, const char *What);
  exception(context Ctx, std::error_code Code);
  exception(context Ctx, int Value, const std::error_category &Category, const std::string &What);
  exception(context Ctx, int Value, const std::error_category &Category, const char *What);
  exception(context Ctx, int Value, const std::error_category &Category);
  ~exception() override;

  const std::error_code &code() const noexcept { return _code; }
  const std::error_category &category() const noexcept { return _code.category(); }
  const char *what() const noexcept override { return _what->c_str(); }
  bool has_context() const noexcept { return _context != nullptr; }
  /// Throws errc::invalid when the exception carries no context.
  context get_context() const;

private:
  std::error_code _code;
  // Shared so that copying an exception never throws.
  std::shared_ptr<const std::string> _what;
  std::shared_ptr<detail::context_impl> _context;
};

/// The asynchronous errors handed to an async_handler.
class exception_list {
public:
  using value_type = std::exception_ptr;
  using reference = value_type &;
  using const_reference = const value_type &;
  using size_type = std::size_t;
  using iterator = std::vector<std::exception_ptr>::const_iterator;
  using const_iterator = iterator;

  exception_list() = default;
  explicit exception_list(std::vector<std::exception_ptr> List) : _list(std::move(List)) {}

  size_type size() const { return _list.size(); }
  iterator begin() const { return _list.begin(); }
  iterator end() const { return _list.end(); }

private:
  std::vector<std::exception_ptr> _list;
};

using async_handler = std::function<void(sycl::exception_list)>;

} // namespace sycl

namespace std {
template <> struct is_error_code_enum<sycl::errc> : true_type {};
} // namespace std
