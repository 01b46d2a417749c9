// memory_commands.h - handler::copy, fill and update_host on accessors, as
// device commands: the accessed region of a (sub-)buffer described in bytes,
// and the backend copies and fills that cover it.
//
// An accessor may see only part of its buffer (a ranged accessor, a
// sub-buffer): its region is up to `slices` x `rows` rows of `row` bytes,
// `row_pitch` and `slice_pitch` apart. Host memory on the other side of a
// copy is dense. A copy goes element by element in linear order, so two
// regions of one shape become one rectangular copy, and other pairs the
// fewest contiguous pieces.
#pragma once

#include "adapter.h"

#include <cstddef>
#include <vector>

namespace sycl::detail {

struct access_request;
class queue_impl;

/// A region of memory, in bytes from its base address.
struct memory_region {
  size_t origin = 0;
  size_t row = 0, rows = 1, slices = 1;
  size_t row_pitch = 0, slice_pitch = 0;

  size_t bytes() const { return row * rows * slices; }
  /// Whether its rows follow each other without gaps.
  bool contiguous() const;
};

/// The region an accessor sees in its memory object, which starts at
/// `buffer_offset` bytes (a sub-buffer's offset).
memory_region accessor_region(const access_request &r, size_t buffer_offset);
/// `bytes` of dense memory shaped like `like` (a host pointer across from an accessor).
memory_region dense_region(const memory_region &like, size_t bytes);

/// One contiguous piece of a copy.
struct copy_piece {
  size_t dest, src, bytes;
};
/// The pieces of a copy of `bytes` from `src` to `dest` in linear order.
std::vector<copy_piece> copy_pieces(const memory_region &dest, const memory_region &src,
                                    size_t bytes);

/// Enqueues the copy on q after `wait`; returns the one event that ends it,
/// for `purpose` (the events of its pieces are only waited for by the device).
smcp_event enqueue_region_copy(queue_impl &q, char *dest_base, const memory_region &dest,
                               const char *src_base, const memory_region &src, size_t bytes,
                               const std::vector<smcp_event> &wait, smcp_event_purpose purpose);
/// Enqueues `count` copies of the pattern at dest after `wait` (a native
/// fill where the device takes the pattern size).
smcp_event enqueue_pattern_fill(queue_impl &q, void *dest,
                                const std::vector<unsigned char> &pattern, size_t count,
                                const std::vector<smcp_event> &wait, smcp_event_purpose purpose);
/// Enqueues a fill of the region with the pattern after `wait`.
smcp_event enqueue_region_fill(queue_impl &q, char *base, const memory_region &region,
                               const std::vector<unsigned char> &pattern,
                               const std::vector<smcp_event> &wait, smcp_event_purpose purpose);

} // namespace sycl::detail
