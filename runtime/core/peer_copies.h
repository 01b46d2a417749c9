// peer_copies.h - which devices of a context copy each other's memory
// without the host (several GPUs of one host), asked of the adapter once per
// context, and the copy itself.
#pragma once

#include "adapter.h"
#include "event_impl.h"

#include <memory>
#include <utility>
#include <vector>

namespace sycl::detail {

class device_impl;
class queue_impl;

class peer_copies {
public:
  /// Asks the adapter about every ordered pair of the devices (none for one).
  peer_copies(const smcp::rt::adapter &adapter, smcp_context context,
              const std::vector<std::shared_ptr<device_impl>> &devices);
  /// Whether data moves from `from`'s memory to `to`'s by a peer copy;
  /// otherwise it goes through the host.
  bool direct(const device_impl &from, const device_impl &to) const;

private:
  std::vector<std::pair<const device_impl *, const device_impl *>> _direct;
};

/// Enqueues on q, after deps, the copy of `bytes` from src (memory of
/// src_device) to dst (of dst_device): two devices of q's context that
/// peer_copies::direct allows.
smcp_event enqueue_peer_copy(queue_impl &q, void *dst, const device_impl &dst_device,
                             const void *src, const device_impl &src_device, size_t bytes,
                             const dep_list &deps, smcp_event_purpose purpose);

} // namespace sycl::detail
