// queue.h - queues and events of the CUDA adapter.
//
// An in-order queue is one stream. An out-of-order queue is a few streams
// used in turn, so that commands without dependencies overlap; wait lists
// become cuStreamWaitEvent. An event is a CUevent that follows its command:
// on profiling queues recorded at once (with one before the command), on the
// others only when something needs it (stream_mark), since a cuEventRecord
// per command costs about what the launch does.
#pragma once

#include "context.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
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

/// The commands a stream received since its last recorded mark share one
/// CUevent, recorded after all of them the first time anyone needs it (a
/// host wait, a status query, another stream's wait, interop). Commands
/// nobody waits on thus cost no event; waiting on one of them waits for the
/// stream's later commands of the same mark too, which SYCL allows.
struct stream_mark {
  device_context_ref where;
  CUstream stream = nullptr;
  std::mutex mutex;
  CUevent event = nullptr; // once set, the stream's next commands get a new mark
  /// The event is known to have completed: its other commands' waits and
  /// status queries need no driver call (a queue's wait waits each event).
  std::atomic<bool> reached{false};
  /// The last launch of the mark's commands handed to the launch thread
  /// (launch_thread.h): recording or waiting drains up to it. Under mutex.
  uint64_t last_launch = 0;
  /// The launch thread's item that records `event` (poll), or 0 when the
  /// event was recorded on a calling thread. Under mutex.
  uint64_t record_seq = 0;
  ~stream_mark();
  /// The mark's CUevent, recorded now if it was not yet.
  smcp_result recorded(CUevent &out);
  /// Whether the mark's commands are done, without waiting: while some of
  /// its launches are still in the launch thread's ring, the thread records
  /// the event after them, and the mark is not done yet.
  smcp_result poll(bool &done);
  /// Waits until the mark's commands are done. An open mark (no CUevent yet)
  /// holds its stream's latest commands, so this synchronises the stream
  /// instead of recording an event first (which costs about a launch) and
  /// closes the mark: the stream's later commands get a new one.
  smcp_result wait();

private:
  /// Waits until the launch thread recorded `event` (if it records it).
  smcp_result settle_record();
};

struct queue_record {
  device_context_ref where;
  std::vector<CUstream> streams; // one for an in-order queue
  std::atomic<uint32_t> next_stream{0};
  std::shared_ptr<profiling_clock> clock; // profiling queues only
  /// The queue's last launch handed to the launch thread (0: none yet).
  std::atomic<uint64_t> last_launch{0};
  /// Records the open marks, then destroys the streams (libsycl finishes a
  /// queue before releasing it).
  ~queue_record();

  /// Returns once the launch thread has issued this queue's launches.
  void drain_launches();
  /// Whether the host has waited for everything the queue's streams hold
  /// (or they never held anything): a launch now is a latency-bound one,
  /// made on the calling thread, where a hand-over would only add the trip
  /// between threads to its wait.
  bool waited_for_all();

  /// The mark a command just enqueued on `stream` belongs to: the stream's
  /// open one, or a new one when the open one was recorded (perhaps before
  /// the command). `launch`: the command's launch-thread sequence number,
  /// joined to the mark before anyone can record it (0: none).
  std::shared_ptr<stream_mark> open_mark(CUstream stream, uint64_t launch = 0);

  /// The stream a command goes to. On an out-of-order queue: the stream of
  /// the last event it waits for when that is one of this queue's (the
  /// command could not overlap it anyway), otherwise the next one in turn.
  CUstream pick_stream(uint32_t num_wait, const smcp_event *wait);

private:
  std::mutex _marks_mutex;
  std::vector<std::shared_ptr<stream_mark>> _marks; // by stream index
};

inline queue_record &to_record(smcp_queue q) { return *reinterpret_cast<queue_record *>(q); }

struct event_record {
  device_context_ref where;      // whose pool the CUevents go back to
  event_pool::kind kind = event_pool::no_timing;
  CUevent done = nullptr;        // profiling queues: recorded after the command
  std::shared_ptr<stream_mark> mark; // the others: its CUevent follows the command
  CUevent start = nullptr;       // profiling queues: recorded before it
  CUstream stream = nullptr;     // where they were recorded
  std::shared_ptr<profiling_clock> clock;
  uint64_t submit_ns = 0;
  uint64_t launch = 0; // its launch-thread sequence number (0: not one)
  ~event_record();
};

inline event_record &to_record(smcp_event e) { return *reinterpret_cast<event_record *>(e); }

/// Whether e's mark is known to be complete (never for profiling events).
inline bool known_complete(const event_record &e) {
  return e.mark && e.mark->reached.load(std::memory_order_acquire);
}

/// A CUevent that completes once e's command has: `done`, or its mark's.
smcp_result done_event(event_record &e, CUevent &out);

/// For an event whose command went to the launch thread: waits until the
/// thread issued it, and reports the driver's error if the launch failed.
smcp_result launch_outcome(const event_record &e);

/// One enqueue: picks its stream, makes the context current, applies the
/// wait list and, when the caller wants an event, takes the timestamps.
///   command c(queue);
///   SMCP_TRY(c.begin(num_wait, wait, out));
///   SMCP_CU_CALL(cuMemcpyAsync, (..., c.stream()));
///   return c.finish(out);
/// A command made on the calling thread first drains the queue's launches
/// from the launch thread; a launch handed to it begins with
/// `handed_over` and finishes with its sequence number.
class command {
public:
  explicit command(smcp_queue queue) : _queue(to_record(queue)) {}
  smcp_result begin(uint32_t num_wait, const smcp_event *wait, const smcp_event *out,
                    bool handed_over = false);
  CUstream stream() const { return _stream; }
  bool profiled() const { return bool(_queue.clock); }
  /// Records the command's event into *out; nothing at all when out is NULL.
  smcp_result finish(smcp_event *out, uint64_t launch = 0);

private:
  std::unique_ptr<event_record> new_event() const;

  queue_record &_queue;
  CUstream _stream = nullptr;
  std::unique_ptr<event_record> _event; // made by begin when an event is wanted
};

} // namespace smcp::cuda
