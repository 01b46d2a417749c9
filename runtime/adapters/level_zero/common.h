// common.h - error recording, tracing and the driver-call macro of the Level
// Zero adapter.
//
// ze calls go through SMCP_ZE_CALL (or SMCP_ZE_CHECK where a failure must
// not return early), which prints the SMCP_TRACE=1 line and, on failure,
// records {"level_zero", call, ze_result_t, its name, file:line} as this
// thread's last error, so the trace and the error libsycl raises agree. Calls
// whose result is looked at first (zeEventQueryStatus's NOT_READY,
// zeModuleCreate before its log is read, zeMemGetAllocProperties before a
// free) pass it to check() themselves; the build-log reads are unchecked.
#pragma once

#include "../adapter_abi.h"
#include "../support/adapter_support.h"

#include <level_zero/ze_api.h>
#include <sycl/detail/abi/backends.h>

#include <string>

namespace smcp::level_zero {

constexpr const char *backend_name =
    smcp::abi::backend_name(smcp::abi::backend_id::level_zero);

/// The name of a result, e.g. "ZE_RESULT_ERROR_MODULE_BUILD_FAILURE".
const char *result_name(ze_result_t code);

/// Maps a driver result onto the adapter ABI's result codes.
smcp_result to_result(ze_result_t code);

/// Traces a driver call; on failure also records it as the last error.
/// Returns true when code is ZE_RESULT_SUCCESS.
bool check(ze_result_t code, const char *call, const char *file, int line);

/// Records a failure with a message of its own (a build log, a limit) and
/// returns result. code is the driver's result, or ZE_RESULT_SUCCESS when
/// the adapter itself refuses.
smcp_result fail(smcp_result result, const char *call, ze_result_t code, std::string message);

using adapter::return_info;
using adapter::return_string;
using adapter::trace_enabled;

} // namespace smcp::level_zero

/// Calls a ze function; returns the mapped smcp_result on failure.
#define SMCP_ZE_CALL(fn, args)                                                  \
  do {                                                                          \
    ze_result_t smcp_ze_err_ = fn args;                                         \
    if (!::smcp::level_zero::check(smcp_ze_err_, #fn, __FILE__, __LINE__))     \
      return ::smcp::level_zero::to_result(smcp_ze_err_);                       \
  } while (0)

/// Calls a ze function where a failure is recorded but not returned
/// (clean-up paths); true on success.
#define SMCP_ZE_CHECK(fn, args) ::smcp::level_zero::check(fn args, #fn, __FILE__, __LINE__)

/// Returns early when an adapter step fails (its error is already recorded).
#define SMCP_TRY(expr)                                                          \
  do {                                                                          \
    smcp_result smcp_try_result_ = (expr);                                      \
    if (smcp_try_result_ != SMCP_SUCCESS)                                       \
      return smcp_try_result_;                                                  \
  } while (0)
