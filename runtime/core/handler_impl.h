// handler_impl.h - what a command group recorded: its one command (a
// kernel may have a second one after it), its explicit dependencies and its
// accessors' requirements.
#pragma once

#include "spec_constants.h"

#include <sycl/detail/kernel_desc.hpp>

#include <cstddef>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

namespace sycl {
class interop_handle;
}

namespace sycl::detail {

class event_impl;
class context_impl;
class device_impl;
class accessor_impl;
class kernel_bundle_impl;

/// A kernel functor's bytes, copied: the lambda may be gone when the kernel
/// runs. Inline up to a size that holds the usual captures (a few pointers,
/// sizes and accessors), so recording a small kernel allocates nothing.
/// Moving an inline copy moves its bytes: whoever points into them follows.
class functor_bytes {
public:
  functor_bytes() = default;
  functor_bytes(const functor_bytes &) = delete;
  functor_bytes &operator=(const functor_bytes &) = delete;
  functor_bytes(functor_bytes &&o) noexcept { *this = std::move(o); }
  functor_bytes &operator=(functor_bytes &&o) noexcept {
    _heap = std::move(o._heap);
    _size = std::exchange(o._size, 0);
    if (!_heap)
      std::memcpy(_inline, o._inline, _size);
    return *this;
  }
  void assign(const unsigned char *bytes, size_t size) {
    _heap.reset(size > inline_bytes ? new unsigned char[size] : nullptr);
    _size = size;
    if (size)
      std::memcpy(_heap ? _heap.get() : _inline, bytes, size);
  }
  const unsigned char *data() const { return _heap ? _heap.get() : _inline; }
  unsigned char *data() { return _heap ? _heap.get() : _inline; }
  size_t size() const { return _size; }

private:
  static constexpr size_t inline_bytes = 128;
  alignas(16) unsigned char _inline[inline_bytes];
  std::unique_ptr<unsigned char[]> _heap;
  size_t _size = 0;
};

struct kernel_command {
  const smcp::detail::kernel_info *info;
  functor_bytes functor;
  unsigned dims;
  size_t global[3], local[3], offset[3]; // SYCL dimension order
};

struct memcpy_command {
  void *dest;
  const void *src;
  size_t bytes;
};

struct fill_command {
  void *dest;
  std::vector<unsigned char> pattern;
  size_t count; // of patterns
};

struct host_task_command {
  std::function<void(const interop_handle &)> body;
};

/// handler::copy with an accessor on at least one side: the accessor's
/// region of its buffer on the device, or dense host memory, in linear
/// element order (memory_commands.h).
struct accessor_copy_command {
  std::shared_ptr<accessor_impl> src, dest; // null: that side is host memory
  const void *src_host = nullptr;
  void *dest_host = nullptr;
  size_t bytes = 0;
};

/// handler::fill on an accessor's region.
struct accessor_fill_command {
  std::shared_ptr<accessor_impl> dest;
  std::vector<unsigned char> pattern;
};

using command = std::variant<std::monostate, kernel_command, memcpy_command, fill_command,
                             host_task_command, accessor_copy_command, accessor_fill_command>;

class handler_impl {
public:
  /// Throws errc::invalid when the group already holds a command, except
  /// for a kernel announced by expect_follow_up after a kernel.
  void set_command(command c);
  /// The next kernel recorded runs after the group's kernel has finished,
  /// as part of the same command (a reduction's fold of its partials).
  void expect_follow_up() { _follow_up_next = true; }
  void add_dependency(std::shared_ptr<event_impl> e);
  /// An accessor's requirement (accessor constructors, handler::require).
  void add_requirement(std::shared_ptr<accessor_impl> a);
  void remove_requirement(const std::shared_ptr<accessor_impl> &a);

  /// Shared memory from the context's temporary_pool, owned by the command's
  /// event until it has finished (reductions' partial results; zeroed: their
  /// counter, which the command leaves zero again).
  void *temporary(size_t bytes, bool zeroed);
  /// A sycl::stream's buffer of `capacity` bytes after its header, printed
  /// to stdout once the command has finished (stream_flush.h).
  void *stream_buffer(size_t capacity);
  /// Keeps `resource` (a host pointer's owner) until the command has finished.
  void keep_until_done(std::shared_ptr<void> resource) {
    _temporaries.push_back(std::move(resource));
  }
  std::vector<std::shared_ptr<void>> take_temporaries() { return std::move(_temporaries); }
  /// The queue recording this group, which outlives the record; set by
  /// queue_impl::submit.
  context_impl *context = nullptr;
  device_impl *device = nullptr;
  /// Specialization-constant values set in this group (handler API), and
  /// the executable bundle bound with use_kernel_bundle: at most one of the
  /// two is used (SYCL 2020 4.9.4.4).
  spec_value_map spec_values;
  std::shared_ptr<const kernel_bundle_impl> bundle;

  const command &recorded() const { return _command; }
  /// The recorded kernel, for the queue to move its functor out (null when
  /// the group holds another command).
  kernel_command *recorded_kernel() { return std::get_if<kernel_command>(&_command); }
  std::optional<kernel_command> &follow_up() { return _follow_up; }
  const std::vector<std::shared_ptr<event_impl>> &dependencies() const { return _deps; }
  const std::vector<std::shared_ptr<accessor_impl>> &requirements() const { return _reqs; }

private:
  std::vector<std::shared_ptr<void>> _temporaries;
  command _command;
  std::optional<kernel_command> _follow_up;
  bool _follow_up_next = false;
  std::vector<std::shared_ptr<event_impl>> _deps;
  std::vector<std::shared_ptr<accessor_impl>> _reqs;
};

} // namespace sycl::detail
