// queue.h - queues and events of the Level Zero adapter.
//
// A queue is one immediate command list on the device's compute group, and a
// mutex: a command list is appended to by one thread at a time (UR's v2
// lockable<command_list_manager>). Level Zero 1.4 promises no order between
// the commands of a list, so an in-order queue puts a barrier between each
// command and the one before; an out-of-order queue orders commands only by
// their wait lists. An event is taken from the context's pools only when
// libsycl asks for one: host-visible, device-only for SMCP_EVENT_FOR_DEVICE
// (kept by the queue until it sees the command done), with timestamps on
// profiling queues.
#pragma once

#include "context.h"

#include <chrono>
#include <memory>
#include <mutex>
#include <vector>

namespace smcp::level_zero {

/// The host clock of profiling timestamps (ns).
inline uint64_t host_clock_ns() {
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count());
}

struct queue_record {
  context_ref context;
  device_record *device = nullptr;
  bool in_order = false;
  bool profiling = false;

  std::mutex mutex; // guards the command list and the fields below
  ze_command_list_handle_t list = nullptr;
  bool appended = false; // a command was appended since creation
  // The events that commands without an out event wait for, and the
  // device-only events of this queue's commands: kept until those commands
  // are seen done (queue_finish; on an in-order queue, the next command's
  // out event, which completes after them; otherwise a barrier once there
  // are many).
  std::vector<event_ref> kept_waits;
  size_t kept_since_checkpoint = 0; // events kept since the last such barrier

  ~queue_record();
};

inline queue_record &to_record(smcp_queue q) { return *reinterpret_cast<queue_record *>(q); }

struct event_record {
  context_ref context; // whose pools the event goes back to
  event_ref event;     // shared with the later commands that wait for it
  // A device-only event: the host-visible event the host waits for instead
  // (host_proxy.h), made on the first host wait.
  std::mutex proxy_mutex;
  event_ref host_proxy;
  const device_record *device = nullptr;
  bool profiling = false;
  // Profiling: the host clock and the device's timestamp counter when the
  // command was submitted. Kernel timestamps may be as narrow as 32 bits
  // (kernelTimestampValidBits), so they are placed relative to this pair.
  uint64_t submit_ns = 0;
  uint64_t submit_ticks = 0;

  ze_event_handle_t handle() const { return event->handle; }
};

inline event_record &to_record(smcp_event e) { return *reinterpret_cast<event_record *>(e); }

/// One enqueue: its wait list as ze events (kept referenced until the
/// command is seen done), the event it signals (none when the caller wants
/// none) and the queue's lock.
///   command c(queue, num_wait, wait);
///   SMCP_TRY(c.begin(out, purpose)); // takes the event and the lock
///   SMCP_ZE_CALL(zeCommandListAppend..., (c.list(), ..., c.signal(), c.num_wait(), c.wait()));
///   return c.finish(out);
class command {
public:
  command(smcp_queue queue, uint32_t num_wait, const smcp_event *wait);
  /// Takes the event (for `purpose`; none when out is NULL) and the lock.
  smcp_result begin(const smcp_event *out, smcp_event_purpose purpose);
  ze_command_list_handle_t list() const { return _queue.list; }
  ze_event_handle_t signal() const { return _event ? _event->handle() : nullptr; }
  uint32_t num_wait() const { return uint32_t(_wait.size()); }
  ze_event_handle_t *wait() { return _wait.empty() ? nullptr : _wait.data(); }
  /// Hands the command's event to *out (nothing when out is NULL) and keeps
  /// its wait list referenced: on the out event, or on the queue.
  smcp_result finish(smcp_event *out);

private:
  /// Keeps events on the queue until its commands so far are seen done.
  smcp_result keep_on_queue_locked(std::vector<event_ref> events);

  queue_record &_queue;
  std::vector<ze_event_handle_t> _wait;
  std::vector<event_ref> _wait_refs;
  std::unique_ptr<event_record> _event;
  std::unique_lock<std::mutex> _lock;
};

} // namespace smcp::level_zero
