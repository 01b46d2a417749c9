// commands.cpp - immediate command lists, the only kind the adapter makes: an
// OpenCL queue each (out of order where PoCL can: Level Zero 1.4 promises no
// order between a list's commands either) that runs each command as it is
// appended. Regular lists and command queues are not implemented (their
// table entries stay null).
#include "entries.h"

#include <algorithm>
#include <cstring>

namespace smcp::ze_test {
namespace {

ze_result_t run_now(const char *call, cl_command_queue queue, const command_fn &run,
                    event_t *signal, uint32_t num_wait, ze_event_handle_t *wait) {
  retained_events waits; // released once the command is enqueued
  if (ze_result_t r = wait_list(call, num_wait, wait, waits))
    return r;
  cl_event done = nullptr;
  if (ze_result_t r = run(queue, waits.size(), waits.data(), &done))
    return r;
  clFlush(queue);
  add_waiter(num_wait, wait, done);
  if (signal)
    return set_signaller(call, *signal, done);
  clReleaseEvent(done);
  return ZE_RESULT_SUCCESS;
}

} // namespace

ze_result_t append(const char *call, ze_command_list_handle_t list, command_fn run,
                   ze_event_handle_t signal, uint32_t num_wait, ze_event_handle_t *wait) {
  ZE_TEST_LIVE(call, list, kind::command_list);
  if (signal)
    ZE_TEST_LIVE(call, signal, kind::event);
  command_list_t &l = *as<command_list_t>(list);
  std::unique_lock<std::mutex> busy(l.busy, std::try_to_lock);
  if (!busy.owns_lock())
    return rule_broken(call, "two threads append to one command list at once");
  return run_now(call, l.queue, run, as<event_t>(signal), num_wait, wait);
}

ze_result_t zeCommandListCreateImmediate(ze_context_handle_t context, ze_device_handle_t device,
                                         const ze_command_queue_desc_t *,
                                         ze_command_list_handle_t *out) {
  ZE_TEST_ENTER("zeCommandListCreateImmediate");
  ZE_TEST_LIVE("zeCommandListCreateImmediate", context, kind::context);
  ZE_TEST_LIVE("zeCommandListCreateImmediate", device, kind::device);
  auto l = std::make_unique<command_list_t>();
  l->context = as<context_t>(context);
  if (ze_result_t r = make_queue("zeCommandListCreateImmediate", *as<device_t>(device), l->queue))
    return r;
  return publish(std::move(l), kind::command_list, out);
}

ze_result_t zeCommandListDestroy(ze_command_list_handle_t list) {
  ZE_TEST_ENTER("zeCommandListDestroy");
  ZE_TEST_LIVE("zeCommandListDestroy", list, kind::command_list);
  auto l = retire<command_list_t>(list, kind::command_list);
  clFinish(l->queue); // the application must not destroy a list in use: be lenient
  clReleaseCommandQueue(l->queue);
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeCommandListAppendBarrier(ze_command_list_handle_t list, ze_event_handle_t signal,
                                       uint32_t num_wait, ze_event_handle_t *wait) {
  ZE_TEST_ENTER("zeCommandListAppendBarrier");
  return append("zeCommandListAppendBarrier", list,
                [](cl_command_queue q, cl_uint n, const cl_event *w, cl_event *done) {
                  cl_int err = clEnqueueBarrierWithWaitList(q, n, w, done);
                  return err == CL_SUCCESS ? ZE_RESULT_SUCCESS
                                           : cl_failed("zeCommandListAppendBarrier",
                                                       "clEnqueueBarrierWithWaitList", err);
                },
                signal, num_wait, wait);
}

ze_result_t zeCommandListAppendWaitOnEvents(ze_command_list_handle_t list, uint32_t num_wait,
                                            ze_event_handle_t *wait) {
  ZE_TEST_ENTER("zeCommandListAppendWaitOnEvents");
  return append("zeCommandListAppendWaitOnEvents", list,
                [](cl_command_queue q, cl_uint n, const cl_event *w, cl_event *done) {
                  cl_int err = clEnqueueBarrierWithWaitList(q, n, w, done);
                  return err == CL_SUCCESS ? ZE_RESULT_SUCCESS
                                           : cl_failed("zeCommandListAppendWaitOnEvents",
                                                       "clEnqueueBarrierWithWaitList", err);
                },
                nullptr, num_wait, wait);
}

ze_result_t zeCommandListAppendSignalEvent(ze_command_list_handle_t list, ze_event_handle_t signal) {
  ZE_TEST_ENTER("zeCommandListAppendSignalEvent");
  return append("zeCommandListAppendSignalEvent", list,
                [](cl_command_queue q, cl_uint n, const cl_event *w, cl_event *done) {
                  cl_int err = clEnqueueMarkerWithWaitList(q, n, w, done);
                  return err == CL_SUCCESS ? ZE_RESULT_SUCCESS
                                           : cl_failed("zeCommandListAppendSignalEvent",
                                                       "clEnqueueMarkerWithWaitList", err);
                },
                signal, 0, nullptr);
}

ze_result_t zeCommandListAppendMemoryCopy(ze_command_list_handle_t list, void *dst,
                                          const void *src, size_t size, ze_event_handle_t signal,
                                          uint32_t num_wait, ze_event_handle_t *wait) {
  ZE_TEST_ENTER("zeCommandListAppendMemoryCopy");
  return append("zeCommandListAppendMemoryCopy", list,
                [=](cl_command_queue q, cl_uint n, const cl_event *w, cl_event *done) {
                  cl_int err = clEnqueueSVMMemcpy(q, CL_FALSE, dst, src, size, n, w, done);
                  return err == CL_SUCCESS ? ZE_RESULT_SUCCESS
                                           : cl_failed("zeCommandListAppendMemoryCopy",
                                                       "clEnqueueSVMMemcpy", err);
                },
                signal, num_wait, wait);
}

ze_result_t zeCommandListAppendMemoryFill(ze_command_list_handle_t list, void *ptr,
                                          const void *pattern, size_t pattern_size, size_t size,
                                          ze_event_handle_t signal, uint32_t num_wait,
                                          ze_event_handle_t *wait) {
  ZE_TEST_ENTER("zeCommandListAppendMemoryFill");
  allocation a{};
  if (!allocations().find(ptr, a) || uintptr_t(ptr) + size > uintptr_t(a.base) + a.size)
    return rule_broken("zeCommandListAppendMemoryFill",
                       "the filled range is not inside one USM allocation");
  if (pattern_size == 0 || pattern_size > 128 || (pattern_size & (pattern_size - 1)) ||
      size % pattern_size)
    return rule_broken("zeCommandListAppendMemoryFill",
                       "a pattern of " + std::to_string(pattern_size) + " bytes over " +
                           std::to_string(size) + " bytes (maxMemoryFillPatternSize is 128)");
  std::vector<unsigned char> bytes(static_cast<const unsigned char *>(pattern),
                                   static_cast<const unsigned char *>(pattern) + pattern_size);
  return append("zeCommandListAppendMemoryFill", list,
                [=](cl_command_queue q, cl_uint n, const cl_event *w, cl_event *done) {
                  cl_int err = clEnqueueSVMMemFill(q, ptr, bytes.data(), bytes.size(), size, n, w,
                                                   done);
                  return err == CL_SUCCESS ? ZE_RESULT_SUCCESS
                                           : cl_failed("zeCommandListAppendMemoryFill",
                                                       "clEnqueueSVMMemFill", err);
                },
                signal, num_wait, wait);
}

ze_result_t zeCommandListAppendMemoryCopyRegion(
    ze_command_list_handle_t list, void *dst, const ze_copy_region_t *dst_region,
    uint32_t dst_pitch, uint32_t dst_slice_pitch, const void *src,
    const ze_copy_region_t *src_region, uint32_t src_pitch, uint32_t src_slice_pitch,
    ze_event_handle_t signal, uint32_t num_wait, ze_event_handle_t *wait) {
  ZE_TEST_ENTER("zeCommandListAppendMemoryCopyRegion");
  const ze_copy_region_t d = *dst_region, s = *src_region;
  if (d.width != s.width || d.height != s.height || d.depth != s.depth)
    return rule_broken("zeCommandListAppendMemoryCopyRegion",
                       "source and destination regions differ in size");
  return append("zeCommandListAppendMemoryCopyRegion", list,
                [=](cl_command_queue q, cl_uint n, const cl_event *w, cl_event *done) {
                  // One copy per row, then a marker that completes with all of them.
                  std::vector<cl_event> rows;
                  cl_int err = CL_SUCCESS;
                  for (uint32_t z = 0; z < d.depth && err == CL_SUCCESS; ++z)
                    for (uint32_t y = 0; y < d.height && err == CL_SUCCESS; ++y) {
                      char *to = static_cast<char *>(dst) + size_t(d.originZ + z) * dst_slice_pitch +
                                 size_t(d.originY + y) * dst_pitch + d.originX;
                      const char *from = static_cast<const char *>(src) +
                                         size_t(s.originZ + z) * src_slice_pitch +
                                         size_t(s.originY + y) * src_pitch + s.originX;
                      cl_event row = nullptr;
                      err = clEnqueueSVMMemcpy(q, CL_FALSE, to, from, d.width, n, w, &row);
                      if (err == CL_SUCCESS)
                        rows.push_back(row);
                    }
                  if (err == CL_SUCCESS)
                    err = clEnqueueMarkerWithWaitList(q, cl_uint(rows.size()),
                                                      rows.empty() ? nullptr : rows.data(), done);
                  for (cl_event e : rows)
                    clReleaseEvent(e);
                  return err == CL_SUCCESS ? ZE_RESULT_SUCCESS
                                           : cl_failed("zeCommandListAppendMemoryCopyRegion",
                                                       "clEnqueueSVMMemcpy", err);
                },
                signal, num_wait, wait);
}

ze_result_t zeCommandListAppendLaunchKernel(ze_command_list_handle_t list,
                                            ze_kernel_handle_t kernel,
                                            const ze_group_count_t *count,
                                            ze_event_handle_t signal, uint32_t num_wait,
                                            ze_event_handle_t *wait) {
  ZE_TEST_ENTER("zeCommandListAppendLaunchKernel");
  ZE_TEST_LIVE("zeCommandListAppendLaunchKernel", kernel, kind::kernel);
  command_fn launch;
  if (ze_result_t r = make_launch("zeCommandListAppendLaunchKernel", *as<kernel_t>(kernel),
                                  *count, launch))
    return r;
  return append("zeCommandListAppendLaunchKernel", list, std::move(launch), signal, num_wait,
                wait);
}

} // namespace smcp::ze_test
