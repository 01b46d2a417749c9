// context.cpp - sycl::context.
#include "../core/context_impl.h"
#include "../core/error.h"
#include "../core/impl_access.h"
#include "../core/runtime_state.h"

#include <sycl/context.hpp>
#include <sycl/device.hpp>
#include <sycl/platform.hpp>

#include <algorithm>

namespace sycl {
namespace {

using detail::impl_access;

std::shared_ptr<detail::context_impl> make_context(const std::vector<device> &devs,
                                                   async_handler handler) {
  if (devs.empty())
    smcp::rt::throw_error(errc::invalid, "a context needs at least one device");
  std::vector<std::shared_ptr<detail::device_impl>> impls;
  for (const auto &d : devs)
    impls.push_back(impl_access::impl(d));
  return std::make_shared<detail::context_impl>(impls.front()->platform(), std::move(impls),
                                                std::move(handler));
}

} // namespace

context::context(const property_list &props) : context(async_handler{}, props) {}
context::context(async_handler handler, const property_list &props)
    : context(device(), std::move(handler), props) {}
context::context(const device &dev, const property_list &props)
    : context(dev, async_handler{}, props) {}
context::context(const device &dev, async_handler handler, const property_list &props)
    : context(std::vector<device>{dev}, std::move(handler), props) {}
context::context(const platform &plt, const property_list &props)
    : context(plt, async_handler{}, props) {}
context::context(const platform &plt, async_handler handler, const property_list &props)
    : context(plt.get_devices(), std::move(handler), props) {}
context::context(const std::vector<device> &devs, const property_list &props)
    : context(devs, async_handler{}, props) {}
context::context(const std::vector<device> &devs, async_handler handler, const property_list &)
    : _impl(make_context(devs, std::move(handler))) {}

backend context::get_backend() const noexcept { return _impl->adapter().backend(); }

platform context::get_platform() const { return get_devices().front().get_platform(); }

std::vector<device> context::get_devices() const {
  std::vector<device> result;
  for (const auto &d : _impl->devices())
    result.push_back(impl_access::wrap<device>(d));
  return result;
}

template <> platform context::get_info<info::context::platform>() const { return get_platform(); }
template <> std::vector<device> context::get_info<info::context::devices>() const {
  return get_devices();
}

/// What every device of the context supports (SYCL 2020 4.6.3.1).
template <typename ContextDesc, typename DeviceDesc>
static typename ContextDesc::return_type common_capabilities(const context &ctx) {
  typename ContextDesc::return_type result;
  bool first = true;
  for (const device &d : ctx.get_devices()) {
    auto caps = d.get_info<DeviceDesc>();
    if (first)
      result = caps;
    else
      result.erase(std::remove_if(result.begin(), result.end(),
                                  [&](auto c) {
                                    return std::find(caps.begin(), caps.end(), c) == caps.end();
                                  }),
                   result.end());
    first = false;
  }
  return result;
}
#define SMCP_CONTEXT_CAPS(Desc)                                                                 \
  template <> info::context::Desc::return_type context::get_info<info::context::Desc>() const { \
    return common_capabilities<info::context::Desc, info::device::Desc>(*this);                \
  }
SMCP_CONTEXT_CAPS(atomic_memory_order_capabilities)
SMCP_CONTEXT_CAPS(atomic_fence_order_capabilities)
SMCP_CONTEXT_CAPS(atomic_memory_scope_capabilities)
SMCP_CONTEXT_CAPS(atomic_fence_scope_capabilities)
#undef SMCP_CONTEXT_CAPS

} // namespace sycl
