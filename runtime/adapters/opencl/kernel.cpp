// kernel.cpp - OpenCL kernels: creation, arguments and launch.
#include "common.h"
#include "entry_points.h"

namespace smcp::opencl {

smcp_result kernel_create(smcp_program program, const char *name, smcp_kernel *out) {
  cl_int err = CL_SUCCESS;
  cl_kernel k = clCreateKernel(to_cl(program), name, &err);
  SMCP_CL_CHECK(err, clCreateKernel);
  *out = reinterpret_cast<smcp_kernel>(k);
  return SMCP_SUCCESS;
}

smcp_result kernel_release(smcp_kernel kernel) {
  SMCP_CL_CALL(clReleaseKernel, (to_cl(kernel)));
  return SMCP_SUCCESS;
}

smcp_result kernel_set_arg_value(smcp_kernel kernel, uint32_t index, size_t size,
                                 const void *value) {
  SMCP_CL_CALL(clSetKernelArg, (to_cl(kernel), index, size, value));
  return SMCP_SUCCESS;
}

smcp_result kernel_set_arg_pointer(smcp_kernel kernel, uint32_t index, const void *ptr) {
  SMCP_CL_CALL(clSetKernelArgSVMPointer, (to_cl(kernel), index, ptr));
  return SMCP_SUCCESS;
}

smcp_result kernel_set_arg_local(smcp_kernel kernel, uint32_t index, size_t size) {
  // A __local pointer argument: the size is the allocation, the value must be NULL.
  SMCP_CL_CALL(clSetKernelArg, (to_cl(kernel), index, size, nullptr));
  return SMCP_SUCCESS;
}

smcp_result kernel_get_info(smcp_kernel kernel, smcp_device device, smcp_kernel_info what,
                            size_t size, void *value, size_t *size_ret) {
  switch (what) {
  case SMCP_KERNEL_INFO_NUM_ARGS: {
    cl_uint n = 0;
    SMCP_CL_CALL(clGetKernelInfo, (to_cl(kernel), CL_KERNEL_NUM_ARGS, sizeof(n), &n, nullptr));
    uint32_t o = n;
    return return_info(size, value, size_ret, &o, sizeof(o));
  }
  case SMCP_KERNEL_INFO_WORK_GROUP_SIZE: {
    // The kernel's own limit (registers, local memory), which may be below the device's.
    size_t n = 0;
    SMCP_CL_CALL(clGetKernelWorkGroupInfo,
                 (to_cl(kernel), to_cl(device), CL_KERNEL_WORK_GROUP_SIZE, sizeof(n), &n, nullptr));
    uint64_t o = n;
    return return_info(size, value, size_ret, &o, sizeof(o));
  }
  }
  return SMCP_ERROR_INVALID_ARGUMENT;
}

smcp_result enqueue_kernel(smcp_queue queue, smcp_kernel kernel, uint32_t dims,
                           const size_t *global_offset, const size_t *global,
                           const size_t *local, uint32_t num_wait, const smcp_event *wait,
                           smcp_event *out) {
  SMCP_CL_CALL(clEnqueueNDRangeKernel,
               (to_cl(queue), to_cl(kernel), dims, global_offset, global, local, num_wait,
                num_wait ? to_cl(wait) : nullptr, reinterpret_cast<cl_event *>(out)));
  return SMCP_SUCCESS;
}

} // namespace smcp::opencl
