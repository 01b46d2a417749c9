// memory_commands.cpp - copies, fills and rectangular copies: Level Zero
// copies between any host and USM addresses, so one append serves every
// direction.
#include "queue.h"

#include "entry_points.h"

namespace smcp::level_zero {

smcp_result enqueue_memcpy(smcp_queue queue, void *dst, const void *src, size_t size,
                           uint32_t num_wait, const smcp_event *wait, smcp_event_purpose purpose,
                           smcp_event *out) {
  command c(queue, num_wait, wait);
  SMCP_TRY(c.begin(out, purpose));
  if (size > 0)
    SMCP_ZE_CALL(zeCommandListAppendMemoryCopy,
                 (c.list(), dst, src, size, c.signal(), c.num_wait(), c.wait()));
  else // nothing to copy, but the event and the wait list still count
    SMCP_ZE_CALL(zeCommandListAppendBarrier, (c.list(), c.signal(), c.num_wait(), c.wait()));
  return c.finish(out);
}

// Devices of one context that zeDeviceCanAccessPeer says reach each other's
// memory (a GPU's tiles, linked GPUs): one append copies between them.
smcp_result peer_copy_supported(smcp_context, smcp_device src, smcp_device dst, uint32_t *out) {
  ze_bool_t can = src == dst;
  if (!can)
    SMCP_ZE_CALL(zeDeviceCanAccessPeer, (to_record(src).handle, to_record(dst).handle, &can));
  *out = can ? 1 : 0;
  return SMCP_SUCCESS;
}

smcp_result enqueue_memcpy_peer(smcp_queue queue, void *dst, smcp_device, const void *src,
                                smcp_device, size_t size, uint32_t num_wait,
                                const smcp_event *wait, smcp_event_purpose purpose,
                                smcp_event *out) {
  return enqueue_memcpy(queue, dst, src, size, num_wait, wait, purpose, out);
}

smcp_result enqueue_fill(smcp_queue queue, void *ptr, const void *pattern, size_t pattern_size,
                         size_t size, uint32_t num_wait, const smcp_event *wait,
                         smcp_event_purpose purpose, smcp_event *out) {
  if (pattern_size == 0 || (pattern_size & (pattern_size - 1)) != 0 ||
      pattern_size > to_record(queue).device->max_fill_pattern)
    return fail(SMCP_ERROR_UNSUPPORTED, "enqueue_fill", ZE_RESULT_SUCCESS,
                "fill patterns of " + std::to_string(pattern_size) +
                    " bytes (the device fills powers of two up to " +
                    std::to_string(to_record(queue).device->max_fill_pattern) + ")");
  if (size % pattern_size != 0)
    return fail(SMCP_ERROR_INVALID_ARGUMENT, "enqueue_fill", ZE_RESULT_SUCCESS,
                std::to_string(size) + " bytes are not a whole number of " +
                    std::to_string(pattern_size) + "-byte patterns");
  command c(queue, num_wait, wait);
  SMCP_TRY(c.begin(out, purpose));
  if (size > 0)
    SMCP_ZE_CALL(zeCommandListAppendMemoryFill, (c.list(), ptr, pattern, pattern_size, size,
                                                 c.signal(), c.num_wait(), c.wait()));
  else
    SMCP_ZE_CALL(zeCommandListAppendBarrier, (c.list(), c.signal(), c.num_wait(), c.wait()));
  return c.finish(out);
}

smcp_result enqueue_memcpy_rect(smcp_queue queue, const smcp_rect_copy *copy, uint32_t num_wait,
                                const smcp_event *wait, smcp_event_purpose purpose,
                                smcp_event *out) {
  const smcp_rect_copy &r = *copy;
  const auto to_u32 = [](size_t v) { return static_cast<uint32_t>(v); };
  ze_copy_region_t region{};
  region.width = to_u32(r.region[0]);
  region.height = to_u32(r.region[1]);
  region.depth = to_u32(r.region[2]);
  if (region.width != r.region[0] || region.height != r.region[1] ||
      region.depth != r.region[2] || r.dst_pitch[0] > UINT32_MAX || r.src_pitch[0] > UINT32_MAX ||
      r.dst_pitch[1] > UINT32_MAX || r.src_pitch[1] > UINT32_MAX)
    return fail(SMCP_ERROR_UNSUPPORTED, "enqueue_memcpy_rect", ZE_RESULT_SUCCESS,
                "a region or pitch beyond 32 bits (ze_copy_region_t)");
  command c(queue, num_wait, wait);
  SMCP_TRY(c.begin(out, purpose));
  if (region.width && region.height && region.depth)
    SMCP_ZE_CALL(zeCommandListAppendMemoryCopyRegion,
                 (c.list(), r.dst, &region, to_u32(r.dst_pitch[0]), to_u32(r.dst_pitch[1]),
                  r.src, &region, to_u32(r.src_pitch[0]), to_u32(r.src_pitch[1]), c.signal(),
                  c.num_wait(), c.wait()));
  else
    SMCP_ZE_CALL(zeCommandListAppendBarrier, (c.list(), c.signal(), c.num_wait(), c.wait()));
  return c.finish(out);
}

} // namespace smcp::level_zero
