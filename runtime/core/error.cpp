// error.cpp - raising sycl::exception from the core.
#include "error.h"

#include "trace.h"

namespace smcp::rt {

void throw_error(sycl::errc code, const std::string &message) {
  trace("error: %s", message.c_str());
  throw sycl::exception(sycl::make_error_code(code), "sycl: " + message);
}

std::string exception_text(const std::exception_ptr &e) {
  try {
    std::rethrow_exception(e);
  } catch (const std::exception &x) {
    return x.what();
  } catch (...) {
    return "an exception that is not a std::exception";
  }
}

} // namespace smcp::rt
