// event.cpp - OpenCL events.
#include "common.h"
#include "entry_points.h"

namespace smcp::opencl {

smcp_result event_wait(uint32_t num_events, const smcp_event *events) {
  if (num_events == 0)
    return SMCP_SUCCESS;
  SMCP_CL_CALL(clWaitForEvents, (num_events, to_cl(events)));
  return SMCP_SUCCESS;
}

smcp_result event_get_status(smcp_event event, smcp_event_status *out) {
  cl_int status = 0;
  SMCP_CL_CALL(clGetEventInfo, (to_cl(event), CL_EVENT_COMMAND_EXECUTION_STATUS,
                                sizeof(status), &status, nullptr));
  if (status < 0) // the command was abnormally terminated; status is its error code
    return fail(to_result(status), "clGetEventInfo", status,
                "the command of this event failed on the device");
  *out = status == CL_COMPLETE ? SMCP_EVENT_COMPLETE
         : status == CL_RUNNING ? SMCP_EVENT_RUNNING
                                : SMCP_EVENT_SUBMITTED;
  return SMCP_SUCCESS;
}

smcp_result enqueue_marker(smcp_queue queue, uint32_t num_wait, const smcp_event *wait,
                           smcp_event_purpose, smcp_event *out) {
  SMCP_CL_CALL(clEnqueueMarkerWithWaitList, (to_cl(queue), num_wait, num_wait ? to_cl(wait) : nullptr,
                                             reinterpret_cast<cl_event *>(out)));
  return SMCP_SUCCESS;
}

smcp_result event_get_profiling(smcp_event event, smcp_profiling_info what, uint64_t *out) {
  const cl_profiling_info info = what == SMCP_PROFILING_SUBMIT  ? CL_PROFILING_COMMAND_SUBMIT
                                 : what == SMCP_PROFILING_START ? CL_PROFILING_COMMAND_START
                                                                : CL_PROFILING_COMMAND_END;
  cl_ulong value = 0;
  SMCP_CL_CALL(clGetEventProfilingInfo, (to_cl(event), info, sizeof(value), &value, nullptr));
  *out = value;
  return SMCP_SUCCESS;
}

smcp_result event_release(smcp_event event) {
  SMCP_CL_CALL(clReleaseEvent, (to_cl(event)));
  return SMCP_SUCCESS;
}

} // namespace smcp::opencl
