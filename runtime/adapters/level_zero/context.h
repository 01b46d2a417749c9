// context.h - Level Zero contexts. What lives in a context (queues, events,
// programs) shares ownership of its context_record, so the ze context is
// destroyed only after the last of them, whatever order libsycl releases
// them in.
#pragma once

#include "device.h"
#include "event_pool.h"

#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace smcp::level_zero {

struct context_record {
  ze_context_handle_t handle = nullptr;
  std::vector<device_record *> devices;
  std::vector<ze_device_handle_t> device_handles;
  // Events for the host to wait for are host-visible; those libsycl asks for
  // SMCP_EVENT_FOR_DEVICE come from device-only pools (event_pool.h), which
  // grow only after the host-visible events that may keep theirs were
  // reclaimed. A command nobody waits for gets no event at all. Profiling
  // queues' events carry kernel timestamps and are host-visible.
  event_pool host_events{false, true};
  event_pool device_events{false, false, &host_events};
  event_pool timestamp_events{true, true};
  // Per device, an immediate command list on which the host's waits for
  // device-only events are barriers (host_proxy.h).
  std::mutex proxy_mutex;
  std::map<ze_device_handle_t, ze_command_list_handle_t> proxy_lists;
  /// Destroys the pooled events and the ze context.
  ~context_record();

  bool has(const device_record &d) const;
};

using context_ref = std::shared_ptr<context_record>;

/// What an smcp_context points to: one owner among queues, events and programs.
struct context_handle {
  context_ref context;
};

inline const context_ref &to_ref(smcp_context c) {
  return reinterpret_cast<context_handle *>(c)->context;
}

/// The context's device, or INVALID_ARGUMENT for entry when it lacks it.
smcp_result check_device(const context_record &c, smcp_device device, const char *entry);

} // namespace smcp::level_zero
