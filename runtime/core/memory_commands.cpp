// memory_commands.cpp - accessor regions and the backend commands over them.
#include "memory_commands.h"

#include "context_impl.h"
#include "device_impl.h"
#include "queue_impl.h"

#include <sycl/detail/memory_base.hpp>

#include <algorithm>
#include <cstring>

namespace sycl::detail {
namespace {

bool is_power_of_two(size_t n) { return n && !(n & (n - 1)); }

/// Rows that follow each other become one row: fewer, larger commands.
memory_region merged(memory_region r) {
  if (r.rows > 1 && r.row_pitch == r.row) {
    r.row *= r.rows;
    r.rows = 1;
    r.row_pitch = r.row;
  }
  if (r.slices > 1 && r.rows == 1 && r.slice_pitch == r.row) {
    r.row *= r.slices;
    r.slices = 1;
  }
  return r;
}

/// The byte offset of the start of row `n` (counting rows across slices).
size_t row_start(const memory_region &r, size_t n) {
  return r.origin + (n / r.rows) * r.slice_pitch + (n % r.rows) * r.row_pitch;
}

/// The purpose of the event of one of `pieces` commands whose events are
/// joined into one for `purpose`: only the joining marker waits for them.
smcp_event_purpose piece_purpose(size_t pieces, smcp_event_purpose purpose) {
  return pieces > 1 ? SMCP_EVENT_FOR_DEVICE : purpose;
}

/// One event for several: a marker after them (they are released).
smcp_event join(queue_impl &q, std::vector<smcp_event> &events, smcp_event_purpose purpose) {
  const auto &a = q.context()->adapter();
  if (events.size() == 1)
    return events.front();
  smcp_event out = nullptr;
  smcp_result r = a.try_call("enqueue_marker", a.table().enqueue_marker, q.handle(),
                             uint32_t(events.size()), events.data(), purpose, &out);
  for (smcp_event e : events)
    a.try_call("event_release", a.table().event_release, e);
  a.check("enqueue_marker", r);
  return out;
}

smcp_event copy_bytes(queue_impl &q, void *dest, const void *src, size_t bytes,
                      const std::vector<smcp_event> &wait, smcp_event_purpose purpose) {
  smcp_event out = nullptr;
  SMCP_ADAPTER_CALL(q.context()->adapter(), enqueue_memcpy, q.handle(), dest, src, bytes,
                    uint32_t(wait.size()), wait.data(), purpose, &out);
  return out;
}

} // namespace

bool memory_region::contiguous() const {
  const memory_region m = merged(*this);
  return m.rows * m.slices == 1;
}

memory_region accessor_region(const access_request &r, size_t buffer_offset) {
  const int d = std::max(r.dims, 1);
  const size_t elem = r.element_size;
  memory_region m;
  size_t linear = 0; // of the accessor's offset, row-major (SYCL's last dimension fastest)
  for (int i = 0; i < d; ++i)
    linear = linear * r.memory_range[i] + r.offset[i];
  m.origin = buffer_offset + linear * elem;
  m.row = r.range[d - 1] * elem;
  m.rows = d >= 2 ? r.range[d - 2] : 1;
  m.slices = d == 3 ? r.range[0] : 1;
  m.row_pitch = r.memory_range[d - 1] * elem;
  m.slice_pitch = d >= 2 ? m.row_pitch * r.memory_range[d - 2] : m.row_pitch;
  return m;
}

memory_region dense_region(const memory_region &like, size_t bytes) {
  memory_region m = like;
  m.origin = 0;
  if (m.bytes() != bytes || m.row == 0) { // another shape: one row
    m.row = bytes;
    m.rows = m.slices = 1;
  }
  m.row_pitch = m.row;
  m.slice_pitch = m.row * m.rows;
  return m;
}

std::vector<copy_piece> copy_pieces(const memory_region &dest_region,
                                    const memory_region &src_region, size_t bytes) {
  const memory_region dest = merged(dest_region), src = merged(src_region);
  std::vector<copy_piece> pieces;
  size_t d_row = 0, d_at = 0, s_row = 0, s_at = 0; // row index and offset within it
  while (bytes > 0) {
    const size_t n = std::min({bytes, dest.row - d_at, src.row - s_at});
    pieces.push_back({row_start(dest, d_row) + d_at, row_start(src, s_row) + s_at, n});
    bytes -= n;
    if ((d_at += n) == dest.row)
      d_at = 0, ++d_row;
    if ((s_at += n) == src.row)
      s_at = 0, ++s_row;
  }
  return pieces;
}

smcp_event enqueue_region_copy(queue_impl &q, char *dest_base, const memory_region &dest,
                               const char *src_base, const memory_region &src, size_t bytes,
                               const std::vector<smcp_event> &wait, smcp_event_purpose purpose) {
  const auto &a = q.context()->adapter();
  const bool same_shape = dest.row == src.row && dest.rows == src.rows &&
                          dest.slices == src.slices && bytes == dest.bytes();
  const auto pieces = copy_pieces(dest, src, bytes);
  if (pieces.size() > 1 && same_shape && a.table().enqueue_memcpy_rect) {
    smcp_rect_copy c{};
    c.dst = dest_base + dest.origin;
    c.src = src_base + src.origin;
    c.region[0] = dest.row;
    c.region[1] = dest.rows;
    c.region[2] = dest.slices;
    c.dst_pitch[0] = dest.row_pitch;
    c.dst_pitch[1] = dest.slice_pitch;
    c.src_pitch[0] = src.row_pitch;
    c.src_pitch[1] = src.slice_pitch;
    smcp_event out = nullptr;
    SMCP_ADAPTER_CALL(a, enqueue_memcpy_rect, q.handle(), &c, uint32_t(wait.size()), wait.data(),
                      purpose, &out);
    return out;
  }
  std::vector<smcp_event> done;
  for (const auto &p : pieces)
    done.push_back(copy_bytes(q, dest_base + p.dest, src_base + p.src, p.bytes, wait,
                              piece_purpose(pieces.size(), purpose)));
  return done.empty() ? q.marker(wait, purpose) : join(q, done, purpose);
}

smcp_event enqueue_pattern_fill(queue_impl &q, void *dest,
                                const std::vector<unsigned char> &pattern, size_t count,
                                const std::vector<smcp_event> &wait, smcp_event_purpose purpose) {
  const auto &a = q.context()->adapter();
  const size_t size = pattern.size(), bytes = size * count;
  if (bytes == 0)
    return q.marker(wait, purpose);
  const uint32_t native_sizes = q.device()->caps().fill_pattern_sizes;
  smcp_event out = nullptr;
  if (is_power_of_two(size) && size < 64 * 1024 && (native_sizes >> __builtin_ctzll(size)) & 1u) {
    SMCP_ADAPTER_CALL(a, enqueue_fill, q.handle(), dest, pattern.data(), size, bytes,
                      uint32_t(wait.size()), wait.data(), purpose, &out);
    return out;
  }
  // Other pattern sizes: copy an expanded pattern and wait, so that the
  // temporary outlives the copy.
  std::vector<unsigned char> expanded(bytes);
  for (size_t i = 0; i < count; ++i)
    std::memcpy(expanded.data() + i * size, pattern.data(), size);
  out = copy_bytes(q, dest, expanded.data(), bytes, wait, SMCP_EVENT_FOR_HOST);
  SMCP_ADAPTER_CALL(a, event_wait, 1u, &out);
  return out;
}

smcp_event enqueue_region_fill(queue_impl &q, char *base, const memory_region &region,
                               const std::vector<unsigned char> &pattern,
                               const std::vector<smcp_event> &wait, smcp_event_purpose purpose) {
  const memory_region r = merged(region);
  if (r.rows * r.slices == 1)
    return enqueue_pattern_fill(q, base + r.origin, pattern, r.row / pattern.size(), wait, purpose);
  std::vector<smcp_event> done;
  for (size_t n = 0; n < r.rows * r.slices; ++n)
    done.push_back(enqueue_pattern_fill(q, base + row_start(r, n), pattern, r.row / pattern.size(),
                                        wait, SMCP_EVENT_FOR_DEVICE));
  return join(q, done, purpose);
}

} // namespace sycl::detail
