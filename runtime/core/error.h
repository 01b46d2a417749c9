// error.h - how the core raises errors: always a sycl::exception whose
// message begins with "sycl: " and names the cause.
#pragma once

#include <sycl/exception.hpp>

#include <exception>
#include <string>

namespace smcp::rt {

[[noreturn]] void throw_error(sycl::errc code, const std::string &message);

/// What an exception says (its what()), for a message about another error.
std::string exception_text(const std::exception_ptr &e);

} // namespace smcp::rt
