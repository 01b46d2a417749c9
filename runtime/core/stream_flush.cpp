#include "stream_flush.h"

#include <sycl/detail/abi/stream_buffer.h>

#include <cstring>
#include <string>

namespace sycl::detail {

namespace {

struct stream_buffer {
  stream_buffer(std::shared_ptr<void> Block, size_t Capacity, std::FILE *Out)
      : block(std::move(Block)), capacity(Capacity), out(Out) {}
  stream_buffer(const stream_buffer &) = delete; // one owner prints, once
  stream_buffer &operator=(const stream_buffer &) = delete;

  std::shared_ptr<void> block;
  size_t capacity;
  std::FILE *out;

  ~stream_buffer() {
    auto *Bytes = static_cast<unsigned char *>(block.get());
    bool Dropped = false;
    std::string Text = smcp::abi::stream_text(Bytes, Dropped);
    std::fwrite(Text.data(), 1, Text.size(), out);
    if (Dropped)
      std::fprintf(out, "\n[sycl::stream: output beyond the stream's %zu-byte buffer was "
                        "dropped]\n", capacity);
    std::fflush(out);
    // The pool hands blocks out zeroed only if their users leave them so.
    smcp::abi::stream_header H;
    std::memcpy(&H, Bytes, sizeof(H));
    size_t Used = H.used < H.capacity ? H.used : H.capacity;
    std::memset(Bytes, 0, sizeof(H) + Used);
  }
};

} // namespace

std::shared_ptr<void> make_stream_buffer(std::shared_ptr<void> Block, size_t Capacity,
                                         std::FILE *Out) {
  smcp::abi::stream_header H{0, uint32_t(Capacity)};
  std::memcpy(Block.get(), &H, sizeof(H));
  auto Owner = std::make_shared<stream_buffer>(std::move(Block), Capacity, Out);
  void *Buffer = Owner->block.get();
  return std::shared_ptr<void>(Owner, Buffer);
}

} // namespace sycl::detail
