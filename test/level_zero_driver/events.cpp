// events.cpp - event pools and events. An event is signalled by the
// cl_event of the command it was given to, or by the host; the checks are
// Level Zero's: the host waits only for events of host-visible pools,
// timestamps come only from timestamp pools, an event is signalled again
// only after a reset, and nothing waits for an event nothing will signal.
#include "entries.h"

#include <algorithm>
#include <chrono>
#include <thread>

namespace smcp::ze_test {
namespace {

/// CL_COMPLETE, CL_RUNNING, ... or a negative error.
cl_int execution_status(cl_event e) {
  cl_int status = CL_COMPLETE;
  clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, nullptr);
  return status;
}

ze_result_t check_host_visible(const char *call, const event_t &e) {
  if (!(e.pool->flags & ZE_EVENT_POOL_FLAG_HOST_VISIBLE))
    return rule_broken(call, "the host waits for or queries an event of a pool without "
                             "ZE_EVENT_POOL_FLAG_HOST_VISIBLE");
  return ZE_RESULT_SUCCESS;
}

/// SUCCESS when signalled, NOT_READY when not yet, DEVICE_LOST when its
/// command failed.
ze_result_t status_of(event_t &e) {
  std::lock_guard<std::mutex> lock(e.mutex);
  if (e.host_signalled)
    return ZE_RESULT_SUCCESS;
  if (!e.signaller)
    return ZE_RESULT_NOT_READY;
  const cl_int s = execution_status(e.signaller);
  return s == CL_COMPLETE ? ZE_RESULT_SUCCESS : s < 0 ? ZE_RESULT_ERROR_DEVICE_LOST : ZE_RESULT_NOT_READY;
}

} // namespace

ze_result_t set_signaller(const char *call, event_t &e, cl_event done) {
  std::lock_guard<std::mutex> lock(e.mutex);
  if (e.signaller || e.host_signalled) {
    clReleaseEvent(done);
    return rule_broken(call, "an event is signalled again without zeEventHostReset");
  }
  e.signaller = done;
  return ZE_RESULT_SUCCESS;
}

retained_events::~retained_events() {
  for (cl_event e : _events)
    clReleaseEvent(e);
}

ze_result_t wait_list(const char *call, uint32_t n, ze_event_handle_t *events,
                      retained_events &out) {
  for (uint32_t i = 0; i < n; ++i) {
    ZE_TEST_LIVE(call, events[i], kind::event);
    event_t &e = *as<event_t>(events[i]);
    std::lock_guard<std::mutex> lock(e.mutex);
    if (e.signaller) {
      clRetainEvent(e.signaller);
      out.adopt(e.signaller);
    } else if (!e.host_signalled)
      return rule_broken(call, "a command waits for an event that no command appended so far "
                               "signals (it could wait forever)");
  }
  return ZE_RESULT_SUCCESS;
}

void add_waiter(uint32_t n, ze_event_handle_t *events, cl_event command) {
  for (uint32_t i = 0; i < n; ++i) {
    event_t &e = *as<event_t>(events[i]);
    std::lock_guard<std::mutex> lock(e.mutex);
    // Forget those that started: a list of every command that ever waited
    // for a reused event would only grow.
    auto started = std::remove_if(e.waiters.begin(), e.waiters.end(), [](cl_event w) {
      if (execution_status(w) > CL_RUNNING)
        return false;
      clReleaseEvent(w);
      return true;
    });
    e.waiters.erase(started, e.waiters.end());
    clRetainEvent(command);
    e.waiters.push_back(command);
  }
}

ze_result_t zeEventPoolCreate(ze_context_handle_t context, const ze_event_pool_desc_t *desc,
                              uint32_t, ze_device_handle_t *, ze_event_pool_handle_t *out) {
  ZE_TEST_ENTER("zeEventPoolCreate");
  ZE_TEST_LIVE("zeEventPoolCreate", context, kind::context);
  auto *p = new event_pool_t;
  p->context = as<context_t>(context);
  p->flags = desc->flags;
  p->count = desc->count;
  p->used.assign(desc->count, false);
  record_note(std::string("event pool: ") +
              ((p->flags & ZE_EVENT_POOL_FLAG_HOST_VISIBLE) ? "host-visible" : "device-only") +
              ((p->flags & ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP) ? ", kernel timestamps" : ""));
  register_handle(p, kind::event_pool);
  *out = reinterpret_cast<ze_event_pool_handle_t>(p);
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeEventPoolDestroy(ze_event_pool_handle_t pool) {
  ZE_TEST_ENTER("zeEventPoolDestroy");
  ZE_TEST_LIVE("zeEventPoolDestroy", pool, kind::event_pool);
  event_pool_t *p = as<event_pool_t>(pool);
  {
    std::lock_guard<std::mutex> pool_lock(p->mutex);
    if (p->live_events > 0)
      return rule_broken("zeEventPoolDestroy", std::to_string(p->live_events) +
                                                   " of the pool's events are not destroyed",
                         ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE);
  }
  retire<event_pool_t>(pool, kind::event_pool);
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeEventCreate(ze_event_pool_handle_t pool, const ze_event_desc_t *desc,
                          ze_event_handle_t *out) {
  ZE_TEST_ENTER("zeEventCreate");
  ZE_TEST_LIVE("zeEventCreate", pool, kind::event_pool);
  event_pool_t &p = *as<event_pool_t>(pool);
  if (desc->index >= p.count)
    return rule_broken("zeEventCreate", "index " + std::to_string(desc->index) +
                                            " is beyond the pool's " + std::to_string(p.count));
  if ((desc->signal & ZE_EVENT_SCOPE_FLAG_HOST) && !(p.flags & ZE_EVENT_POOL_FLAG_HOST_VISIBLE))
    return rule_broken("zeEventCreate", "host signal scope in a pool that is not host-visible");
  std::unique_lock<std::mutex> pool_lock(p.mutex);
  if (p.used[desc->index])
    return rule_broken("zeEventCreate", "index " + std::to_string(desc->index) +
                                            " of the pool already has an event");
  p.used[desc->index] = true;
  ++p.live_events;
  pool_lock.unlock();
  auto *e = new event_t;
  e->pool = &p;
  e->index = desc->index;
  e->signal_scope = desc->signal;
  register_handle(e, kind::event);
  *out = reinterpret_cast<ze_event_handle_t>(e);
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeEventDestroy(ze_event_handle_t event) {
  ZE_TEST_ENTER("zeEventDestroy");
  ZE_TEST_LIVE("zeEventDestroy", event, kind::event);
  auto e = retire<event_t>(event, kind::event);
  if (e->signaller)
    clReleaseEvent(e->signaller);
  for (cl_event w : e->waiters)
    clReleaseEvent(w);
  std::lock_guard<std::mutex> pool_lock(e->pool->mutex);
  e->pool->used[e->index] = false;
  --e->pool->live_events;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeEventHostSignal(ze_event_handle_t event) {
  ZE_TEST_ENTER("zeEventHostSignal");
  ZE_TEST_LIVE("zeEventHostSignal", event, kind::event);
  event_t &e = *as<event_t>(event);
  std::lock_guard<std::mutex> lock(e.mutex);
  e.host_signalled = true;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeEventHostSynchronize(ze_event_handle_t event, uint64_t timeout_ns) {
  ZE_TEST_ENTER("zeEventHostSynchronize");
  ZE_TEST_LIVE("zeEventHostSynchronize", event, kind::event);
  event_t &e = *as<event_t>(event);
  if (ze_result_t r = check_host_visible("zeEventHostSynchronize", e))
    return r;
  cl_event signaller = nullptr;
  {
    std::lock_guard<std::mutex> lock(e.mutex);
    if (e.host_signalled)
      return ZE_RESULT_SUCCESS;
    signaller = e.signaller;
    if (signaller)
      clRetainEvent(signaller);
  }
  if (!signaller) {
    if (timeout_ns != UINT64_MAX)
      return ZE_RESULT_NOT_READY;
    return rule_broken("zeEventHostSynchronize",
                       "the host waits without a timeout for an event nothing signals (a hang)",
                       ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT);
  }
  ze_result_t result = ZE_RESULT_SUCCESS;
  if (timeout_ns == UINT64_MAX) {
    clWaitForEvents(1, &signaller);
  } else {
    const auto until = std::chrono::steady_clock::now() + std::chrono::nanoseconds(timeout_ns);
    while (execution_status(signaller) > CL_COMPLETE && std::chrono::steady_clock::now() < until)
      std::this_thread::yield();
  }
  const cl_int s = execution_status(signaller);
  result = s == CL_COMPLETE ? ZE_RESULT_SUCCESS : s < 0 ? ZE_RESULT_ERROR_DEVICE_LOST : ZE_RESULT_NOT_READY;
  clReleaseEvent(signaller);
  return result;
}

ze_result_t zeEventQueryStatus(ze_event_handle_t event) {
  ZE_TEST_ENTER("zeEventQueryStatus");
  ZE_TEST_LIVE("zeEventQueryStatus", event, kind::event);
  event_t &e = *as<event_t>(event);
  if (ze_result_t r = check_host_visible("zeEventQueryStatus", e))
    return r;
  return status_of(e);
}

ze_result_t zeEventHostReset(ze_event_handle_t event) {
  ZE_TEST_ENTER("zeEventHostReset");
  ZE_TEST_LIVE("zeEventHostReset", event, kind::event);
  event_t &e = *as<event_t>(event);
  std::lock_guard<std::mutex> lock(e.mutex);
  // The command would signal the event after the reset, i.e. its next use.
  if (e.signaller && execution_status(e.signaller) > CL_COMPLETE)
    return rule_broken("zeEventHostReset",
                       "an event is reset while the command that signals it still runs");
  for (cl_event w : e.waiters)
    if (execution_status(w) > CL_RUNNING)
      return rule_broken("zeEventHostReset",
                         "an event is reset while a command that waits for it has not started "
                         "(on a GPU it would wait for the event's next use)");
  if (e.signaller)
    clReleaseEvent(e.signaller);
  for (cl_event w : e.waiters)
    clReleaseEvent(w);
  e.waiters.clear();
  e.signaller = nullptr;
  e.host_signalled = false;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeEventQueryKernelTimestamp(ze_event_handle_t event, ze_kernel_timestamp_result_t *out) {
  ZE_TEST_ENTER("zeEventQueryKernelTimestamp");
  ZE_TEST_LIVE("zeEventQueryKernelTimestamp", event, kind::event);
  event_t &e = *as<event_t>(event);
  if (!(e.pool->flags & ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP))
    return rule_broken("zeEventQueryKernelTimestamp",
                       "the event's pool was made without ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP");
  if (ze_result_t r = status_of(e))
    return r;
  std::lock_guard<std::mutex> lock(e.mutex);
  cl_ulong start = 0, end = 0;
  if (e.signaller) {
    clGetEventProfilingInfo(e.signaller, CL_PROFILING_COMMAND_START, sizeof(start), &start, nullptr);
    clGetEventProfilingInfo(e.signaller, CL_PROFILING_COMMAND_END, sizeof(end), &end, nullptr);
  }
  const uint64_t mask = (uint64_t(1) << kernel_timestamp_bits) - 1;
  out->global.kernelStart = out->context.kernelStart = start & mask;
  out->global.kernelEnd = out->context.kernelEnd = end & mask;
  return ZE_RESULT_SUCCESS;
}

} // namespace smcp::ze_test
