// stream_flush.h - sycl::stream buffers (SYCL 2020 4.16): a block of the
// context's temporary pool, laid out as include/sycl/detail/abi/stream_buffer.h
// says, printed to stdout when the command that wrote it has finished (when a
// wait sees it finish, or its event goes), then cleared for the pool.
#pragma once

#include <cstddef>
#include <cstdio>
#include <memory>

namespace sycl::detail {

/// Takes ownership of Block (at least header + Capacity bytes, zeroed) and
/// writes the header. The returned owner prints the text to Out and zeroes
/// the block when it goes; its get() is the buffer the device writes.
std::shared_ptr<void> make_stream_buffer(std::shared_ptr<void> Block, size_t Capacity,
                                         std::FILE *Out = stdout);

} // namespace sycl::detail
