// event.cpp - events: completion, status, markers and profiling timestamps
// (kernel timestamps of the event's command, on the host's clock).
#include "host_proxy.h"
#include "kernel_timestamps.h"
#include "queue.h"

#include "entry_points.h"

namespace smcp::level_zero {

namespace {

/// The event the host may wait for or query for `r`: its own when it is
/// host-visible, otherwise its proxy (host_proxy.h); null when its command is
/// known done. Before making a proxy for a status query, the finished
/// host-visible events are reclaimed: a barrier the queue appended after the
/// command (every 64 kept events) may show it done without one (libsycl asks
/// the status of many events it never waits for when it prunes a queue's list).
smcp_result host_event(event_record &r, event_ref &out, bool reclaim_first) {
  if (r.event->host_visible) {
    out = r.event;
    return SMCP_SUCCESS;
  }
  const auto known_done = [&] { return r.event->done.load(std::memory_order_acquire); };
  if (!known_done() && reclaim_first) {
    bool proxied = false;
    {
      std::lock_guard<std::mutex> lock(r.proxy_mutex);
      proxied = r.host_proxy != nullptr;
    }
    if (!proxied)
      r.context->host_events.reclaim();
  }
  if (known_done()) {
    out = nullptr;
    return SMCP_SUCCESS;
  }
  return host_proxy(r, out);
}

} // namespace

smcp_result event_wait(uint32_t num_events, const smcp_event *events) {
  for (uint32_t i = 0; i < num_events; ++i) {
    event_ref e;
    SMCP_TRY(host_event(to_record(events[i]), e, /*reclaim_first=*/false));
    if (!e)
      continue;
    SMCP_ZE_CALL(zeEventHostSynchronize, (e->handle, UINT64_MAX));
    e->forget_waits(); // its command is done, so are those it waited for
  }
  return SMCP_SUCCESS;
}

smcp_result event_get_status(smcp_event event, smcp_event_status *out) {
  event_ref host;
  SMCP_TRY(host_event(to_record(event), host, /*reclaim_first=*/true));
  if (!host) {
    *out = SMCP_EVENT_COMPLETE;
    return SMCP_SUCCESS;
  }
  pooled_event &e = *host;
  const ze_result_t r = zeEventQueryStatus(e.handle);
  if (r == ZE_RESULT_NOT_READY) {
    *out = SMCP_EVENT_SUBMITTED; // Level Zero does not tell a started command
    return SMCP_SUCCESS;
  }
  if (!check(r, "zeEventQueryStatus", __FILE__, __LINE__))
    return to_result(r);
  e.forget_waits();
  *out = SMCP_EVENT_COMPLETE;
  return SMCP_SUCCESS;
}

smcp_result event_release(smcp_event event) {
  delete &to_record(event);
  return SMCP_SUCCESS;
}

smcp_result enqueue_marker(smcp_queue queue, uint32_t num_wait, const smcp_event *wait,
                           smcp_event_purpose purpose, smcp_event *out) {
  command c(queue, num_wait, wait);
  SMCP_TRY(c.begin(out, purpose));
  SMCP_ZE_CALL(zeCommandListAppendBarrier, (c.list(), c.signal(), c.num_wait(), c.wait()));
  return c.finish(out);
}

smcp_result event_get_profiling(smcp_event event, smcp_profiling_info what, uint64_t *out) {
  const event_record &e = to_record(event);
  if (!e.profiling)
    return fail(SMCP_ERROR_UNSUPPORTED, "event_get_profiling", ZE_RESULT_SUCCESS,
                "the event's queue was not made with SMCP_QUEUE_PROFILING");
  if (what == SMCP_PROFILING_SUBMIT) {
    *out = e.submit_ns;
    return SMCP_SUCCESS;
  }
  SMCP_ZE_CALL(zeEventHostSynchronize, (e.handle(), UINT64_MAX));
  ze_kernel_timestamp_result_t t{};
  SMCP_ZE_CALL(zeEventQueryKernelTimestamp, (e.handle(), &t));
  // On the host clock from the submission, whose device timestamp was
  // read with it (so submit <= start <= end, as SYCL promises).
  const ze_device_properties_t &d = e.device->properties;
  const kernel_times times =
      place_kernel(e.submit_ns, e.submit_ticks, t.global.kernelStart, t.global.kernelEnd,
                   d.kernelTimestampValidBits, d.timerResolution);
  *out = what == SMCP_PROFILING_START ? times.start_ns : times.end_ns;
  return SMCP_SUCCESS;
}

} // namespace smcp::level_zero
