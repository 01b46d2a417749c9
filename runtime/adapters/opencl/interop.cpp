// interop.cpp - the OpenCL objects behind the adapter's handles, for
// sycl::get_native and interop_handle.
#include "common.h"
#include "entry_points.h"

namespace smcp::opencl {

smcp_result get_native_handle(smcp_handle_kind kind, const void *handle, void **out) {
  switch (kind) {
  case SMCP_HANDLE_PLATFORM:
  case SMCP_HANDLE_DEVICE:
  case SMCP_HANDLE_CONTEXT:
  case SMCP_HANDLE_QUEUE:
  case SMCP_HANDLE_EVENT:
  case SMCP_HANDLE_PROGRAM: // these handles are the cl_* objects themselves
    *out = const_cast<void *>(handle);
    return SMCP_SUCCESS;
  case SMCP_HANDLE_KERNEL:
    *out = to_cl(reinterpret_cast<smcp_kernel>(const_cast<void *>(handle)));
    return SMCP_SUCCESS;
  default: // an unknown kind: refused below
    break;
  }
  return fail(SMCP_ERROR_INVALID_ARGUMENT, "get_native_handle", CL_INVALID_VALUE,
              "unknown handle kind " + std::to_string(kind));
}

} // namespace smcp::opencl
