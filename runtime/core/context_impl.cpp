// context_impl.cpp - backend contexts.
#include "context_impl.h"

#include "error.h"

namespace sycl::detail {

context_impl::context_impl(platform_impl &platform,
                           std::vector<std::shared_ptr<device_impl>> devices,
                           async_handler handler)
    : _platform(platform), _devices(std::move(devices)), _handler(std::move(handler)) {
  if (_devices.empty())
    smcp::rt::throw_error(errc::invalid, "a context needs at least one device");
  std::vector<smcp_device> handles;
  for (const auto &d : _devices) {
    if (&d->platform() != &_platform)
      smcp::rt::throw_error(errc::invalid, "the devices of a context must share one platform");
    handles.push_back(d->handle());
  }
  SMCP_ADAPTER_CALL(adapter(), context_create, uint32_t(handles.size()), handles.data(),
                    &_handle);
  _programs = std::make_unique<program_cache>(adapter(), _handle);
  _device_globals = std::make_unique<device_global_instances>(adapter(), _handle);
  _temporaries = std::make_unique<temporary_pool>(adapter(), _handle);
  _peers = std::make_unique<peer_copies>(adapter(), _handle, _devices);
  _textures = std::make_unique<texture_cache>(adapter(), _handle);
}

context_impl::~context_impl() {
  _programs.reset(); // programs, kernels and instances go before their context
  _device_globals.reset();
  _temporaries.reset();
  _textures.reset();
  adapter().try_call("context_release", adapter().table().context_release, _handle);
}

bool context_impl::contains(const device_impl &d) const {
  for (const auto &dev : _devices)
    if (dev.get() == &d)
      return true;
  return false;
}

} // namespace sycl::detail
