// mem_object.cpp - buffer memory: where the valid data is, the copies the
// access modes require, the accesses that order command groups, and the
// destructor's wait and write-back.
#include "mem_object.h"

#include "chrome_trace.h"

#include "context_impl.h"
#include "error.h"
#include "peer_copies.h"
#include "queue_impl.h"
#include "scheduler.h"
#include "thread_pool.h"
#include "trace.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include <sys/mman.h>

namespace sycl::detail {
namespace {

std::atomic<uint64_t> copies_to_device{0}, copies_to_host{0}, copies_device_to_device{0};

void *allocate_host(size_t bytes) {
  // 64 bytes: enough for any SYCL vector type. Large buffers get huge
  // pages where the kernel gives them on request: their first touch (a
  // copy into them, a kernel's first write) then faults once per 2 MiB, not
  // per 4 KiB (a copy into fresh memory ran at 1 GB/s on PoCL).
  constexpr size_t huge = size_t(2) << 20;
  const size_t align = bytes >= 2 * huge ? huge : 64;
  const size_t size = (std::max<size_t>(bytes, 1) + align - 1) / align * align;
  void *p = std::aligned_alloc(align, size);
  if (!p)
    smcp::rt::throw_error(errc::memory_allocation,
                          "cannot allocate " + std::to_string(bytes) +
                              " bytes of host memory for a buffer");
  if (align == huge)
    madvise(p, size, MADV_HUGEPAGE); // advice: refused or ignored, the memory is as good
  return p;
}

/// Frees a device's own copy of a buffer: host memory where the device uses
/// host memory (mem_object::allocate_on), its USM allocation otherwise.
void free_device_copy(const context_impl &c, const device_impl &d, void *ptr) {
  if (d.shares_host_memory())
    return std::free(ptr);
  c.textures().forget(ptr); // an image's textures read this memory
  const auto &a = c.adapter();
  a.try_call("usm_free", a.table().usm_free, c.handle(), SMCP_USM_DEVICE, ptr);
}

void check_bound_context(const buffer_init &init, const queue_impl &q) {
  if (init.bound_context && init.bound_context != q.context())
    smcp::rt::throw_error(errc::invalid, "a buffer with property::buffer::context_bound was "
                                         "used in a queue of another context");
}

} // namespace

transfer_counts transfers() {
  return {copies_to_device.load(), copies_to_host.load(), copies_device_to_device.load()};
}

mem_object::mem_object(buffer_init init) : _bytes(init.element_size * init.count), _init(std::move(init)) {
  if (_init.host) {
    _host.ptr = _init.host;
    _host.valid = true;
  } else if (_init.copy_from) {
    _host.ptr = allocate_host_memory();
    _host_owned = true;
    // use_mutex: reading the user's data is a use of it.
    std::unique_lock<std::mutex> held;
    if (_init.mutex)
      held = std::unique_lock<std::mutex>(*_init.mutex);
    std::memcpy(_host.ptr, _init.copy_from, _bytes);
    _host.valid = true;
  }
}

void *mem_object::allocate_host_memory() {
  if (!_init.allocate)
    return allocate_host(_bytes);
  // At least one element, like allocate_host: a zero-sized buffer still has
  // an address for its accessors.
  void *p = _init.allocate(std::max(_bytes, _init.element_size));
  if (!p)
    smcp::rt::throw_error(errc::memory_allocation,
                          "the buffer's allocator returned no memory for its " +
                              std::to_string(_bytes) + "-byte host copy");
  return p;
}

void *mem_object::host_data() {
  if (!_host.ptr) {
    _host.ptr = allocate_host_memory();
    _host_owned = true;
  }
  return _host.ptr;
}

mem_object::location *mem_object::find_location(const queue_impl &q) {
  for (auto &l : _devices)
    if (l.device == q.device().get() && l.context == q.context())
      return &l;
  return nullptr;
}

void *mem_object::allocate_on(const queue_impl &q) const {
  check_bound_context(_init, q);
  if (q.device()->shares_host_memory()) { // the runtime's host memory is the device's
    check_fits(q);
    return allocate_host(_bytes);
  }
  void *ptr = nullptr;
  SMCP_ADAPTER_CALL(q.context()->adapter(), usm_alloc, q.context()->handle(),
                    q.device()->handle(), SMCP_USM_DEVICE, std::max<size_t>(_bytes, 1),
                    size_t(0), &ptr);
  return ptr;
}

bool mem_object::views_host(const queue_impl &q) const {
  // The user's own memory only with use_host_ptr: otherwise it must keep its
  // contents when the write-back is cancelled or goes elsewhere.
  const bool runtime_memory = !_init.host || _init.use_host_ptr;
  return runtime_memory && !_init.mutex && q.device()->shares_host_memory();
}

void mem_object::check_fits(const queue_impl &q) const {
  const device_impl &d = *q.device();
  const auto memory = d.info_scalar<uint64_t>(SMCP_DEVICE_INFO_GLOBAL_MEM_SIZE);
  if (_bytes > memory)
    smcp::rt::throw_error(errc::memory_allocation,
                          "a buffer of " + std::to_string(_bytes) + " bytes exceeds the " +
                              std::to_string(memory) + " bytes of memory of " + d.name());
}

mem_object::location mem_object::new_location(queue_impl &q, void *reserved) {
  location l;
  l.device = q.device().get();
  l.context = q.context();
  if (views_host(q)) {
    check_fits(q); // the device's limit, not the host allocator's, decides
    l.ptr = host_data();
    l.host_view = true;
  } else {
    l.ptr = reserved ? reserved : allocate_on(q);
  }
  return l;
}

void mem_object::reserve_device_memory(queue_impl &q) {
  {
    std::lock_guard<std::mutex> lock(scheduler::get().mutex());
    if (find_location(q) || views_host(q)) // a view allocates nothing
      return;
  }
  void *ptr = allocate_on(q); // the adapter call, outside the graph lock
  {
    std::lock_guard<std::mutex> lock(scheduler::get().mutex());
    if (!find_location(q)) {
      _devices.push_back(new_location(q, ptr));
      return;
    }
  }
  // Another thread's submission allocated it meanwhile: ours goes.
  free_device_copy(*q.context(), *q.device(), ptr);
}

mem_object::location &mem_object::device_location(queue_impl &q) {
  check_bound_context(_init, q);
  location *found = find_location(q);
  if (!found) { // a view, or not reserved before the graph lock (see reserve_device_memory)
    _devices.push_back(new_location(q, nullptr));
    found = &_devices.back();
  }
  found->queue = q.shared_from_this();
  return *found;
}

void mem_object::conflicts(size_t begin, size_t end, bool write,
                           dep_list &deps) const {
  for (const auto &a : _accesses)
    if ((write || a.write) && a.begin < end && begin < a.end && !(write && a.behind_reader))
      deps.push_back(a.node);
}

void mem_object::add_sources(size_t begin, size_t end, event_impl &node) const {
  for (const auto &a : _accesses)
    if (a.write && a.begin < end && begin < a.end)
      node.add_source_locked(a.node);
}

void mem_object::record(size_t begin, size_t end, bool write,
                        const std::shared_ptr<event_impl> &node) {
  if (write) // every access inside [begin, end) now comes before node
    _accesses.erase(std::remove_if(_accesses.begin(), _accesses.end(),
                                   [&](const access &a) { return begin <= a.begin && a.end <= end; }),
                    _accesses.end());
  else
    for (auto &a : _accesses)
      if (a.write && begin <= a.begin && a.end <= end)
        a.behind_reader = true;
  _accesses.push_back({begin, end, write, node});
  if (_accesses.size() > 64) // readers pile up: forget those that have finished
    _accesses.erase(std::remove_if(_accesses.begin(), _accesses.end(),
                                   [](const access &a) { return a.node->finished_locked(); }),
                    _accesses.end());
}

void mem_object::copy_around(location &from, location &to, queue_impl &q, size_t skip_begin,
                             size_t skip_end) {
  if (skip_begin >= skip_end) {
    copy_node(from, to, q, 0, _bytes);
    return;
  }
  if (skip_begin > 0)
    copy_node(from, to, q, 0, skip_begin);
  if (skip_end < _bytes)
    copy_node(from, to, q, skip_end, _bytes);
}

std::shared_ptr<event_impl> mem_object::copy_node(location &from, location &to, queue_impl &q,
                                                  size_t begin, size_t end) {
  auto node = event_impl::make_node(q.context(), q.weak_from_this(), false);
  if (q.profiling())
    node->set_profiled();
  dep_list deps;
  conflicts(0, _bytes, true, deps);
  add_sources(begin, end, *node);
  const char *direction = !from.device ? "host->device" : !to.device ? "device->host"
                                                                      : "device->device (peer)";
  (!from.device ? copies_to_device : !to.device ? copies_to_host : copies_device_to_device)++;
  const size_t bytes = end - begin;
  smcp::rt::trace("buffer %p: copy %s, %zu bytes", static_cast<void *>(this), direction, bytes);
  auto name_in_trace = [&](event_impl &n) {
    if (smcp::rt::chrome_trace_enabled())
      n.set_trace(std::string("buffer copy ") + direction, "memory", q.trace_track());
  };
  name_in_trace(*node);
  void *dst = static_cast<char *>(to.ptr) + begin;
  const void *src = static_cast<const char *>(from.ptr) + begin;
  auto queue = q.shared_from_this();
  if (from.device && to.device) { // two devices of one context (copy_into): no host memory
    scheduler::get().add(node, std::move(deps),
                         [queue, dst, src, bytes, from_device = from.device,
                          to_device = to.device](const dep_list &d, smcp_event_purpose purpose) {
                           return enqueue_peer_copy(*queue, dst, *to_device, src, *from_device,
                                                    bytes, d, purpose);
                         });
    record(0, _bytes, true, node);
    return node;
  }
  if (_init.mutex) {
    // use_mutex (4.7.2.2): the user's mutex is held for as long as the copy
    // touches the host memory, and only then. A backend copy cannot take a
    // host lock, so the copy becomes host work: it waits for its
    // dependencies on the pool, locks, copies, waits for the backend and
    // unlocks; the command after it follows it like any host task.
    node = event_impl::make_node(q.context(), q.weak_from_this(), true);
    if (q.profiling())
      node->set_profiled();
    name_in_trace(*node);
    add_sources(begin, end, *node);
    std::mutex *user = _init.mutex;
    scheduler::get().add(
        node, std::move(deps),
        [queue, dst, src, bytes, user, weak = std::weak_ptr<event_impl>(node)](
            const dep_list &d, smcp_event_purpose) -> smcp_event {
          smcp::rt::thread_pool::get().post([queue, dst, src, bytes, user, weak, d] {
            std::exception_ptr error;
            for (const auto &e : d)
              if (!error)
                error = e->wait();
            auto node = weak.lock();
            if (node)
              node->mark_host_start();
            if (!error) {
              try {
                std::lock_guard<std::mutex> held(*user);
                smcp_event done = queue->enqueue_copy(dst, src, bytes, {}, SMCP_EVENT_FOR_HOST);
                if (done) {
                  const auto &a = queue->context()->adapter();
                  auto r = a.try_call("event_wait", a.table().event_wait, 1u, &done);
                  a.try_call("event_release", a.table().event_release, done);
                  a.check("event_wait", r);
                }
              } catch (...) {
                error = std::current_exception();
              }
            }
            if (node) {
              scheduler::lock lock;
              scheduler::get().complete_host(node, error);
            }
          });
          return nullptr;
        });
    record(0, _bytes, true, node);
    return node;
  }
  scheduler::get().add(node, std::move(deps),
                       [queue, dst, src, bytes](const dep_list &d,
                                                smcp_event_purpose purpose) {
                         return queue->enqueue_copy(dst, src, bytes, d, purpose);
                       });
  record(0, _bytes, true, node);
  return node;
}

void mem_object::copy_into(location &to, queue_impl *q, size_t skip_begin, size_t skip_end) {
  to.valid = true;
  if (_bytes == 0)
    return;
  if (!to.device) { // to the host, from the device that holds the data
    for (auto &d : _devices)
      if (d.valid) {
        copy_around(d, to, *d.queue, skip_begin, skip_end);
        return;
      }
    return; // valid nowhere yet: uninitialized memory needs no copy
  }
  if (_host.valid) {
    copy_around(_host, to, *q, skip_begin, skip_end);
    return;
  }
  for (auto &d : _devices)
    if (d.valid && &d != &to && d.context == to.context &&
        to.context->peers().direct(*d.device, *to.device)) {
      copy_around(d, to, *q, skip_begin, skip_end);
      return;
    }
  for (auto &d : _devices)
    if (d.valid && &d != &to) { // another context, or no peer copy: through the host
      host_data();
      copy_around(d, _host, *d.queue, 0, 0); // the host copy is valid as a whole
      _host.valid = true;
      copy_around(_host, to, *q, skip_begin, skip_end);
      return;
    }
}

void *mem_object::acquire(const need &n, queue_impl *q, const std::shared_ptr<event_impl> &node,
                          dep_list &deps) {
  if (!q)
    host_data();
  location &loc = q ? device_location(*q) : _host;
  location &data = holder(loc);
  if (n.old_data && !data.valid)
    copy_into(data, data.device ? q : nullptr, n.skip_begin, n.skip_end);
  conflicts(n.begin, n.end, n.write, deps);
  if (n.old_data)
    add_sources(n.begin, n.end, *node);
  if (n.write) {
    _host.valid = false;
    for (auto &d : _devices)
      d.valid = false;
    data.valid = true;
    _written = true;
  }
  record(n.begin, n.end, n.write, node);
  return loc.ptr;
}

bool mem_object::prepare_write_back() {
  const bool write_back = _written && _write_back && _init.final &&
                          (!_init.final.active || _init.final.active());
  if (write_back && !_host.valid) {
    host_data();
    copy_into(_host, nullptr);
  }
  return write_back;
}

std::vector<std::shared_ptr<event_impl>> mem_object::take_pending() {
  std::vector<std::shared_ptr<event_impl>> pending;
  for (auto &a : _accesses)
    pending.push_back(std::move(a.node));
  _accesses.clear();
  return pending;
}

void mem_object::report(std::exception_ptr error) {
  for (auto it = _devices.rbegin(); it != _devices.rend(); ++it)
    if (it->queue)
      return it->queue->report_async(error);
}

void mem_object::release_user() {
  if (--_users != 0)
    return;
  // The last user handle: wait and write back as the rules say (4.7.2.3).
  // Commands that follow (a pending host task's accessor) are over by then.
  std::vector<std::shared_ptr<event_impl>> pending;
  bool write_back = false;
  {
    scheduler::lock lock; // the write-back copy launches when it is released
    try {
      write_back = prepare_write_back();
    } catch (...) {
      report(std::current_exception());
    }
    if (!_init.blocks && !write_back)
      return; // nothing to wait for: the memory goes with the last reference
    pending = take_pending();
  }
  for (auto &e : pending)
    if (auto error = e->wait()) {
      report(error);
      _unconfirmed = true;
    }
  if (write_back && _init.final.address != _host.ptr) {
    std::unique_lock<std::mutex> held;
    if (_init.mutex)
      held = std::unique_lock<std::mutex>(*_init.mutex);
    _init.final.write(_host.ptr, _bytes);
  }
  _write_back = false; // done: never twice
}

mem_object::~mem_object() {
  std::vector<std::shared_ptr<event_impl>> pending;
  {
    std::lock_guard<std::mutex> lock(scheduler::get().mutex());
    pending = take_pending();
    pending.erase(std::remove_if(pending.begin(), pending.end(),
                                 [](const auto &e) { return e->finished_locked(); }),
                  pending.end());
  }
  // What must happen once the work is done; runs here or on the pool.
  struct releaser {
    std::vector<std::shared_ptr<event_impl>> pending;
    std::vector<location> devices;
    void *host;
    bool host_owned;
    size_t bytes;
    std::shared_ptr<void> keep; // what owns `host`
    std::function<void(void *, size_t)> deallocate; // the buffer's allocator, if any
    bool unconfirmed; // a wait failed already: a command may still use the memory
    void operator()() {
      for (auto &e : pending)
        unconfirmed |= e->wait() != nullptr; // errors went to their queues when they happened
      if (unconfirmed) { // never freed (nor reused) while something may still write it
        smcp::rt::trace("buffer memory kept: a command using it could not be waited for");
        keep_forever({std::move(keep)});
        return;
      }
      for (auto &d : devices) {
        if (!d.host_view) // a view's memory is the host copy's
          free_device_copy(*d.context, *d.device, d.ptr);
      }
      if (host_owned) {
        if (deallocate)
          deallocate(host, bytes);
        else
          std::free(host);
      }
    }
  };
  releaser r{std::move(pending),
             std::move(_devices),
             _host.ptr,
             _host_owned,
             std::max(_bytes, _init.element_size),
             std::move(_init.keep_alive),
             std::move(_init.deallocate),
             _unconfirmed};
  if (r.pending.empty()) {
    r();
    return;
  }
  smcp::rt::thread_pool::get().post([r = std::move(r)]() mutable {
    try {
      r();
    } catch (...) {
    }
  });
}

bool accessor_impl::discards() const {
  if (request.mode == access_mode::discard_write || request.mode == access_mode::discard_read_write)
    return covers_whole();
  return request.no_init && covers_whole();
}

bool accessor_impl::covers_whole() const {
  if (!buffer || buffer->offset() != 0 || buffer->bytes() != buffer->mem()->bytes())
    return false;
  for (int d = 0; d < std::max(request.dims, 1); ++d)
    if (request.offset[d] != 0 || request.range[d] != request.memory_range[d])
      return false;
  return true;
}

accessor_impl::~accessor_impl() {
  if (barrier) { // a host accessor: command groups after it may run now
    scheduler::lock lock;
    scheduler::get().complete_host(barrier, nullptr);
  }
}

} // namespace sycl::detail
