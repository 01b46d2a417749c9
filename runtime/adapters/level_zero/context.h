// context.h - Level Zero contexts. What lives in a context (queues, events,
// programs) shares ownership of its context_record, so the ze context is
// destroyed only after the last of them, whatever order libsycl releases
// them in.
#pragma once

#include "device.h"
#include "event_pool.h"

#include <memory>
#include <vector>

namespace smcp::level_zero {

struct context_record {
  ze_context_handle_t handle = nullptr;
  std::vector<device_record *> devices;
  std::vector<ze_device_handle_t> device_handles;
  // Every event libsycl asks for may be waited for by the host (event_wait
  // takes any event), so all are host-visible (event_pool.h); a command
  // nobody waits for gets no event at all. Profiling queues' events carry
  // kernel timestamps.
  event_pool host_events{false};
  event_pool timestamp_events{true};
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
