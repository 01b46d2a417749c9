// adapter_support.h - what every adapter does the same way: this thread's
// last failure (get_last_error's answer), SMCP_TRACE, and the size/value
// protocol of the info queries. Linked into each adapter library, so each
// keeps its own last error per thread.
#pragma once

#include "../adapter_abi.h"

#include <cstdint>
#include <exception>
#include <new>
#include <string>

namespace smcp::adapter {

/// SMCP_TRACE is set (and not "0"): adapters print every native call.
bool trace_enabled();

/// Records this thread's last failure: the native call, its code and the
/// code's name, and a message (a build log, or where the call was made).
void record_failure(const char *call, int64_t native_code, const char *native_name,
                    std::string message);

/// get_last_error's answer for an adapter of backend `backend`.
void read_last_failure(const char *backend, smcp_error_info *out);

/// "at file.cpp:42", the place a failed native call was made.
std::string call_site(const char *file, int line);

/// What an adapter's check() does with a native call's result: prints the
/// SMCP_TRACE line "SMCP <backend>: <call> -> <name> (<code>)" and, when the
/// call failed, records it with the call site. Returns ok.
bool check_native(const char *backend, bool ok, const char *call, int64_t code,
                  const char *native_name, const char *file, int line);

/// What an adapter's fail() does: traces and records a failure that comes
/// with its own message (a build log, a refused argument); returns result.
smcp_result fail_native(const char *backend, smcp_result result, const char *call, int64_t code,
                        const char *native_name, std::string message);

/// Copies an info value into the caller's buffer (the size/value/size_ret
/// protocol of adapter_abi.h); a buffer too small is INVALID_ARGUMENT.
smcp_result return_info(size_t size, void *value, size_t *size_ret, const void *src, size_t n);

/// return_info for a NUL-terminated string.
smcp_result return_string(size_t size, void *value, size_t *size_ret, const std::string &s);

/// get_device_caps' answer: sets max_total_groups, when left 0, to the
/// product of max_group_count (saturated) and copies no more than the caller's
/// struct_size bytes of caps to out.
smcp_result answer_caps(smcp_device_caps caps, smcp_device_caps *out);

/// Records an exception no_throw caught (noexcept: a failure to record it
/// leaves the previous last error).
smcp_result failed_with_exception(smcp_result result, const char *what) noexcept;

/// A table entry that lets no C++ exception out of the adapter (allocations
/// of std::string, std::vector, new): no_throw<entry>::call returns
/// SMCP_ERROR_OUT_OF_MEMORY for std::bad_alloc and SMCP_ERROR_BACKEND for
/// anything else, with the exception as the last error.
template <auto Entry> struct no_throw;

template <typename... Args, smcp_result (*Entry)(Args...)> struct no_throw<Entry> {
  static smcp_result call(Args... args) noexcept {
    try {
      return Entry(args...);
    } catch (const std::bad_alloc &) {
      return failed_with_exception(SMCP_ERROR_OUT_OF_MEMORY, "out of host memory");
    } catch (const std::exception &e) {
      return failed_with_exception(SMCP_ERROR_BACKEND, e.what());
    } catch (...) {
      return failed_with_exception(SMCP_ERROR_BACKEND, "an unknown C++ exception");
    }
  }
};

} // namespace smcp::adapter
