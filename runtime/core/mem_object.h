// mem_object.h - the runtime side of buffers: one memory object with a host
// copy and one device allocation per device it was used on, each valid or
// not (AdaptiveCpp-style USM-backed buffers), the accesses that order
// command groups on it (DPC++-style leaves), and its destruction rules
// (SYCL 2020 4.7.2.3). A device that uses host memory as it is (a CPU
// device: device_impl::shares_host_memory) gets no allocation of its own:
// its kernels use the host copy, so nothing is ever copied between the two.
//
// Everything mutable is guarded by the scheduler's lock.
#pragma once

#include "event_impl.h"

#include <sycl/detail/memory_base.hpp>

#include <atomic>
#include <memory>
#include <vector>

namespace sycl::detail {

class device_impl;
class queue_impl;

/// Copies the runtime made for buffers, by direction, since the process
/// started: what SMCP_TRACE prints one by one and tests count.
struct transfer_counts {
  uint64_t to_device, to_host, device_to_device;
};
transfer_counts transfers();

class mem_object {
public:
  explicit mem_object(buffer_init init);
  mem_object(const mem_object &) = delete;
  mem_object &operator=(const mem_object &) = delete;
  /// Frees the memory, at once or on the thread pool once the work on it is
  /// done. Runs when the last reference goes, which may be a host task's
  /// accessor long after the user's last buffer.
  ~mem_object();

  /// The user's (sub-)buffer handles: when the last one goes, the buffer's
  /// destructor rules apply (SYCL 2020 4.7.2.3): wait and write back when
  /// they say so, whatever accessors captured by pending commands still
  /// reference the object.
  void add_user() { ++_users; }
  void release_user();
  /// Whether a user's handle still names the object: an accessor outliving
  /// every one of them (a placeholder kept past its buffer) is an error.
  bool has_users() const { return _users.load() != 0; }

  size_t bytes() const { return _bytes; }
  const std::shared_ptr<context_impl> &bound_context() const { return _init.bound_context; }

  /// What one command group needs from this object at one place.
  struct need {
    size_t begin = 0, end = 0; // bytes (the whole accessed (sub-)buffer: DAG-6)
    bool old_data = true;      // false: every accessor is no_init over the whole object
    bool write = false;
    // Bytes the group overwrites without reading them (a ranged or sub-buffer
    // no_init accessor): old data is copied in around them, not over them.
    size_t skip_begin = 0, skip_end = 0;
  };
  /// Makes the data valid at the queue's device (q) or on the host (q null):
  /// allocates, schedules the copies the modes require, adds the commands
  /// `node` must follow to `deps` and records `node` as the latest access.
  /// Returns the object's base address there. Lock held.
  void *acquire(const need &n, queue_impl *q, const std::shared_ptr<event_impl> &node,
                dep_list &deps);
  /// The host copy (allocated on first use). Lock held.
  void *host_data();
  /// Allocates the object's memory on q's device, if it has none there yet,
  /// before the command group takes the graph lock: the allocation is an
  /// adapter call. Lock not held.
  void reserve_device_memory(queue_impl &q);

  void set_final_data(final_data f) { _init.final = std::move(f); }
  void set_write_back(bool flag) { _write_back = flag; }

private:
  struct location {
    device_impl *device = nullptr; // null: the host
    std::shared_ptr<context_impl> context;
    std::shared_ptr<queue_impl> queue; // the last queue that used it: copies go there
    void *ptr = nullptr;
    bool valid = false;
    /// A device's view of the host copy (ptr is the host's): its data is
    /// valid exactly when the host copy is, and its `valid` stays false.
    bool host_view = false;
  };
  struct access {
    size_t begin, end;
    bool write;
    std::shared_ptr<event_impl> node;
    // A write that a later read covers: later writes follow it through that
    // read (DPC++'s write leaf replaced by read leaves), later reads still
    // depend on it directly.
    bool behind_reader = false;
  };

  location &device_location(queue_impl &q);
  /// A new location for q's device: a view of the host copy where the device
  /// uses host memory, an allocation of its own otherwise (`reserved`: made
  /// before the graph lock, or null).
  location new_location(queue_impl &q, void *reserved);
  /// Whether q's device uses the host copy itself: where the device uses
  /// host memory and the copy is the runtime's (or use_host_ptr gave it),
  /// without use_mutex (the user may touch that memory under the mutex,
  /// which kernels cannot take).
  bool views_host(const queue_impl &q) const;
  /// Throws errc::memory_allocation when the object exceeds the memory of
  /// q's device (checked where host memory stands for the device's: the host
  /// allocator would take what the device cannot).
  void check_fits(const queue_impl &q) const;
  /// Where l's data lives: the host copy for a view of it.
  location &holder(location &l) { return l.host_view ? _host : l; }
  location *find_location(const queue_impl &q);
  /// A device allocation of the object's size on q's device (an adapter
  /// call; host memory where the device uses host memory).
  void *allocate_on(const queue_impl &q) const;
  void conflicts(size_t begin, size_t end, bool write,
                 dep_list &deps) const;
  /// Makes the writers of [begin, end) sources of `node`, which reads
  /// their data: a failure of one keeps it from running (scheduler.h).
  void add_sources(size_t begin, size_t end, event_impl &node) const;
  void record(size_t begin, size_t end, bool write, const std::shared_ptr<event_impl> &node);
  /// Schedules a copy of the object from a valid place into `to`, except
  /// the bytes [skip_begin, skip_end).
  void copy_into(location &to, queue_impl *q, size_t skip_begin = 0, size_t skip_end = 0);
  /// The copy from `from` into `to` around the skipped bytes: up to two nodes.
  void copy_around(location &from, location &to, queue_impl &q, size_t skip_begin,
                   size_t skip_end);
  std::shared_ptr<event_impl> copy_node(location &from, location &to, queue_impl &q,
                                        size_t begin, size_t end);
  /// Host memory for the object: the buffer's allocator when it has one.
  void *allocate_host_memory();

  /// Whether the data must be written back now; schedules the copy to the host (lock held).
  bool prepare_write_back();
  /// The commands still on this object, taken out of its bookkeeping (lock held).
  std::vector<std::shared_ptr<event_impl>> take_pending();
  /// Reports an asynchronous error to the last queue that used the object.
  void report(std::exception_ptr error);

  const size_t _bytes;
  std::atomic<unsigned> _users{0};
  buffer_init _init;
  bool _write_back = true, _written = false;
  /// A wait for a command using the memory failed: it may still run, so the
  /// memory is never freed.
  bool _unconfirmed = false;
  location _host;
  bool _host_owned = false;
  std::vector<location> _devices;
  std::vector<access> _accesses;
};

/// A (sub-)buffer: a byte range of a memory object. A user's handle (a
/// buffer, sub-buffer or reinterpreted buffer) counts as a user of the
/// object; an accessor's reference does not.
class buffer_impl {
public:
  buffer_impl(std::shared_ptr<mem_object> mem, size_t offset, size_t bytes, bool sub, bool user)
      : _mem(std::move(mem)), _offset(offset), _bytes(bytes), _sub(sub), _user(user) {
    if (_user)
      _mem->add_user();
  }
  buffer_impl(const buffer_impl &) = delete;
  buffer_impl &operator=(const buffer_impl &) = delete;
  ~buffer_impl() {
    if (_user)
      _mem->release_user();
  }
  const std::shared_ptr<mem_object> &mem() const { return _mem; }
  size_t offset() const { return _offset; }
  size_t bytes() const { return _bytes; }
  bool sub() const { return _sub; }

private:
  std::shared_ptr<mem_object> _mem;
  size_t _offset, _bytes;
  bool _sub, _user;
};

/// An accessor's requirement, or a local_accessor's size.
class accessor_impl {
public:
  /// Holds its own, non-user view of b's range.
  accessor_impl(const buffer_impl &b, const access_request &r)
      : buffer(std::make_shared<buffer_impl>(b.mem(), b.offset(), b.bytes(), b.sub(), false)),
        request(r) {}
  explicit accessor_impl(size_t local) : local_bytes(local), is_local(true) {}
  ~accessor_impl();

  std::shared_ptr<buffer_impl> buffer;
  access_request request;
  size_t local_bytes = 0;
  bool is_local = false;
  void *host = nullptr; // host accessors: the data, known once it is there
  std::shared_ptr<event_impl> barrier; // host accessors: held until this dies

  bool writes() const { return request.mode != access_mode::read; }
  /// No old data needed: no_init (or a discard mode) over the whole object.
  bool discards() const;
  bool covers_whole() const;
};

} // namespace sycl::detail
