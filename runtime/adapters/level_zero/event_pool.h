// event_pool.h - Level Zero events kept for reuse. An event lives in an event
// pool; creating a pool per command would cost a driver call and memory per
// command, so a context's events come from pools of 64 that are never given
// back, and a released event is reset and put on a free list (UR's v2
// event_pool: burst refills, a free list under one mutex).
#pragma once

#include "common.h"

#include <mutex>
#include <vector>

namespace smcp::level_zero {

class event_pool {
public:
  /// host_visible: the host may wait for or query the events. timestamps:
  /// the events record kernel timestamps (profiling queues).
  event_pool(bool host_visible, bool timestamps)
      : _host_visible(host_visible), _timestamps(timestamps) {}
  event_pool(const event_pool &) = delete;
  event_pool &operator=(const event_pool &) = delete;

  /// An unsignalled event, from the free list or a new pool of the context.
  smcp_result take(ze_context_handle_t context, const std::vector<ze_device_handle_t> &devices,
                   ze_event_handle_t &out);
  /// Keeps a released event for the next take: reset now when its command
  /// is done, otherwise once it is (a reset before would let the command
  /// signal the event's next use).
  /// signalled: a command was appended that signals it (otherwise it is
  /// reset at once).
  void give_back(ze_event_handle_t event, bool signalled);
  /// Destroys every event and pool (the context is about to go).
  void destroy_all();

private:
  smcp_result refill_locked(ze_context_handle_t context,
                            const std::vector<ze_device_handle_t> &devices);
  /// Resets and frees the pending events whose commands are done.
  void reclaim_locked();
  /// Resets event and puts it on the free list (dropped if the reset fails).
  void reset_locked(ze_event_handle_t event);

  const bool _host_visible, _timestamps;
  std::mutex _mutex; // guards everything below
  std::vector<ze_event_pool_handle_t> _pools;
  std::vector<ze_event_handle_t> _all, _free;
  std::vector<ze_event_handle_t> _pending; // released before their command was done
};

} // namespace smcp::level_zero
