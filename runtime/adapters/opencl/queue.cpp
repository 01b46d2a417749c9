// queue.cpp - OpenCL command queues.
#include "common.h"
#include "entry_points.h"

namespace smcp::opencl {
namespace {

/// Out-of-order execution when the device offers it and the queue may use it;
/// an in-order queue is always a correct fallback since it only adds ordering.
cl_command_queue_properties queue_properties(cl_device_id device, uint32_t flags) {
  cl_command_queue_properties supported = 0;
  clGetDeviceInfo(device, CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, sizeof(supported), &supported,
                  nullptr);
  cl_command_queue_properties props = 0;
  if (!(flags & SMCP_QUEUE_IN_ORDER))
    props |= supported & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
  if (flags & SMCP_QUEUE_PROFILING)
    props |= CL_QUEUE_PROFILING_ENABLE;
  return props;
}

} // namespace

smcp_result queue_create(smcp_context context, smcp_device device, uint32_t flags,
                         smcp_queue *out) {
  const cl_queue_properties props[] = {
      CL_QUEUE_PROPERTIES, queue_properties(to_cl(device), flags), 0};
  cl_int err = CL_SUCCESS;
  cl_command_queue q =
      clCreateCommandQueueWithProperties(to_cl(context), to_cl(device), props, &err);
  SMCP_CL_CHECK(err, clCreateCommandQueueWithProperties);
  *out = reinterpret_cast<smcp_queue>(q);
  return SMCP_SUCCESS;
}

smcp_result queue_release(smcp_queue queue) {
  SMCP_CL_CALL(clReleaseCommandQueue, (to_cl(queue)));
  return SMCP_SUCCESS;
}

smcp_result queue_finish(smcp_queue queue) {
  SMCP_CL_CALL(clFinish, (to_cl(queue)));
  return SMCP_SUCCESS;
}

smcp_result queue_flush(smcp_queue queue) {
  SMCP_CL_CALL(clFlush, (to_cl(queue)));
  return SMCP_SUCCESS;
}

} // namespace smcp::opencl
