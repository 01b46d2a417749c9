// event_pool.h - Level Zero events kept for reuse. An event lives in an event
// pool; creating a pool per command would cost a driver call and memory per
// command, so a context's events come from pools of 64 that are never given
// back, and a released event is reset and put on a free list (UR's v2
// event_pool: burst refills, a free list under one mutex).
//
// An event is shared (event_ref) by the smcp_event libsycl holds and by the
// commands that wait for it: on a GPU a command reads its wait list only
// when it starts, so an event is reset for reuse only once nothing refers
// to it any more and its own command is done. A command's out event keeps
// the events its command waits for until that command is seen done
// (pooled_event::forget_waits), as Unified Runtime's Level Zero adapter
// keeps them.
//
// A pool is host-visible or device-only (smcp_event_purpose). The host never
// asks the driver about a device-only event: the queue that signals one keeps
// it referenced until it sees the command done through a host-visible event
// signalled later (queue.h), so when its last reference goes its command is
// done and it is reset at once; and the host waits for one through a
// host-visible event signalled after it (host_proxy.h). An event is marked
// done when a host-visible event signalled after it is seen done (settle).
#pragma once

#include "common.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

namespace smcp::level_zero {

class event_pool;
struct pooled_event;
using event_ref = std::shared_ptr<pooled_event>;

/// One ze event taken from a pool; it goes back when the last event_ref does.
struct pooled_event {
  pooled_event(event_pool &pool, ze_event_handle_t handle, bool host_visible)
      : pool(pool), handle(handle), host_visible(host_visible) {}
  pooled_event(const pooled_event &) = delete;
  pooled_event &operator=(const pooled_event &) = delete;
  ~pooled_event();

  /// Keeps the events the signalling command waits for (added to any kept).
  void keep_waits(std::vector<event_ref> waits);
  /// Lets them go: the signalling command is seen done, and so are the
  /// commands of the events it kept (marked done, see settle).
  void forget_waits();

  event_pool &pool;
  const ze_event_handle_t handle;
  const bool host_visible; // of a host-visible pool: the host may wait for it
  bool signalled = false;  // a command that signals it was appended
  // Its command is known done: a host-visible event signalled after it was
  // seen done. The host asks no driver about a device-only event that is.
  std::atomic<bool> done{false};

private:
  friend void settle(std::vector<event_ref> events);
  std::mutex _mutex; // guards _waits (libsycl may wait from several threads)
  std::vector<event_ref> _waits;
};

/// Drops references to events without recursing once per event of a chain
/// (each dropped event may let go of the events its command waited for).
void drop_events(std::vector<event_ref> events);
/// Marks events whose commands are known done, and the events they keep,
/// done; then drops them.
void settle(std::vector<event_ref> events);

class event_pool {
public:
  /// timestamps: the events record kernel timestamps (profiling queues);
  /// host_visible: the host may wait for them. reclaim_first: the pool whose
  /// pending events may keep this pool's events (device-only events are kept
  /// by host-visible ones), asked to reclaim before this one grows.
  event_pool(bool timestamps, bool host_visible, event_pool *reclaim_first = nullptr)
      : _timestamps(timestamps), _host_visible(host_visible), _reclaim_first(reclaim_first) {}
  event_pool(const event_pool &) = delete;
  event_pool &operator=(const event_pool &) = delete;

  /// An unsignalled event, from the free list or a new pool of the context.
  smcp_result take(ze_context_handle_t context, const std::vector<ze_device_handle_t> &devices,
                   event_ref &out);
  /// Resets the pending events whose commands are done, letting go of what
  /// they keep.
  void reclaim();
  /// Lets go of the events that pending ones keep (the context is going);
  /// returns how many there were.
  size_t drop_kept_waits();
  /// Destroys every event and pool (the context is about to go).
  void destroy_all();

private:
  friend struct pooled_event;
  struct pending_event {
    ze_event_handle_t handle;
    std::vector<event_ref> waits; // kept until its command is done
  };
  /// Keeps an event nothing refers to for the next take: reset now when its
  /// command is done (or was never appended), otherwise once it is.
  void give_back(ze_event_handle_t event, bool signalled, std::vector<event_ref> waits);
  smcp_result refill_locked(ze_context_handle_t context,
                            const std::vector<ze_device_handle_t> &devices);
  /// Resets and frees the pending events whose commands are done; what they
  /// kept goes to `dropped`, to be let go of outside the lock.
  void reclaim_locked(std::vector<event_ref> &dropped);
  /// Resets event and puts it on the free list (dropped if the reset fails).
  void reset_locked(ze_event_handle_t event);

  const bool _timestamps, _host_visible;
  event_pool *const _reclaim_first;
  std::mutex _mutex; // guards everything below
  std::vector<ze_event_pool_handle_t> _pools;
  std::vector<ze_event_handle_t> _all, _free;
  std::vector<pending_event> _pending; // released before their command was done
};

} // namespace smcp::level_zero
