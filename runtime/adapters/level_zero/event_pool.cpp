// event_pool.cpp - pools of Level Zero events, refilled 64 at a time.
#include "event_pool.h"

namespace smcp::level_zero {
namespace {

constexpr uint32_t events_per_pool = 64;

} // namespace

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
    // Host scope only where the host waits: it makes the signal flush caches
    // all the way to the host.
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
                             const std::vector<ze_device_handle_t> &devices,
                             ze_event_handle_t &out) {
  std::lock_guard<std::mutex> lock(_mutex);
  if (_free.empty())
    reclaim_locked();
  if (_free.empty())
    SMCP_TRY(refill_locked(context, devices));
  out = _free.back();
  _free.pop_back();
  return SMCP_SUCCESS;
}

void event_pool::reset_locked(ze_event_handle_t event) {
  // One that cannot be reset is never handed out again (destroy_all still
  // frees it).
  if (SMCP_ZE_CHECK(zeEventHostReset, (event)))
    _free.push_back(event);
}

void event_pool::reclaim_locked() {
  size_t kept = 0;
  for (ze_event_handle_t e : _pending) {
    if (zeEventQueryStatus(e) == ZE_RESULT_NOT_READY)
      _pending[kept++] = e;
    else
      reset_locked(e);
  }
  _pending.resize(kept);
}

void event_pool::give_back(ze_event_handle_t event, bool signalled) {
  // libsycl may release the event of a command nobody waited for while it
  // still runs: its reset waits until the command is done.
  std::lock_guard<std::mutex> lock(_mutex);
  if (signalled && zeEventQueryStatus(event) == ZE_RESULT_NOT_READY)
    _pending.push_back(event);
  else
    reset_locked(event);
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
