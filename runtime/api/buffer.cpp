// buffer.cpp - the runtime entry points of the buffer and accessor templates
// (detail/memory_base.hpp).
#include "../core/error.h"
#include "../core/impl_access.h"
#include "../core/mem_object.h"
#include "../core/queue_impl.h"
#include "../core/scheduler.h"

#include <sycl/detail/memory_base.hpp>

namespace sycl::detail {

std::shared_ptr<context_impl> context_impl_of(const context &c) { return impl_access::impl(c); }

std::shared_ptr<buffer_impl> make_buffer(buffer_init init) {
  const size_t bytes = init.element_size * init.count;
  if (bytes && !init.host && !init.copy_from && init.use_host_ptr)
    smcp::rt::throw_error(errc::invalid, "property use_host_ptr needs host data (a buffer or image from a host pointer)");
  auto mem = std::make_shared<mem_object>(std::move(init));
  return std::make_shared<buffer_impl>(std::move(mem), 0, bytes, false, true);
}

std::shared_ptr<buffer_impl> make_sub_buffer(const std::shared_ptr<buffer_impl> &parent,
                                             size_t offset, size_t bytes) {
  if (parent->sub())
    smcp::rt::throw_error(errc::invalid, "a sub-buffer cannot be made from another sub-buffer");
  if (offset + bytes > parent->bytes())
    smcp::rt::throw_error(errc::invalid, "the sub-buffer (bytes " + std::to_string(offset) +
                                             " to " + std::to_string(offset + bytes) +
                                             ") exceeds its parent's " +
                                             std::to_string(parent->bytes()) + " bytes");
  return std::make_shared<buffer_impl>(parent->mem(), parent->offset() + offset, bytes, true,
                                      true);
}

std::shared_ptr<buffer_impl> make_buffer_view(const std::shared_ptr<buffer_impl> &b) {
  return std::make_shared<buffer_impl>(b->mem(), b->offset(), b->bytes(), b->sub(), true);
}

void buffer_set_final_data(buffer_impl &b, final_data f) {
  std::lock_guard<std::mutex> lock(scheduler::get().mutex());
  b.mem()->set_final_data(std::move(f));
}

void buffer_set_write_back(buffer_impl &b, bool flag) {
  std::lock_guard<std::mutex> lock(scheduler::get().mutex());
  b.mem()->set_write_back(flag);
}

bool buffer_is_sub_buffer(const buffer_impl &b) { return b.sub(); }
size_t buffer_byte_offset(const buffer_impl &b) { return b.offset(); }

namespace {

void check_request(const buffer_impl &b, const access_request &r) {
  if (r.no_init && r.mode == access_mode::read)
    smcp::rt::throw_error(errc::invalid,
                          "property::no_init on a read-only accessor: no_init discards the "
                          "buffer's contents, which a read needs");
  const int dims = std::max(r.dims, 1);
  for (int d = 0; d < dims; ++d)
    if (r.offset[d] + r.range[d] > r.memory_range[d])
      smcp::rt::throw_error(errc::invalid,
                            "the accessor's range (offset " + std::to_string(r.offset[d]) +
                                " + range " + std::to_string(r.range[d]) + " in dimension " +
                                std::to_string(d) + ") exceeds the buffer's range " +
                                std::to_string(r.memory_range[d]));
  (void)b;
}

} // namespace

std::shared_ptr<accessor_impl> make_accessor(const std::shared_ptr<buffer_impl> &b,
                                             const access_request &r) {
  check_request(*b, r);
  return std::make_shared<accessor_impl>(*b, r);
}

std::shared_ptr<accessor_impl> make_local_accessor(size_t bytes) {
  return std::make_shared<accessor_impl>(bytes);
}

std::shared_ptr<accessor_impl> make_host_accessor(const std::shared_ptr<buffer_impl> &b,
                                                  const access_request &r) {
  check_request(*b, r);
  auto a = std::make_shared<accessor_impl>(*b, r);
  auto &s = scheduler::get();
  // The barrier node: launched once the buffer's earlier commands allow it,
  // complete when the accessor dies (SYCL 2020 3.8.1, Table 6).
  auto barrier = event_impl::make_node(nullptr, std::weak_ptr<queue_impl>(), true);
  auto before = std::make_shared<dep_list>();
  {
    scheduler::lock lock;
    dep_list deps;
    mem_object::need n{b->offset(), b->offset() + b->bytes(), !a->discards(), a->writes()};
    char *base = static_cast<char *>(b->mem()->acquire(n, nullptr, barrier, deps));
    a->host = base + b->offset();
    s.add(barrier, std::move(deps),
          [before](const dep_list &d, smcp_event_purpose) {
            *before = d;
            return smcp_event(nullptr);
          });
    lock.unlock(); // launches the copies to the host, and the barrier if it is ready
  }
  {
    std::unique_lock<std::mutex> lock(s.mutex());
    s.wait_launched(lock, *barrier);
  }
  std::exception_ptr failed;
  for (const auto &e : *before) { // device commands and copies: wait for them on the host
    std::exception_ptr error = e->wait(); // a failure seen by this wait
    if (error)
      if (auto q = e->queue())
        q->report_async(error);
    if (!failed)
      failed = error ? error : e->failure();
  }
  if (!failed) // a command that wrote the data failed earlier (scheduler.h: sources)
    failed = barrier->failure();
  a->barrier = std::move(barrier); // completed by the accessor's end, here or later
  // The host would see what the failed command left: refused (the failure
  // itself went to the command's queue when it happened).
  if (failed)
    smcp::rt::throw_error(errc::runtime, "host accessor: a command it waits for failed, so the "
                                         "buffer's contents are not known: " +
                                             smcp::rt::exception_text(failed));
  return a;
}

void *accessor_host_data(accessor_impl &a) {
  if (a.host)
    return a.host;
  std::lock_guard<std::mutex> lock(scheduler::get().mutex());
  return static_cast<char *>(a.buffer->mem()->host_data()) + a.buffer->offset();
}

void throw_device_accessor_on_host() {
  smcp::rt::throw_error(errc::accessor,
                        "a target::device accessor was used on the host: its elements live on "
                        "the device; in a host task use an accessor with target::host_task "
                        "(or interop_handle::get_native_mem for the backend's memory)");
}

const std::shared_ptr<buffer_impl> &accessor_buffer(const accessor_impl &a) { return a.buffer; }

} // namespace sycl::detail
