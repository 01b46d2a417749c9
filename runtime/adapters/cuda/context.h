// context.h - CUDA contexts: an smcp_context is one primary context per
// device. What lives in a primary context (queues, events, programs) shares
// ownership of its device_context, so the primary context is released only
// after the last of them, whatever order libsycl releases them in.
#pragma once

#include "common.h"
#include "device.h"
#include "event_pool.h"

#include <memory>
#include <vector>

namespace smcp::cuda {

struct device_context {
  device_record *device = nullptr;
  CUcontext primary = nullptr; // retained by cuDevicePrimaryCtxRetain
  event_pool events;
  /// Destroys the pooled events and releases the primary context.
  ~device_context();
};

using device_context_ref = std::shared_ptr<device_context>;

struct context_record {
  std::vector<device_context_ref> devices;
  /// The context's share of device (one of its devices); null if not one.
  device_context_ref on(smcp_device device) const;
};

inline context_record &to_record(smcp_context c) {
  return *reinterpret_cast<context_record *>(c);
}

} // namespace smcp::cuda
