// memory_commands.cpp - copies and fills. Unified addressing lets the driver
// tell host from device memory by the address, so one copy call serves every
// direction.
#include "queue.h"

#include "entry_points.h"

#include <cstring>

namespace smcp::cuda {
namespace {

CUdeviceptr address(const void *p) { return reinterpret_cast<CUdeviceptr>(p); }

/// How a 3-D copy names one side: memory the driver knows (device, pinned
/// host, managed) by its address; other host memory (pageable, which the
/// driver does not know) as host memory.
void describe(const void *p, CUmemorytype &type, CUdeviceptr &device, const void *&host) {
  unsigned int kind = 0;
  if (driver.cuPointerGetAttribute(&kind, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, address(p)) ==
      CUDA_SUCCESS) {
    type = CU_MEMORYTYPE_UNIFIED;
    device = address(p);
  } else {
    type = CU_MEMORYTYPE_HOST;
    host = p;
  }
}

/// A 3-D copy whose slice pitches are whole rows; otherwise one per slice.
smcp_result copy_slices(const command &c, const smcp_rect_copy &r) {
  const bool whole_rows = r.src_pitch[0] && r.dst_pitch[0] &&
                          r.src_pitch[1] % r.src_pitch[0] == 0 &&
                          r.dst_pitch[1] % r.dst_pitch[0] == 0;
  const size_t calls = whole_rows ? 1 : r.region[2];
  for (size_t z = 0; z < calls; ++z) {
    const auto *src = static_cast<const char *>(r.src) + z * r.src_pitch[1];
    auto *dst = static_cast<char *>(r.dst) + z * r.dst_pitch[1];
    CUDA_MEMCPY3D p{};
    const void *dst_host = nullptr;
    describe(src, p.srcMemoryType, p.srcDevice, p.srcHost);
    describe(dst, p.dstMemoryType, p.dstDevice, dst_host);
    p.dstHost = const_cast<void *>(dst_host);
    p.srcPitch = r.src_pitch[0];
    p.dstPitch = r.dst_pitch[0];
    p.srcHeight = whole_rows ? r.src_pitch[1] / r.src_pitch[0] : r.region[1];
    p.dstHeight = whole_rows ? r.dst_pitch[1] / r.dst_pitch[0] : r.region[1];
    p.WidthInBytes = r.region[0];
    p.Height = r.region[1];
    p.Depth = whole_rows ? r.region[2] : 1;
    SMCP_CU_CALL(cuMemcpy3DAsync, (&p, c.stream()));
  }
  return SMCP_SUCCESS;
}

} // namespace

smcp_result enqueue_memcpy(smcp_queue queue, void *dst, const void *src, size_t size,
                           uint32_t num_wait, const smcp_event *wait, smcp_event_purpose,
                           smcp_event *out) {
  command c(queue);
  SMCP_TRY(c.begin(num_wait, wait, out));
  if (size > 0)
    SMCP_CU_CALL(cuMemcpyAsync, (address(dst), address(src), size, c.stream()));
  return c.finish(out);
}

smcp_result enqueue_fill(smcp_queue queue, void *ptr, const void *pattern, size_t pattern_size,
                         size_t size, uint32_t num_wait, const smcp_event *wait, smcp_event_purpose,
                         smcp_event *out) {
  if (pattern_size != 1 && pattern_size != 2 && pattern_size != 4)
    return fail(SMCP_ERROR_UNSUPPORTED, "enqueue_fill", CUDA_SUCCESS,
                "fill patterns of " + std::to_string(pattern_size) +
                    " bytes (cuMemsetD8/D16/D32 take 1, 2 or 4)");
  if (size % pattern_size != 0)
    return fail(SMCP_ERROR_INVALID_ARGUMENT, "enqueue_fill", CUDA_SUCCESS,
                std::to_string(size) + " bytes are not a whole number of " +
                    std::to_string(pattern_size) + "-byte patterns");
  command c(queue);
  SMCP_TRY(c.begin(num_wait, wait, out));
  const size_t count = size / pattern_size;
  if (count > 0) {
    if (pattern_size == 1) {
      unsigned char v;
      std::memcpy(&v, pattern, 1);
      SMCP_CU_CALL(cuMemsetD8Async, (address(ptr), v, count, c.stream()));
    } else if (pattern_size == 2) {
      unsigned short v;
      std::memcpy(&v, pattern, 2);
      SMCP_CU_CALL(cuMemsetD16Async, (address(ptr), v, count, c.stream()));
    } else {
      unsigned int v;
      std::memcpy(&v, pattern, 4);
      SMCP_CU_CALL(cuMemsetD32Async, (address(ptr), v, count, c.stream()));
    }
  }
  return c.finish(out);
}

smcp_result enqueue_memcpy_rect(smcp_queue queue, const smcp_rect_copy *copy, uint32_t num_wait,
                                const smcp_event *wait, smcp_event_purpose, smcp_event *out) {
  command c(queue);
  SMCP_TRY(c.begin(num_wait, wait, out));
  if (copy->region[0] && copy->region[1] && copy->region[2])
    SMCP_TRY(copy_slices(c, *copy));
  return c.finish(out);
}

} // namespace smcp::cuda
