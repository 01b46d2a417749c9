// peer_copies.cpp - the adapter's answer per pair of devices, and the copy.
#include "peer_copies.h"

#include "context_impl.h"
#include "queue_impl.h"
#include "scheduler.h"

#include <algorithm>

namespace sycl::detail {

peer_copies::peer_copies(const smcp::rt::adapter &adapter, smcp_context context,
                         const std::vector<std::shared_ptr<device_impl>> &devices) {
  if (!adapter.table().peer_copy_supported || !adapter.table().enqueue_memcpy_peer)
    return; // an adapter without peer copies: every pair goes through the host
  for (const auto &from : devices)
    for (const auto &to : devices) {
      if (from == to)
        continue;
      uint32_t yes = 0;
      // A failed answer is a "no": the host path always works.
      if (adapter.try_call("peer_copy_supported", adapter.table().peer_copy_supported, context,
                           from->handle(), to->handle(), &yes) == SMCP_SUCCESS &&
          yes)
        _direct.emplace_back(from.get(), to.get());
    }
}

bool peer_copies::direct(const device_impl &from, const device_impl &to) const {
  return std::find(_direct.begin(), _direct.end(), std::make_pair(&from, &to)) != _direct.end();
}

smcp_event enqueue_peer_copy(queue_impl &q, void *dst, const device_impl &dst_device,
                             const void *src, const device_impl &src_device, size_t bytes,
                             const dep_list &deps, smcp_event_purpose purpose) {
  auto wait = scheduler::get().native_wait_list(q.context().get(), deps);
  smcp_event out = nullptr;
  SMCP_ADAPTER_CALL(q.context()->adapter(), enqueue_memcpy_peer, q.handle(), dst,
                    dst_device.handle(), src, src_device.handle(), bytes, uint32_t(wait.size()),
                    wait.data(), purpose, &out);
  return out;
}

} // namespace sycl::detail
