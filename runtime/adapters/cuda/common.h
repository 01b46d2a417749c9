// common.h - error recording, tracing, the driver-call macro and the current
// context of the CUDA adapter.
//
// Every driver call goes through SMCP_CU_CALL (or SMCP_CU_CHECK where a
// failure must not return early), which prints the SMCP_TRACE=1 line and, on
// failure, records {"cuda", call, CUresult, its name, file:line} as this
// thread's last error, so the trace and the error libsycl raises agree.
#pragma once

#include "../adapter_abi.h"
#include "../support/adapter_support.h"
#include "cuda_api.h"

#include <sycl/detail/abi/backends.h>

#include <string>

namespace smcp::cuda {

constexpr const char *backend_name = smcp::abi::backend_name(smcp::abi::backend_id::cuda);

/// The driver's name of a result, e.g. "CUDA_ERROR_INVALID_PTX".
const char *error_name(CUresult code);

/// Maps a driver result onto the adapter ABI's result codes.
smcp_result to_result(CUresult code);

/// Traces a driver call; on failure also records it as the last error.
/// Returns true when code is CUDA_SUCCESS.
bool check(CUresult code, const char *call, const char *file, int line);

/// Records a failure that needs a message of its own (a build log, a limit)
/// and returns result. code is the driver's result, or CUDA_SUCCESS when the
/// adapter itself refuses.
smcp_result fail(smcp_result result, const char *call, CUresult code, std::string message);

using adapter::return_info;
using adapter::return_string;
using adapter::trace_enabled;

/// Makes context current on the calling thread. The thread's current context
/// is cached, so this calls cuCtxSetCurrent only when it changes.
smcp_result make_current(CUcontext context);

} // namespace smcp::cuda

/// Calls a driver function; returns the mapped smcp_result on failure.
#define SMCP_CU_CALL(fn, args)                                                  \
  do {                                                                          \
    ::smcp::cuda::CUresult smcp_cu_err_ = ::smcp::cuda::driver.fn args;         \
    if (!::smcp::cuda::check(smcp_cu_err_, #fn, __FILE__, __LINE__))           \
      return ::smcp::cuda::to_result(smcp_cu_err_);                             \
  } while (0)

/// Calls a driver function where a failure is recorded but not returned
/// (clean-up paths); true on success.
#define SMCP_CU_CHECK(fn, args)                                                 \
  ::smcp::cuda::check(::smcp::cuda::driver.fn args, #fn, __FILE__, __LINE__)

/// Returns early when an adapter step fails (its error is already recorded).
#define SMCP_TRY(expr)                                                          \
  do {                                                                          \
    smcp_result smcp_try_result_ = (expr);                                      \
    if (smcp_try_result_ != SMCP_SUCCESS)                                       \
      return smcp_try_result_;                                                  \
  } while (0)
