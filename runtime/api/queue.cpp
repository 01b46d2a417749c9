// queue.cpp - sycl::queue.
#include "../core/impl_access.h"
#include "../core/queue_impl.h"
#include "../core/runtime_state.h"

#include <sycl/queue.hpp>

namespace sycl {

using detail::impl_access;

queue::queue(const device &dev, const async_handler &handler, const property_list &props) {
  const auto &d = impl_access::impl(dev);
  auto ctx = detail::runtime_state::get().default_context(d);
  _impl = std::make_shared<detail::queue_impl>(std::move(ctx), d, handler, props);
}

queue::queue(const context &ctx, const device &dev, const async_handler &handler,
             const property_list &props)
    : _impl(std::make_shared<detail::queue_impl>(impl_access::impl(ctx), impl_access::impl(dev),
                                                 handler, props)) {}

backend queue::get_backend() const noexcept { return _impl->context()->adapter().backend(); }
context queue::get_context() const { return impl_access::wrap<context>(_impl->context()); }
device queue::get_device() const { return impl_access::wrap<device>(_impl->device()); }
bool queue::is_in_order() const { return _impl->in_order(); }
const property_list &queue::properties() const noexcept { return _impl->properties(); }

template <> context queue::get_info<info::queue::context>() const { return get_context(); }
template <> device queue::get_info<info::queue::device>() const { return get_device(); }

event queue::submit_ref(detail::cgf_ref cgf) {
  // Small enough for std::function's local storage: nothing is allocated.
  return impl_access::wrap<event>(
      _impl->submit([cgf](handler &h) { cgf.call(cgf.object, h); }));
}

void queue::wait() { _impl->wait(); }
void queue::wait_and_throw() {
  _impl->wait();
  _impl->throw_asynchronous();
}
void queue::throw_asynchronous() { _impl->throw_asynchronous(); }

event queue::memcpy(void *dest, const void *src, size_t bytes) {
  return memcpy(dest, src, bytes, std::vector<event>{});
}
event queue::memcpy(void *dest, const void *src, size_t bytes, event dep) {
  return memcpy(dest, src, bytes, std::vector<event>{dep});
}
event queue::memcpy(void *dest, const void *src, size_t bytes, const std::vector<event> &deps) {
  return submit([&](handler &h) {
    h.depends_on(deps);
    h.memcpy(dest, src, bytes);
  });
}

event queue::memset(void *ptr, int value, size_t bytes) {
  return memset(ptr, value, bytes, std::vector<event>{});
}
event queue::memset(void *ptr, int value, size_t bytes, event dep) {
  return memset(ptr, value, bytes, std::vector<event>{dep});
}
event queue::memset(void *ptr, int value, size_t bytes, const std::vector<event> &deps) {
  return submit([&](handler &h) {
    h.depends_on(deps);
    h.memset(ptr, value, bytes);
  });
}

} // namespace sycl
