// interop_handle.cpp - a host task's view of its queue's native objects.
#include "../core/context_impl.h"
#include "../core/interop_data.h"
#include "../core/queue_impl.h"

#include <sycl/interop_handle.hpp>

namespace sycl {

backend interop_handle::get_backend() const noexcept {
  return _data->queue->context()->adapter().backend();
}
void *interop_handle::native_queue() const {
  return _data->queue->context()->adapter().native_handle(SMCP_HANDLE_QUEUE,
                                                          _data->queue->handle());
}
void *interop_handle::native_device() const {
  return _data->queue->context()->adapter().native_handle(SMCP_HANDLE_DEVICE,
                                                          _data->queue->device()->handle());
}
void *interop_handle::native_context() const {
  return _data->queue->context()->adapter().native_handle(SMCP_HANDLE_CONTEXT,
                                                          _data->queue->context()->handle());
}

void *interop_handle::native_mem(const detail::accessor_impl *a) const {
  for (const auto &m : _data->memory)
    if (m.first == a)
      return m.second;
  throw exception(errc::invalid, "interop_handle::get_native_mem: the accessor is not a device "
                                 "accessor of this host task's command group");
}

} // namespace sycl
