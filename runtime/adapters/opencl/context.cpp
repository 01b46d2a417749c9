// context.cpp - OpenCL contexts.
#include "common.h"
#include "entry_points.h"

namespace smcp::opencl {

smcp_result context_create(uint32_t num_devices, const smcp_device *devices, smcp_context *out) {
  cl_int err = CL_SUCCESS;
  cl_context ctx = clCreateContext(nullptr, num_devices,
                                   reinterpret_cast<const cl_device_id *>(devices), nullptr,
                                   nullptr, &err);
  SMCP_CL_CHECK(err, clCreateContext);
  *out = reinterpret_cast<smcp_context>(ctx);
  return SMCP_SUCCESS;
}

smcp_result context_release(smcp_context context) {
  SMCP_CL_CALL(clReleaseContext, (to_cl(context)));
  return SMCP_SUCCESS;
}

} // namespace smcp::opencl
