// context.h - CUDA contexts: an smcp_context is one primary context per
// device. What lives in a primary context (queues, events, programs) shares
// ownership of its device_context, so the primary context is released only
// after the last of them, whatever order libsycl releases them in.
#pragma once

#include "common.h"
#include "device.h"
#include "event_pool.h"
#include "launch_thread.h"

#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace smcp::cuda {

struct device_context {
  device_record *device = nullptr;
  CUcontext primary = nullptr; // retained by cuDevicePrimaryCtxRetain
  event_pool events;
  /// Ends the launch thread, destroys the pooled events and releases the
  /// primary context.
  ~device_context();
  /// The thread that makes this device's launches in this context, started
  /// on first use; null when launches stay on the calling thread.
  launch_thread *launcher();

private:
  std::once_flag _launcher_once;
  std::unique_ptr<launch_thread> _launcher;
};

using device_context_ref = std::shared_ptr<device_context>;

struct context_record {
  std::vector<device_context_ref> devices;
  /// Ordered pairs (from, to) of its devices whose peer access is enabled:
  /// `from`'s primary context reaches `to`'s memory (peer.cpp).
  std::vector<std::pair<const device_record *, const device_record *>> peers;
};

inline context_record &to_record(smcp_context c) {
  return *reinterpret_cast<context_record *>(c);
}

/// The context's share of device, its primary context made current on the
/// calling thread; a device the context lacks is INVALID_ARGUMENT for entry.
smcp_result enter(smcp_context context, smcp_device device, const char *entry,
                  device_context_ref &out);

/// Enables peer access between every two of the context's devices that
/// allow it (cuDeviceCanAccessPeer), both ways, and lists them in peers.
smcp_result enable_peer_access(context_record &context);

} // namespace smcp::cuda
