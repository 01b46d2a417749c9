// event_pool.cpp - pools of Level Zero events, refilled 64 at a time, and
// the shared events taken from them.
#include "event_pool.h"

#include "entry_points.h"

namespace smcp::level_zero {
namespace {

constexpr uint32_t events_per_pool = 64;

/// Whether the command that signals `event` is still running; the pool is
/// host-visible, so the host may ask.
bool still_running(ze_event_handle_t event) {
  const ze_result_t r = zeEventQueryStatus(event);
  if (r == ZE_RESULT_NOT_READY)
    return true;
  // A failure (a lost device) is traced and recorded, and the event counts
  // as done: nothing will signal it any more.
  check(r, "zeEventQueryStatus", __FILE__, __LINE__);
  return false;
}

} // namespace

pooled_event::~pooled_event() { pool.give_back(handle, signalled, std::move(_waits)); }

void pooled_event::keep_waits(std::vector<event_ref> waits) {
  std::lock_guard<std::mutex> lock(_mutex);
  if (_waits.empty())
    _waits = std::move(waits);
  else
    _waits.insert(_waits.end(), waits.begin(), waits.end());
}

void pooled_event::forget_waits() {
  std::vector<event_ref> waits;
  {
    std::lock_guard<std::mutex> lock(_mutex);
    waits.swap(_waits);
  }
  settle(std::move(waits));
}

void settle(std::vector<event_ref> events) {
  // A command that is done waited for its wait list, and on an in-order
  // queue for the commands before it: the events it kept are done too.
  for (size_t i = 0; i < events.size(); ++i) {
    pooled_event &e = *events[i];
    e.done.store(true, std::memory_order_release);
    std::vector<event_ref> nested;
    {
      std::lock_guard<std::mutex> lock(e._mutex);
      nested.swap(e._waits);
    }
    for (event_ref &n : nested)
      events.push_back(std::move(n));
  }
  drop_events(std::move(events));
}

void drop_events(std::vector<event_ref> events) {
  // A chain of commands each waiting for the one before would otherwise
  // recurse once per command when its last event goes.
  thread_local std::vector<event_ref> *dropping = nullptr;
  if (dropping) {
    for (event_ref &e : events)
      dropping->push_back(std::move(e));
    return;
  }
  std::vector<event_ref> queue = std::move(events);
  dropping = &queue;
  while (!queue.empty()) {
    event_ref e = std::move(queue.back());
    queue.pop_back();
    e.reset(); // may give back an event whose kept waits land in `queue`
  }
  dropping = nullptr;
}

smcp_result event_pool::refill_locked(ze_context_handle_t context,
                                      const std::vector<ze_device_handle_t> &devices) {
  ze_event_pool_desc_t desc{};
  desc.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC;
  desc.flags = (_host_visible ? ZE_EVENT_POOL_FLAG_HOST_VISIBLE : 0) |
               (_timestamps ? ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP : 0);
  desc.count = events_per_pool;
  ze_event_pool_handle_t pool = nullptr;
  SMCP_ZE_CALL(zeEventPoolCreate,
               (context, &desc, uint32_t(devices.size()),
                const_cast<ze_device_handle_t *>(devices.data()), &pool));
  _pools.push_back(pool);
  for (uint32_t i = 0; i < events_per_pool; ++i) {
    ze_event_desc_t e{};
    e.stype = ZE_STRUCTURE_TYPE_EVENT_DESC;
    e.index = i;
    // Host scope: the signal flushes caches all the way to the host, which
    // may read what the command wrote once it sees the event. A device-only
    // event's signal only needs to reach the device's other commands.
    e.signal = _host_visible ? ZE_EVENT_SCOPE_FLAG_HOST : ZE_EVENT_SCOPE_FLAG_DEVICE;
    e.wait = _host_visible ? ZE_EVENT_SCOPE_FLAG_HOST : ZE_EVENT_SCOPE_FLAG_DEVICE;
    ze_event_handle_t event = nullptr;
    SMCP_ZE_CALL(zeEventCreate, (pool, &e, &event));
    _all.push_back(event);
    _free.push_back(event);
  }
  return SMCP_SUCCESS;
}

smcp_result event_pool::take(ze_context_handle_t context,
                             const std::vector<ze_device_handle_t> &devices, event_ref &out) {
  if (_reclaim_first) {
    // Before growing: the events that keep this pool's may be done.
    bool empty = false;
    {
      std::lock_guard<std::mutex> lock(_mutex);
      empty = _free.empty();
    }
    if (empty)
      _reclaim_first->reclaim();
  }
  std::vector<event_ref> dropped;
  ze_event_handle_t handle = nullptr;
  smcp_result result = SMCP_SUCCESS;
  {
    std::lock_guard<std::mutex> lock(_mutex);
    if (_free.empty())
      reclaim_locked(dropped);
    if (_free.empty())
      result = refill_locked(context, devices);
    if (result == SMCP_SUCCESS) {
      handle = _free.back();
      _free.pop_back();
    }
  }
  settle(std::move(dropped));
  SMCP_TRY(result);
  out = std::make_shared<pooled_event>(*this, handle, _host_visible);
  return SMCP_SUCCESS;
}

void event_pool::reclaim() {
  std::vector<event_ref> dropped;
  {
    std::lock_guard<std::mutex> lock(_mutex);
    reclaim_locked(dropped);
  }
  settle(std::move(dropped));
}

void event_pool::reset_locked(ze_event_handle_t event) {
  // One that cannot be reset is never handed out again (destroy_all still
  // frees it).
  if (SMCP_ZE_CHECK(zeEventHostReset, (event)))
    _free.push_back(event);
}

void event_pool::reclaim_locked(std::vector<event_ref> &dropped) {
  size_t kept = 0;
  for (size_t i = 0; i < _pending.size(); ++i) {
    pending_event &p = _pending[i];
    if (still_running(p.handle)) {
      if (kept != i) // a self-move would empty its waits
        _pending[kept] = std::move(p);
      ++kept;
      continue;
    }
    reset_locked(p.handle);
    for (event_ref &e : p.waits)
      dropped.push_back(std::move(e));
  }
  _pending.erase(_pending.begin() + ptrdiff_t(kept), _pending.end());
}

void event_pool::give_back(ze_event_handle_t event, bool signalled, std::vector<event_ref> waits) {
  // libsycl may release the event of a command nobody waited for while it
  // still runs: its reset, and the events its command waits for, wait
  // until the command is done. A device-only event's command is done when
  // its last reference goes (its queue keeps one until then; event_pool.h).
  {
    std::lock_guard<std::mutex> lock(_mutex);
    if (signalled && _host_visible && still_running(event)) {
      _pending.push_back({event, std::move(waits)});
      return;
    }
    reset_locked(event);
  }
  settle(std::move(waits));
}

size_t event_pool::drop_kept_waits() {
  std::vector<event_ref> dropped;
  {
    std::lock_guard<std::mutex> lock(_mutex);
    for (pending_event &p : _pending)
      for (event_ref &e : p.waits)
        dropped.push_back(std::move(e));
    for (pending_event &p : _pending)
      p.waits.clear();
  }
  const size_t n = dropped.size();
  drop_events(std::move(dropped));
  return n;
}

void event_pool::destroy_all() {
  std::lock_guard<std::mutex> lock(_mutex);
  for (ze_event_handle_t e : _all)
    SMCP_ZE_CHECK(zeEventDestroy, (e));
  for (ze_event_pool_handle_t p : _pools)
    SMCP_ZE_CHECK(zeEventPoolDestroy, (p));
  _all.clear();
  _free.clear();
  _pending.clear();
  _pools.clear();
}

} // namespace smcp::level_zero
