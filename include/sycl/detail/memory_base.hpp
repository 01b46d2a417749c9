// The non-template interface between the buffer/accessor templates and the
// runtime: the templates describe what the user asked for in plain values,
// the runtime owns the memory object, its copies and its dependencies.
#pragma once

#include "../access.hpp"
#include "common.hpp"
#include "image_layout.hpp"

#include <cstddef>
#include "std_function.hpp"
#include <memory>
#include <mutex>

namespace sycl {
class context;
namespace detail {

class buffer_impl;   // a (sub-)buffer view of a memory object
class accessor_impl; // one accessor's requirement, or a local allocation

/// Where the buffer's data goes when it dies (set_final_data, or the host
/// pointer it was built from). `active` says whether there is still somewhere
/// to write (an expired weak_ptr, a released shared_ptr: no); `address` is the
/// destination when it is plain memory (so that writing to the buffer's own
/// host storage is skipped), null for iterators.
struct final_data {
  std::function<bool()> active;
  std::function<void(const void *Src, size_t Bytes)> write;
  const void *address = nullptr;
  explicit operator bool() const { return bool(write); }
};

/// How a buffer was constructed: its host memory and destruction rules.
struct buffer_init {
  size_t element_size = 1;
  size_t count = 0;
  void *host = nullptr;           // host memory the buffer may use as its own (T*, containers)
  const void *copy_from = nullptr; // data to copy at construction (const T*, iterators)
  bool blocks = false;            // host memory is attached: the destructor waits
  bool use_host_ptr = false;
  std::mutex *mutex = nullptr;    // property::buffer::use_mutex
  std::shared_ptr<context_impl> bound_context; // property::buffer::context_bound
  final_data final;
  std::shared_ptr<void> keep_alive; // what owns `host` (shared_ptr-constructed buffers)
  // The buffer's allocator (4.7.1), for the host memory the runtime allocates
  // itself; unset: the runtime's own 64-byte aligned memory. Both may be
  // called after the buffer died (the memory is freed once the work is done),
  // so they own a copy of the allocator. A null result means no host memory.
  std::function<void *(size_t Bytes)> allocate;
  std::function<void(void *, size_t Bytes)> deallocate;
};

std::shared_ptr<buffer_impl> make_buffer(buffer_init Init);
/// Throws errc::invalid when Parent is a sub-buffer or the range falls outside it.
std::shared_ptr<buffer_impl> make_sub_buffer(const std::shared_ptr<buffer_impl> &Parent,
                                             size_t ByteOffset, size_t Bytes);
/// The same memory seen as another type (reinterpret).
std::shared_ptr<buffer_impl> make_buffer_view(const std::shared_ptr<buffer_impl> &B);
void buffer_set_final_data(buffer_impl &B, final_data Final);
void buffer_set_write_back(buffer_impl &B, bool Flag);
bool buffer_is_sub_buffer(const buffer_impl &B);
size_t buffer_byte_offset(const buffer_impl &B);

/// An accessor's request, in elements of its type and SYCL dimension order.
struct access_request {
  access_mode mode = access_mode::read_write;
  target where = target::device;
  bool no_init = false;
  bool placeholder = false;
  size_t element_size = 1;
  int dims = 1;
  size_t range[3] = {1, 1, 1};
  size_t offset[3] = {0, 0, 0};
  size_t memory_range[3] = {1, 1, 1};
  /// An image accessor whose reads a backend texture may serve (texture_dims
  /// 0: any other accessor), with the image's layout and the texture's
  /// sampler: where one can, the runtime passes it with each launch
  /// (abi::sampled_image_handle_offset).
  int texture_dims = 0;
  image_layout texture_layout;
  /// Whether a texture over that image returns the accessor's element type
  /// (else its reads are in code; the kernel gets no texture).
  bool texture_reads_element = false;
};

/// Checks the request (errc::invalid for no_init on read, bounds) and makes
/// the accessor's record.
std::shared_ptr<accessor_impl> make_accessor(const std::shared_ptr<buffer_impl> &B,
                                             const access_request &R);
/// A host accessor: blocks until the data is on the host, and keeps later
/// command groups on the buffer from running until the record dies.
std::shared_ptr<accessor_impl> make_host_accessor(const std::shared_ptr<buffer_impl> &B,
                                                  const access_request &R);
std::shared_ptr<accessor_impl> make_local_accessor(size_t Bytes);
/// The host address of the accessed (sub-)buffer's first element (host
/// accessors, host_task accessors); valid while the buffer lives.
void *accessor_host_data(accessor_impl &A);
/// A target::device accessor's elements were read or written on the host
/// (in a host task: SYCL 2020 4.10.2 gives it no host memory; target::host_task does).
[[noreturn]] void throw_device_accessor_on_host();
/// The buffer an accessor accesses (null for local accessors).
const std::shared_ptr<buffer_impl> &accessor_buffer(const accessor_impl &A);

} // namespace detail
} // namespace sycl
