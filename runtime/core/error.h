// error.h - how the core raises errors: always a sycl::exception whose
// message begins with "sycl: " and names the cause.
#pragma once

#include <sycl/exception.hpp>

#include <string>

namespace smcp::rt {

[[noreturn]] void throw_error(sycl::errc code, const std::string &message);

} // namespace smcp::rt
