// kernel.cpp - OpenCL kernels: creation, queries and stateless launches.
//
// A cl_kernel keeps its arguments, so two threads launching one kernel would
// race between clSetKernelArg and clEnqueueNDRangeKernel. The adapter's
// kernel handle pairs it with a mutex held for exactly that span: libsycl
// sees immutable kernels (adapter_abi.h), and OpenCL copies the arguments at
// enqueue, so the lock is never held while the command runs.
#include "common.h"
#include "entry_points.h"

#include <mutex>
#include <string>

namespace smcp::opencl {
namespace {

struct kernel_handle {
  cl_kernel kernel;
  std::mutex launch;
};

kernel_handle *to_handle(smcp_kernel k) { return reinterpret_cast<kernel_handle *>(k); }

smcp_result set_arg(cl_kernel k, uint32_t index, const smcp_kernel_arg &arg) {
  switch (arg.kind) {
  case SMCP_ARG_VALUE:
    SMCP_CL_CALL(clSetKernelArg, (k, index, arg.size, arg.value));
    return SMCP_SUCCESS;
  case SMCP_ARG_POINTER:
    SMCP_CL_CALL(clSetKernelArgSVMPointer, (k, index, arg.value));
    return SMCP_SUCCESS;
  case SMCP_ARG_LOCAL: // a __local pointer argument: the size is the allocation, no value
    SMCP_CL_CALL(clSetKernelArg, (k, index, arg.size, nullptr));
    return SMCP_SUCCESS;
  }
  return fail(SMCP_ERROR_INVALID_ARGUMENT, "enqueue_launch", CL_INVALID_ARG_VALUE,
              "argument " + std::to_string(index) + " has the unknown kind " +
                  std::to_string(arg.kind));
}

} // namespace

cl_kernel to_cl(smcp_kernel k) { return to_handle(k)->kernel; }

smcp_result kernel_create(smcp_program program, const char *name, smcp_kernel *out) {
  cl_int err = CL_SUCCESS;
  cl_kernel k = clCreateKernel(to_cl(program), name, &err);
  SMCP_CL_CHECK(err, clCreateKernel);
  *out = reinterpret_cast<smcp_kernel>(new kernel_handle{k, {}});
  return SMCP_SUCCESS;
}

smcp_result kernel_release(smcp_kernel kernel) {
  kernel_handle *h = to_handle(kernel);
  cl_kernel k = h->kernel;
  delete h;
  SMCP_CL_CALL(clReleaseKernel, (k));
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
  case SMCP_KERNEL_INFO_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: {
    size_t n = 0;
    SMCP_CL_CALL(clGetKernelWorkGroupInfo,
                 (to_cl(kernel), to_cl(device), CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                  sizeof(n), &n, nullptr));
    uint64_t o = n;
    return return_info(size, value, size_ret, &o, sizeof(o));
  }
  case SMCP_KERNEL_INFO_PRIVATE_MEM_SIZE: {
    cl_ulong n = 0;
    SMCP_CL_CALL(clGetKernelWorkGroupInfo, (to_cl(kernel), to_cl(device),
                                            CL_KERNEL_PRIVATE_MEM_SIZE, sizeof(n), &n, nullptr));
    uint64_t o = n;
    return return_info(size, value, size_ret, &o, sizeof(o));
  }
  case SMCP_KERNEL_INFO_COMPILE_WORK_GROUP_SIZE: {
    size_t n[3] = {0, 0, 0};
    SMCP_CL_CALL(clGetKernelWorkGroupInfo, (to_cl(kernel), to_cl(device),
                                            CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof(n), n,
                                            nullptr));
    uint64_t o[3] = {n[0], n[1], n[2]};
    return return_info(size, value, size_ret, o, sizeof(o));
  }
  case SMCP_KERNEL_INFO_ATTRIBUTES: {
    size_t n = 0;
    SMCP_CL_CALL(clGetKernelInfo, (to_cl(kernel), CL_KERNEL_ATTRIBUTES, 0, nullptr, &n));
    std::string s(n, '\0');
    SMCP_CL_CALL(clGetKernelInfo, (to_cl(kernel), CL_KERNEL_ATTRIBUTES, n, s.data(), nullptr));
    return return_info(size, value, size_ret, s.c_str(),
                       std::char_traits<char>::length(s.c_str()) + 1);
  }
  }
  return SMCP_ERROR_INVALID_ARGUMENT;
}

smcp_result enqueue_launch(smcp_queue queue, smcp_kernel kernel, const smcp_launch *geometry,
                           uint32_t num_args, const smcp_kernel_arg *args, uint32_t num_wait,
                           const smcp_event *wait, smcp_event_purpose, smcp_event *out) {
  kernel_handle *h = to_handle(kernel);
  const bool has_local = geometry->local[0] != 0;
  bool has_offset = false;
  for (uint32_t d = 0; d < geometry->dims; ++d)
    has_offset |= geometry->offset[d] != 0;
  std::lock_guard<std::mutex> lock(h->launch);
  for (uint32_t i = 0; i < num_args; ++i)
    if (smcp_result r = set_arg(h->kernel, i, args[i]); r != SMCP_SUCCESS)
      return r;
  SMCP_CL_CALL(clEnqueueNDRangeKernel,
               (to_cl(queue), h->kernel, geometry->dims, has_offset ? geometry->offset : nullptr,
                geometry->global, has_local ? geometry->local : nullptr, num_wait,
                num_wait ? to_cl(wait) : nullptr, reinterpret_cast<cl_event *>(out)));
  return SMCP_SUCCESS;
}

} // namespace smcp::opencl
