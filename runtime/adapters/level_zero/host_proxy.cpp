// host_proxy.cpp - host-visible stand-ins for device-only events.
#include "host_proxy.h"

#include "entry_points.h"

namespace smcp::level_zero {
namespace {

/// The context's proxy list for the device (proxy_mutex held).
smcp_result proxy_list_locked(context_record &c, const device_record &d,
                              ze_command_list_handle_t &out) {
  auto it = c.proxy_lists.find(d.handle);
  if (it != c.proxy_lists.end()) {
    out = it->second;
    return SMCP_SUCCESS;
  }
  ze_command_queue_desc_t desc{};
  desc.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
  desc.ordinal = d.compute_ordinal;
  desc.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
  desc.priority = ZE_COMMAND_QUEUE_PRIORITY_NORMAL;
  SMCP_ZE_CALL(zeCommandListCreateImmediate, (c.handle, d.handle, &desc, &out));
  c.proxy_lists.emplace(d.handle, out);
  return SMCP_SUCCESS;
}

} // namespace

smcp_result host_proxy(event_record &e, event_ref &out) {
  std::lock_guard<std::mutex> lock(e.proxy_mutex);
  if (!e.host_proxy) {
    context_record &c = *e.context;
    event_ref proxy;
    SMCP_TRY(c.host_events.take(c.handle, c.device_handles, proxy));
    {
      std::lock_guard<std::mutex> lists(c.proxy_mutex); // one appender per list
      ze_command_list_handle_t list = nullptr;
      SMCP_TRY(proxy_list_locked(c, *e.device, list));
      ze_event_handle_t wait = e.handle();
      SMCP_ZE_CALL(zeCommandListAppendBarrier, (list, proxy->handle, 1, &wait));
    }
    proxy->signalled = true;
    proxy->keep_waits({e.event}); // settled (marked done) when the proxy is seen done
    e.host_proxy = std::move(proxy);
  }
  out = e.host_proxy;
  return SMCP_SUCCESS;
}

} // namespace smcp::level_zero
