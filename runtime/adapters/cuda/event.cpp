// event.cpp - events: completion, status, markers and profiling timestamps.
#include "queue.h"

#include "entry_points.h"

#include <algorithm>

namespace smcp::cuda {
namespace {

/// The device time from `from` to `to` in ns, once e's command is done.
smcp_result device_time_ns(const event_record &e, CUevent from, CUevent to, double &out) {
  if (!driver.cuEventElapsedTime)
    return fail(SMCP_ERROR_UNSUPPORTED, "event_get_profiling", CUDA_SUCCESS,
                "the NVIDIA driver lacks cuEventElapsedTime_v2");
  SMCP_TRY(make_current(e.where->primary));
  SMCP_CU_CALL(cuEventSynchronize, (e.done));
  float ms = 0;
  SMCP_CU_CALL(cuEventElapsedTime, (&ms, from, to));
  out = ms > 0 ? double(ms) * 1e6 : 0.0;
  return SMCP_SUCCESS;
}

} // namespace

stream_mark::~stream_mark() {
  if (!event)
    return;
  if (record_seq) // the pool must not lend the event while the launch thread still records it
    where->launcher()->drain(record_seq);
  where->events.give_back(event_pool::no_timing, event);
}

smcp_result stream_mark::settle_record() {
  if (!record_seq)
    return SMCP_SUCCESS;
  launch_thread &t = *where->launcher();
  t.drain(record_seq);
  if (const CUresult r = CUresult(t.failure_of(record_seq)))
    return fail(to_result(r), "cuEventRecord", r,
                "recording the event failed when the device's launch thread issued it");
  return SMCP_SUCCESS;
}

smcp_result stream_mark::recorded(CUevent &out) {
  std::lock_guard<std::mutex> lock(mutex);
  if (!event) {
    if (last_launch) // the event must follow the mark's launches
      where->launcher()->drain(last_launch);
    SMCP_TRY(make_current(where->primary));
    CUevent e = nullptr;
    SMCP_TRY(where->events.take(event_pool::no_timing, e));
    if (CUresult r = driver.cuEventRecord(e, stream); r != CUDA_SUCCESS) {
      where->events.give_back(event_pool::no_timing, e);
      check(r, "cuEventRecord", __FILE__, __LINE__);
      return to_result(r);
    }
    event = e;
  }
  SMCP_TRY(settle_record());
  out = event;
  return SMCP_SUCCESS;
}

smcp_result stream_mark::poll(bool &done) {
  done = reached.load(std::memory_order_acquire);
  if (done)
    return SMCP_SUCCESS;
  std::unique_lock<std::mutex> lock(mutex);
  launch_thread *t = last_launch ? where->launcher() : nullptr;
  if (!event && t && !t->issued(last_launch)) {
    // The launch thread records the event after the mark's launches: no
    // wait here for the launches ahead of it (a queue's pruning of its
    // finished commands would otherwise empty the thread's ring).
    CUevent e = nullptr;
    SMCP_TRY(make_current(where->primary));
    SMCP_TRY(where->events.take(event_pool::no_timing, e));
    record_seq = t->push([&](queued_launch &slot, uint64_t) {
      slot.record = e;
      slot.stream = stream;
    });
    event = e;
    return SMCP_SUCCESS;
  }
  if (record_seq && !t->issued(record_seq))
    return SMCP_SUCCESS;
  lock.unlock();
  CUevent e;
  SMCP_TRY(recorded(e));
  SMCP_TRY(make_current(where->primary));
  const CUresult r = driver.cuEventQuery(e);
  if (r == CUDA_ERROR_NOT_READY)
    return SMCP_SUCCESS;
  if (!check(r, "cuEventQuery", __FILE__, __LINE__))
    return to_result(r);
  reached.store(true, std::memory_order_release);
  done = true;
  return SMCP_SUCCESS;
}

smcp_result stream_mark::wait() {
  std::unique_lock<std::mutex> lock(mutex);
  if (reached.load(std::memory_order_acquire))
    return SMCP_SUCCESS;
  SMCP_TRY(make_current(where->primary));
  if (!event) { // held: no command can join the mark before it is closed
    if (last_launch)
      where->launcher()->drain(last_launch);
    SMCP_CU_CALL(cuStreamSynchronize, (stream));
  } else {
    SMCP_TRY(settle_record());
    CUevent recorded_event = event;
    lock.unlock();
    SMCP_CU_CALL(cuEventSynchronize, (recorded_event));
  }
  reached.store(true, std::memory_order_release);
  return SMCP_SUCCESS;
}

smcp_result launch_outcome(const event_record &e) {
  if (!e.launch)
    return SMCP_SUCCESS;
  launch_thread &t = *e.where->launcher();
  t.drain(e.launch);
  if (const CUresult r = CUresult(t.failure_of(e.launch)))
    return fail(to_result(r), "cuLaunchKernel", r,
                "the launch failed when the device's launch thread issued it");
  return SMCP_SUCCESS;
}

smcp_result done_event(event_record &e, CUevent &out) {
  if (e.done) {
    out = e.done;
    return SMCP_SUCCESS;
  }
  return e.mark->recorded(out);
}

event_record::~event_record() {
  if (start)
    where->events.give_back(event_pool::timing, start);
  if (done)
    where->events.give_back(kind, done);
}

static void remember_complete(event_record &e) {
  if (e.mark)
    e.mark->reached.store(true, std::memory_order_release);
}

smcp_result event_wait(uint32_t num_events, const smcp_event *events) {
  for (uint32_t i = 0; i < num_events; ++i) {
    event_record &e = to_record(events[i]);
    SMCP_TRY(launch_outcome(e));
    if (known_complete(e))
      continue;
    if (e.mark) {
      SMCP_TRY(e.mark->wait());
      continue;
    }
    CUevent done;
    SMCP_TRY(done_event(e, done));
    SMCP_TRY(make_current(e.where->primary));
    SMCP_CU_CALL(cuEventSynchronize, (done));
    remember_complete(e);
  }
  return SMCP_SUCCESS;
}

smcp_result event_get_status(smcp_event event, smcp_event_status *out) {
  event_record &e = to_record(event);
  *out = SMCP_EVENT_SUBMITTED;
  // A query never waits: a launch still in the launch thread's ring has not
  // even reached the driver.
  if (e.launch && !e.where->launcher()->issued(e.launch))
    return SMCP_SUCCESS;
  SMCP_TRY(launch_outcome(e));
  bool done = known_complete(e);
  if (!done && e.mark)
    SMCP_TRY(e.mark->poll(done));
  if (done) {
    *out = SMCP_EVENT_COMPLETE;
    return SMCP_SUCCESS;
  }
  if (e.mark)
    return SMCP_SUCCESS;
  // A profiling queue's events: recorded with the command.
  SMCP_TRY(make_current(e.where->primary));
  CUresult r = driver.cuEventQuery(e.done);
  if (r == CUDA_SUCCESS) {
    *out = SMCP_EVENT_COMPLETE;
    return SMCP_SUCCESS;
  }
  if (r != CUDA_ERROR_NOT_READY) {
    check(r, "cuEventQuery", __FILE__, __LINE__);
    return to_result(r);
  }
  // Not done. Only a profiling queue's start event tells whether it began.
  if (e.start && driver.cuEventQuery(e.start) == CUDA_SUCCESS)
    *out = SMCP_EVENT_RUNNING;
  return SMCP_SUCCESS;
}

smcp_result event_release(smcp_event event) {
  delete &to_record(event);
  return SMCP_SUCCESS;
}

smcp_result enqueue_marker(smcp_queue queue, uint32_t num_wait, const smcp_event *wait,
                           smcp_event_purpose, smcp_event *out) {
  command c(queue);
  SMCP_TRY(c.begin(num_wait, wait, out));
  return c.finish(out);
}

smcp_result event_get_profiling(smcp_event event, smcp_profiling_info what, uint64_t *out) {
  const event_record &e = to_record(event);
  if (!e.clock)
    return fail(SMCP_ERROR_UNSUPPORTED, "event_get_profiling", CUDA_SUCCESS,
                "the event's queue was not made with SMCP_QUEUE_PROFILING");
  if (what == SMCP_PROFILING_SUBMIT) {
    *out = e.submit_ns;
    return SMCP_SUCCESS;
  }
  double since_base = 0, duration = 0;
  SMCP_TRY(device_time_ns(e, e.clock->base, e.start, since_base));
  if (what == SMCP_PROFILING_END) // measured from the start: no float rounding of a long base
    SMCP_TRY(device_time_ns(e, e.start, e.done, duration));
  // The device clock is aligned with the host's only to within the latency of
  // the base event, so a start may seem to precede its submission: SYCL
  // promises submit <= start <= end.
  const uint64_t start = std::max(e.submit_ns, e.clock->base_host_ns + uint64_t(since_base));
  *out = start + uint64_t(duration);
  return SMCP_SUCCESS;
}

} // namespace smcp::cuda
