// common.cpp - error mapping, tracing and current-context switching for the
// CUDA adapter (the last error itself is kept by ../support/adapter_support.h).
#include "common.h"
#include "entry_points.h"

namespace smcp::cuda {

const char *error_name(CUresult code) {
  const char *name = nullptr;
  if (driver.cuGetErrorName && driver.cuGetErrorName(code, &name) == CUDA_SUCCESS && name)
    return name;
  switch (code) { // a driver that cannot name it (CUDA's stub library cannot)
#define SMCP_CUDA_RESULT_NAME(result, value)                                                 \
  case result:                                                                               \
    return #result;
    SMCP_CUDA_RESULT_VALUES(SMCP_CUDA_RESULT_NAME)
#undef SMCP_CUDA_RESULT_NAME
  }
  return "(a CUresult the driver does not name)";
}

smcp_result to_result(CUresult code) {
  switch (code) {
  case CUDA_SUCCESS:
    return SMCP_SUCCESS;
  case CUDA_ERROR_OUT_OF_MEMORY:
    return SMCP_ERROR_OUT_OF_MEMORY;
  case CUDA_ERROR_INVALID_VALUE:
  case CUDA_ERROR_INVALID_HANDLE:
    return SMCP_ERROR_INVALID_ARGUMENT;
  case CUDA_ERROR_NOT_FOUND:
    return SMCP_ERROR_NOT_FOUND;
  case CUDA_ERROR_INVALID_IMAGE:
  case CUDA_ERROR_NO_BINARY_FOR_GPU:
  case CUDA_ERROR_INVALID_PTX:
  case CUDA_ERROR_JIT_COMPILER_NOT_FOUND:
  case CUDA_ERROR_UNSUPPORTED_PTX_VERSION:
  case CUDA_ERROR_JIT_COMPILATION_DISABLED:
  case CUDA_ERROR_INVALID_SOURCE:
    return SMCP_ERROR_BUILD_FAILED;
  case CUDA_ERROR_NOT_INITIALIZED:
  case CUDA_ERROR_DEINITIALIZED:
  case CUDA_ERROR_STUB_LIBRARY:
  case CUDA_ERROR_NO_DEVICE:
    return SMCP_ERROR_UNINITIALIZED;
  default:
    return SMCP_ERROR_BACKEND;
  }
}

bool check(CUresult code, const char *call, const char *file, int line) {
  // The driver's name for success is not asked for: every launch passes here.
  const bool ok = code == CUDA_SUCCESS;
  return adapter::check_native(backend_name, ok, call, code, ok ? "CUDA_SUCCESS" : error_name(code),
                               file, line);
}

smcp_result fail(smcp_result result, const char *call, CUresult code, std::string message) {
  return adapter::fail_native(backend_name, result, call, code,
                              code == CUDA_SUCCESS ? "" : error_name(code), std::move(message));
}

void get_last_error(smcp_error_info *out) { adapter::read_last_failure(backend_name, out); }

smcp_result make_current(CUcontext context) {
  // Interop code that switches a thread's context behind the adapter's back
  // must switch it back before calling SYCL on that thread again.
  thread_local CUcontext current = nullptr;
  if (current == context)
    return SMCP_SUCCESS;
  SMCP_CU_CALL(cuCtxSetCurrent, (context));
  current = context;
  return SMCP_SUCCESS;
}

} // namespace smcp::cuda
