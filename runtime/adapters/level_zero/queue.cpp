// queue.cpp - queues: an immediate command list each, and what every enqueue
// does around its append (command).
#include "queue.h"

#include "entry_points.h"

namespace smcp::level_zero {
namespace {

/// How many events a queue keeps for commands without an out event before
/// a barrier lets it see them done (out-of-order queues).
constexpr size_t max_kept_waits = 64;

/// A barrier after everything appended so far, signalling a new event.
smcp_result barrier_locked(queue_record &q, event_ref &out) {
  SMCP_TRY(q.context->host_events.take(q.context->handle, q.context->device_handles, out));
  SMCP_ZE_CALL(zeCommandListAppendBarrier, (q.list, out->handle, 0, nullptr));
  out->signalled = true;
  return SMCP_SUCCESS;
}

/// Waits for everything appended so far; then the events kept for commands
/// without an out event may go.
smcp_result synchronize(queue_record &q) {
  event_ref done;
  std::vector<event_ref> kept;
  {
    std::lock_guard<std::mutex> lock(q.mutex);
    SMCP_TRY(barrier_locked(q, done));
    kept.swap(q.kept_waits);
    q.kept_since_checkpoint = 0;
    done->keep_waits(std::move(kept)); // if the wait fails, until the barrier is done
  }
  SMCP_ZE_CALL(zeEventHostSynchronize, (done->handle, UINT64_MAX));
  done->forget_waits();
  return SMCP_SUCCESS;
}

} // namespace

queue_record::~queue_record() {
  // The commands waiting for the kept events must be done before those go.
  if (!kept_waits.empty())
    synchronize(*this);
  if (list)
    SMCP_ZE_CHECK(zeCommandListDestroy, (list));
}

smcp_result queue_create(smcp_context context, smcp_device device, uint32_t flags,
                         smcp_queue *out) {
  auto q = std::make_unique<queue_record>();
  q->context = to_ref(context);
  SMCP_TRY(check_device(*q->context, device, "queue_create"));
  q->device = &to_record(device);
  q->in_order = flags & SMCP_QUEUE_IN_ORDER;
  q->profiling = flags & SMCP_QUEUE_PROFILING;
  ze_command_queue_desc_t desc{};
  desc.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
  desc.ordinal = q->device->compute_ordinal;
  desc.index = 0;
  desc.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
  desc.priority = ZE_COMMAND_QUEUE_PRIORITY_NORMAL;
  SMCP_ZE_CALL(zeCommandListCreateImmediate,
               (q->context->handle, q->device->handle, &desc, &q->list));
  *out = reinterpret_cast<smcp_queue>(q.release());
  return SMCP_SUCCESS;
}

smcp_result queue_release(smcp_queue queue) {
  delete &to_record(queue);
  return SMCP_SUCCESS;
}

smcp_result queue_finish(smcp_queue queue) { return synchronize(to_record(queue)); }

smcp_result queue_flush(smcp_queue) {
  return SMCP_SUCCESS; // an immediate command list submits as it is appended to
}

command::command(smcp_queue queue, uint32_t num_wait, const smcp_event *wait)
    : _queue(to_record(queue)) {
  _wait.reserve(num_wait);
  _wait_refs.reserve(num_wait);
  for (uint32_t i = 0; i < num_wait; ++i) {
    const event_record &e = to_record(wait[i]);
    _wait.push_back(e.handle());
    // Only this context's events are kept: another's pools may go first
    // (libsycl waits for other contexts' events on the host anyway).
    if (e.context == _queue.context)
      _wait_refs.push_back(e.event);
  }
}

smcp_result command::begin(const smcp_event *out, smcp_event_purpose purpose) {
  if (out) {
    _event = std::make_unique<event_record>();
    _event->context = _queue.context;
    _event->device = _queue.device;
    _event->profiling = _queue.profiling;
    // Profiling reads the event's own timestamps on the host: host-visible.
    event_pool &pool = _queue.profiling                   ? _queue.context->timestamp_events
                       : purpose == SMCP_EVENT_FOR_DEVICE ? _queue.context->device_events
                                                          : _queue.context->host_events;
    SMCP_TRY(pool.take(_queue.context->handle, _queue.context->device_handles, _event->event));
    if (_queue.profiling) {
      uint64_t host = 0;
      SMCP_ZE_CALL(zeDeviceGetGlobalTimestamps, (_queue.device->handle, &host, &_event->submit_ticks));
      _event->submit_ns = host_clock_ns();
    }
  }
  _lock = std::unique_lock<std::mutex>(_queue.mutex);
  // In order: the command starts after everything appended before it.
  if (_queue.in_order && _queue.appended)
    SMCP_ZE_CALL(zeCommandListAppendBarrier, (_queue.list, nullptr, 0, nullptr));
  _queue.appended = true;
  return SMCP_SUCCESS;
}

smcp_result command::keep_on_queue_locked(std::vector<event_ref> events) {
  std::vector<event_ref> &kept = _queue.kept_waits;
  _queue.kept_since_checkpoint += events.size();
  kept.insert(kept.end(), std::make_move_iterator(events.begin()),
              std::make_move_iterator(events.end()));
  // In order, the kept events nest (each out event keeps the ones before):
  // counted since the last barrier, not by the list's length.
  if (_queue.kept_since_checkpoint < max_kept_waits)
    return SMCP_SUCCESS;
  _queue.kept_since_checkpoint = 0;
  // Many kept: a barrier after the commands holds them, and its event, given
  // back at once, keeps them until the barrier is done.
  event_ref checkpoint;
  SMCP_TRY(barrier_locked(_queue, checkpoint));
  checkpoint->keep_waits(std::move(kept));
  kept.clear();
  return SMCP_SUCCESS;
}

smcp_result command::finish(smcp_event *out) {
  std::vector<event_ref> earlier; // let go of outside the lock
  if (!out) {
    const smcp_result r =
        _wait_refs.empty() ? SMCP_SUCCESS : keep_on_queue_locked(std::move(_wait_refs));
    _lock.unlock();
    return r;
  }
  // In order: this command completes after the earlier ones, so its event
  // keeps what they wait for too.
  if (_queue.in_order)
    earlier.swap(_queue.kept_waits);
  pooled_event &e = *_event->event;
  e.signalled = true;
  e.keep_waits(std::move(_wait_refs));
  e.keep_waits(std::move(earlier));
  // A device-only event: the queue keeps it until it sees the command done
  // (the host never asks the driver about it; event_pool.h).
  smcp_result r = SMCP_SUCCESS;
  if (!e.host_visible)
    r = keep_on_queue_locked({_event->event});
  _lock.unlock();
  SMCP_TRY(r); // the queue still keeps the event
  *out = reinterpret_cast<smcp_event>(_event.release());
  return SMCP_SUCCESS;
}

} // namespace smcp::level_zero
