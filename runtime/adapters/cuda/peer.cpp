// peer.cpp - copies between two GPUs of one context. Peer access is enabled
// when the context is made, for every pair the hardware links (NVLink, or
// PCIe where the platform allows it), so that copies and kernels reach the
// other GPU's memory directly; enqueue_memcpy_peer then names both primary
// contexts to cuMemcpyPeerAsync. Pairs without peer access are reported
// unsupported: libsycl stages their copies through the host itself.
#include "queue.h"

#include "entry_points.h"

#include <algorithm>

namespace smcp::cuda {
namespace {

bool peer_functions_bound() {
  return driver.cuDeviceCanAccessPeer && driver.cuCtxEnablePeerAccess && driver.cuMemcpyPeerAsync;
}

/// The context (a device's primary one) a device allocation belongs to.
smcp_result context_of(const void *p, CUcontext &out) {
  SMCP_CU_CALL(cuPointerGetAttribute,
               (&out, CU_POINTER_ATTRIBUTE_CONTEXT, reinterpret_cast<CUdeviceptr>(p)));
  return SMCP_SUCCESS;
}

} // namespace

smcp_result enable_peer_access(context_record &context) {
  if (!peer_functions_bound())
    return SMCP_SUCCESS; // an old driver: every copy between devices goes through the host
  for (const auto &from : context.devices)
    for (const auto &to : context.devices) {
      if (from == to)
        continue;
      int can = 0;
      SMCP_CU_CALL(cuDeviceCanAccessPeer, (&can, from->device->ordinal, to->device->ordinal));
      if (!can)
        continue;
      SMCP_TRY(make_current(from->primary));
      // Primary contexts are the process's: another context may have enabled it already.
      const CUresult r = driver.cuCtxEnablePeerAccess(to->primary, 0);
      if (r != CUDA_SUCCESS && r != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED) {
        check(r, "cuCtxEnablePeerAccess", __FILE__, __LINE__);
        return to_result(r);
      }
      context.peers.emplace_back(from->device, to->device);
    }
  return SMCP_SUCCESS;
}

smcp_result peer_copy_supported(smcp_context context, smcp_device src_device,
                                smcp_device dst_device, uint32_t *out) {
  const auto &peers = to_record(context).peers;
  const auto pair = std::make_pair(static_cast<const device_record *>(&to_record(src_device)),
                                   static_cast<const device_record *>(&to_record(dst_device)));
  *out = src_device == dst_device ||
         std::find(peers.begin(), peers.end(), pair) != peers.end();
  return SMCP_SUCCESS;
}

smcp_result enqueue_memcpy_peer(smcp_queue queue, void *dst, smcp_device, const void *src,
                                smcp_device, size_t size, uint32_t num_wait,
                                const smcp_event *wait, smcp_event_purpose, smcp_event *out) {
  command c(queue);
  SMCP_TRY(c.begin(num_wait, wait, out));
  if (size > 0) {
    CUcontext dst_context = nullptr, src_context = nullptr;
    SMCP_TRY(context_of(dst, dst_context));
    SMCP_TRY(context_of(src, src_context));
    SMCP_CU_CALL(cuMemcpyPeerAsync,
                 (reinterpret_cast<CUdeviceptr>(dst), dst_context,
                  reinterpret_cast<CUdeviceptr>(src), src_context, size, c.stream()));
  }
  return c.finish(out);
}

} // namespace smcp::cuda
