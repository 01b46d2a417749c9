// The buffer of a sycl::stream, shared by the device code that writes it
// (sycl/stream.hpp) and the runtime that prints it when the kernel has
// finished (runtime/core/stream_flush.cpp).
//
// Layout: a stream_header, then records. A work-item reserves a record with
// an atomic add on `used` (bytes after the header); a record that would end
// past `capacity` is dropped (the stream was too small). Each record is a
// stream_record then `length` bytes of text, padded to 8 bytes. The runtime
// prints the records grouped by work-item (global linear id), each
// work-item's in the order it wrote them: text of different work-items never
// interleaves, and the output does not depend on scheduling.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace smcp::abi {

struct stream_header {
  uint32_t used;     // bytes reserved after the header (may exceed capacity)
  uint32_t capacity; // bytes available after the header
};

struct stream_record {
  uint64_t work_item; // global linear id of the writer
  uint32_t length;    // bytes of text after this record
  uint32_t reserved;
};

constexpr size_t stream_record_size(size_t TextBytes) {
  return sizeof(stream_record) + ((TextBytes + 7) & ~size_t(7));
}

/// The text of a finished kernel's stream buffer (Buffer: header + records),
/// grouped by work-item; Dropped tells whether records were lost to the
/// capacity. Malformed records end the walk.
inline std::string stream_text(const unsigned char *Buffer, bool &Dropped) {
  stream_header H;
  __builtin_memcpy(&H, Buffer, sizeof(H));
  size_t End = H.used < H.capacity ? H.used : H.capacity;
  Dropped = H.used > H.capacity;
  struct Piece {
    uint64_t WorkItem;
    size_t Offset, Length;
  };
  std::vector<Piece> Pieces;
  const unsigned char *Data = Buffer + sizeof(stream_header);
  for (size_t Pos = 0; Pos + sizeof(stream_record) <= End;) {
    stream_record R;
    __builtin_memcpy(&R, Data + Pos, sizeof(R));
    size_t Size = stream_record_size(R.length);
    if (Pos + Size > End) {
      Dropped = true;
      break;
    }
    Pieces.push_back({R.work_item, Pos + sizeof(stream_record), R.length});
    Pos += Size;
  }
  std::stable_sort(Pieces.begin(), Pieces.end(),
                   [](const Piece &A, const Piece &B) { return A.WorkItem < B.WorkItem; });
  std::string Text;
  for (const Piece &P : Pieces)
    Text.append(reinterpret_cast<const char *>(Data + P.Offset), P.Length);
  return Text;
}

} // namespace smcp::abi
