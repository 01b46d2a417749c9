// queue.cpp - queues: an immediate command list each, and what every enqueue
// does around its append (command).
#include "queue.h"

#include "entry_points.h"

namespace smcp::level_zero {

queue_record::~queue_record() {
  if (list)
    SMCP_ZE_CHECK(zeCommandListDestroy, (list));
}

event_record::~event_record() {
  if (handle)
    pool->give_back(handle, appended);
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

smcp_result queue_finish(smcp_queue queue) {
  queue_record &q = to_record(queue);
  event_record done;
  done.context = q.context;
  done.pool = &q.context->host_events;
  SMCP_TRY(done.pool->take(q.context->handle, q.context->device_handles, done.handle));
  {
    // A barrier waits for everything appended before it.
    std::lock_guard<std::mutex> lock(q.mutex);
    SMCP_ZE_CALL(zeCommandListAppendBarrier, (q.list, done.handle, 0, nullptr));
  }
  done.appended = true;
  SMCP_ZE_CALL(zeEventHostSynchronize, (done.handle, UINT64_MAX));
  return SMCP_SUCCESS;
}

smcp_result queue_flush(smcp_queue) {
  return SMCP_SUCCESS; // an immediate command list submits as it is appended to
}

command::command(smcp_queue queue, uint32_t num_wait, const smcp_event *wait)
    : _queue(to_record(queue)) {
  _wait.reserve(num_wait);
  for (uint32_t i = 0; i < num_wait; ++i)
    _wait.push_back(to_record(wait[i]).handle);
}

smcp_result command::begin(const smcp_event *out) {
  if (out) {
    _event = std::make_unique<event_record>();
    _event->context = _queue.context;
    _event->device = _queue.device;
    _event->profiling = _queue.profiling;
    _event->pool = _queue.profiling ? &_queue.context->timestamp_events
                                    : &_queue.context->host_events;
    SMCP_TRY(_event->pool->take(_queue.context->handle, _queue.context->device_handles,
                                _event->handle));
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

smcp_result command::finish(smcp_event *out) {
  _lock.unlock();
  if (!out)
    return SMCP_SUCCESS;
  _event->appended = true;
  *out = reinterpret_cast<smcp_event>(_event.release());
  return SMCP_SUCCESS;
}

} // namespace smcp::level_zero
