// queue.h - queues and events of the CUDA adapter.
//
// An in-order queue is one stream. An out-of-order queue is a few streams
// used in turn, so that commands without dependencies overlap; wait lists
// become cuStreamWaitEvent. An event is the CUevent recorded after its
// command (and, on profiling queues, one recorded before it).
#pragma once

#include "context.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <vector>

namespace smcp::cuda {

/// The host clock of profiling timestamps (ns).
inline uint64_t host_clock_ns() {
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count());
}

/// A profiling queue's time base: an event recorded at queue creation and
/// the host clock then. A command's device timestamps are the host time of
/// the base plus the device time elapsed since it. Shared with the queue's
/// events, which may outlive the queue.
struct profiling_clock {
  device_context_ref where;
  CUevent base = nullptr;
  uint64_t base_host_ns = 0;
  ~profiling_clock();
};

struct queue_record {
  device_context_ref where;
  std::vector<CUstream> streams; // one for an in-order queue
  std::atomic<uint32_t> next_stream{0};
  std::shared_ptr<profiling_clock> clock; // profiling queues only
  /// Destroys the streams (libsycl finishes a queue before releasing it).
  ~queue_record();

  /// The stream a command goes to. On an out-of-order queue: the stream of
  /// the last event it waits for when that is one of this queue's (the
  /// command could not overlap it anyway), otherwise the next one in turn.
  CUstream pick_stream(uint32_t num_wait, const smcp_event *wait);
};

inline queue_record &to_record(smcp_queue q) { return *reinterpret_cast<queue_record *>(q); }

struct event_record {
  device_context_ref where;      // whose pool the CUevents go back to
  event_pool::kind kind = event_pool::no_timing;
  CUevent done = nullptr;        // recorded after the command
  CUevent start = nullptr;       // profiling queues: recorded before it
  CUstream stream = nullptr;     // where they were recorded
  std::shared_ptr<profiling_clock> clock;
  uint64_t submit_ns = 0;
  ~event_record();
};

inline event_record &to_record(smcp_event e) { return *reinterpret_cast<event_record *>(e); }

/// One enqueue: picks its stream, makes the context current, applies the
/// wait list and, when the caller wants an event, takes the timestamps.
///   command c(queue);
///   SMCP_TRY(c.begin(num_wait, wait, out));
///   SMCP_CU_CALL(cuMemcpyAsync, (..., c.stream()));
///   return c.finish(out);
class command {
public:
  explicit command(smcp_queue queue) : _queue(to_record(queue)) {}
  smcp_result begin(uint32_t num_wait, const smcp_event *wait, const smcp_event *out);
  CUstream stream() const { return _stream; }
  /// Records the command's event into *out; nothing at all when out is NULL.
  smcp_result finish(smcp_event *out);

private:
  queue_record &_queue;
  CUstream _stream = nullptr;
  std::unique_ptr<event_record> _event; // made by begin when an event is wanted
};

} // namespace smcp::cuda
