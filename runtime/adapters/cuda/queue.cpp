// queue.cpp - queues: one stream in order, a few streams out of order.
#include "queue.h"

#include <algorithm>

#include "entry_points.h"

namespace smcp::cuda {
namespace {

// Enough streams for independent commands to overlap on the device without
// spreading a queue's work thinner than the hardware's queues.
constexpr size_t out_of_order_streams = 4;

smcp_result start_clock(queue_record &q) {
  auto clock = std::make_shared<profiling_clock>();
  clock->where = q.where;
  SMCP_TRY(q.where->events.take(event_pool::timing, clock->base));
  SMCP_CU_CALL(cuEventRecord, (clock->base, q.streams[0]));
  clock->base_host_ns = host_clock_ns();
  q.clock = std::move(clock);
  return SMCP_SUCCESS;
}

} // namespace

queue_record::~queue_record() {
  drain_launches();
  if (streams.empty() || make_current(where->primary) != SMCP_SUCCESS)
    return;
  // Events of this queue may outlive it: their marks need CUevents before
  // the streams go (all done by now, so recording them waits for nothing).
  for (const auto &mark : _marks) {
    CUevent unused;
    if (mark)
      mark->recorded(unused);
  }
  for (CUstream s : streams)
    SMCP_CU_CHECK(cuStreamDestroy, (s));
}

void queue_record::drain_launches() {
  if (const uint64_t last = last_launch.load(std::memory_order_acquire))
    where->launcher()->drain(last);
}

bool queue_record::waited_for_all() {
  std::lock_guard<std::mutex> lock(_marks_mutex);
  return std::all_of(_marks.begin(), _marks.end(), [](const std::shared_ptr<stream_mark> &m) {
    return !m || m->reached.load(std::memory_order_acquire);
  });
}

std::shared_ptr<stream_mark> queue_record::open_mark(CUstream stream, uint64_t launch) {
  const size_t index = size_t(std::find(streams.begin(), streams.end(), stream) - streams.begin());
  std::lock_guard<std::mutex> lock(_marks_mutex);
  if (_marks.size() < streams.size())
    _marks.resize(streams.size());
  std::shared_ptr<stream_mark> &mark = _marks[index];
  if (mark) {
    std::lock_guard<std::mutex> recording(mark->mutex);
    if (!mark->event && !mark->reached.load(std::memory_order_acquire)) {
      mark->last_launch = std::max(mark->last_launch, launch);
      return mark;
    }
  }
  mark = std::make_shared<stream_mark>();
  mark->where = where;
  mark->stream = stream;
  mark->last_launch = launch;
  return mark;
}

profiling_clock::~profiling_clock() {
  if (base)
    where->events.give_back(event_pool::timing, base);
}

smcp_result queue_create(smcp_context context, smcp_device device, uint32_t flags,
                         smcp_queue *out) {
  auto q = std::make_unique<queue_record>();
  SMCP_TRY(enter(context, device, "queue_create", q->where));
  const size_t n = (flags & SMCP_QUEUE_IN_ORDER) ? 1 : out_of_order_streams;
  for (size_t i = 0; i < n; ++i) {
    CUstream s = nullptr;
    // Non-blocking: the legacy default stream (other libraries' work) must
    // not serialise with the queue.
    SMCP_CU_CALL(cuStreamCreate, (&s, CU_STREAM_NON_BLOCKING));
    q->streams.push_back(s);
  }
  if (flags & SMCP_QUEUE_PROFILING)
    SMCP_TRY(start_clock(*q));
  *out = reinterpret_cast<smcp_queue>(q.release());
  return SMCP_SUCCESS;
}

smcp_result queue_release(smcp_queue queue) {
  delete &to_record(queue);
  return SMCP_SUCCESS;
}

smcp_result queue_finish(smcp_queue queue) {
  queue_record &q = to_record(queue);
  q.drain_launches();
  SMCP_TRY(make_current(q.where->primary));
  for (CUstream s : q.streams)
    SMCP_CU_CALL(cuStreamSynchronize, (s));
  return SMCP_SUCCESS;
}

smcp_result queue_flush(smcp_queue) {
  return SMCP_SUCCESS; // streams start their work as it is enqueued
}

} // namespace smcp::cuda
