// command.cpp - what every enqueue does around its driver call: stream, wait
// list, timestamps and the event.
#include "queue.h"

namespace smcp::cuda {

CUstream queue_record::pick_stream(uint32_t num_wait, const smcp_event *wait) {
  if (streams.size() == 1)
    return streams[0];
  if (num_wait > 0)
    for (CUstream s : streams)
      if (to_record(wait[num_wait - 1]).stream == s)
        return s;
  return streams[next_stream.fetch_add(1, std::memory_order_relaxed) % streams.size()];
}

smcp_result command::begin(uint32_t num_wait, const smcp_event *wait, const smcp_event *out,
                           bool handed_over) {
  _stream = _queue.pick_stream(num_wait, wait);
  bool drained = !handed_over;
  if (drained)
    _queue.drain_launches();
  SMCP_TRY(make_current(_queue.where->primary));
  for (uint32_t i = 0; i < num_wait; ++i) {
    event_record &e = to_record(wait[i]);
    if (e.stream == _stream || known_complete(e)) // a stream runs its commands in order
      continue;
    if (!drained) { // the wait goes after the stream's earlier launches
      _queue.drain_launches();
      drained = true;
    }
    CUevent done;
    SMCP_TRY(done_event(e, done));
    SMCP_TRY(make_current(_queue.where->primary));
    SMCP_CU_CALL(cuStreamWaitEvent, (_stream, done, 0));
  }
  // An event without timestamps is made by finish, after the driver call:
  // host work before a launch adds to a launch + wait, work after it does not.
  if (!out || !_queue.clock)
    return SMCP_SUCCESS;
  _event = new_event();
  // Started once its wait list is done: the start event follows the waits.
  _event->kind = event_pool::timing;
  _event->clock = _queue.clock;
  _event->submit_ns = host_clock_ns();
  SMCP_TRY(_queue.where->events.take(event_pool::timing, _event->start));
  SMCP_CU_CALL(cuEventRecord, (_event->start, _stream));
  return SMCP_SUCCESS;
}

std::unique_ptr<event_record> command::new_event() const {
  auto e = std::make_unique<event_record>();
  e->where = _queue.where;
  e->stream = _stream;
  return e;
}

smcp_result command::finish(smcp_event *out, uint64_t launch) {
  if (!out)
    return SMCP_SUCCESS;
  if (!_event)
    _event = new_event();
  if (_queue.clock) { // timestamps: recorded right after the command
    SMCP_TRY(_queue.where->events.take(_event->kind, _event->done));
    SMCP_CU_CALL(cuEventRecord, (_event->done, _stream));
  } else {
    _event->mark = _queue.open_mark(_stream, launch);
    _event->launch = launch;
  }
  *out = reinterpret_cast<smcp_event>(_event.release());
  return SMCP_SUCCESS;
}

} // namespace smcp::cuda
