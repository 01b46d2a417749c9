// platform_device.cpp - sycl::platform and sycl::device, and the platform's get_info
// (the device's descriptors are device_info.cpp's).
#include "../core/error.h"
#include "../core/impl_access.h"
#include "../core/runtime_state.h"

#include <sycl/detail/adapter_report.hpp>
#include <sycl/device.hpp>
#include <sycl/device_selector.hpp>
#include <sycl/platform.hpp>

namespace sycl {
namespace {

using detail::impl_access;
using detail::runtime_state;

bool type_matches(const detail::device_impl &d, info::device_type t) {
  switch (t) {
  case info::device_type::all:
  case info::device_type::automatic:
    return true;
  case info::device_type::cpu:
    return d.type() == SMCP_DEVICE_TYPE_CPU;
  case info::device_type::gpu:
    return d.type() == SMCP_DEVICE_TYPE_GPU;
  case info::device_type::accelerator:
    return d.type() == SMCP_DEVICE_TYPE_ACCELERATOR;
  default:
    return false;
  }
}

std::vector<device> wrap_devices(const std::vector<std::shared_ptr<detail::device_impl>> &devs,
                                 info::device_type t) {
  std::vector<device> result;
  for (const auto &d : devs)
    if (type_matches(*d, t))
      result.push_back(impl_access::wrap<device>(d));
  return result;
}

} // namespace

// --- platform ---------------------------------------------------------------

platform::platform() : platform(select(default_selector_v)) {}

platform platform::select(const std::function<int(const device &)> &selector) {
  return device(selector).get_platform();
}

backend platform::get_backend() const noexcept { return _impl->adapter().backend(); }

std::vector<device> platform::get_devices(info::device_type t) const {
  return wrap_devices(_impl->devices(), t);
}

bool platform::has(aspect a) const {
  for (const auto &d : _impl->devices())
    if (!d->has(a))
      return false;
  return true;
}

std::vector<platform> platform::get_platforms() {
  std::vector<platform> result;
  for (const auto &p : runtime_state::get().platforms())
    result.push_back(impl_access::wrap<platform>(p));
  return result;
}

template <> std::string platform::get_info<info::platform::name>() const {
  return _impl->info_string(SMCP_PLATFORM_INFO_NAME);
}
template <> std::string platform::get_info<info::platform::vendor>() const {
  return _impl->info_string(SMCP_PLATFORM_INFO_VENDOR);
}
template <> std::string platform::get_info<info::platform::version>() const {
  return _impl->info_string(SMCP_PLATFORM_INFO_VERSION);
}
template <> std::string platform::get_info<info::platform::profile>() const {
  return _impl->info_string(SMCP_PLATFORM_INFO_PROFILE);
}

// --- device -----------------------------------------------------------------

device::device() : device(select(default_selector_v)) {}

bool device::is_cpu() const { return _impl->type() == SMCP_DEVICE_TYPE_CPU; }
bool device::is_gpu() const { return _impl->type() == SMCP_DEVICE_TYPE_GPU; }
bool device::is_accelerator() const { return _impl->type() == SMCP_DEVICE_TYPE_ACCELERATOR; }
backend device::get_backend() const noexcept { return _impl->adapter().backend(); }
bool device::has(aspect a) const { return _impl->has(a); }

platform device::get_platform() const {
  for (const auto &p : runtime_state::get().platforms())
    if (p.get() == &_impl->platform())
      return impl_access::wrap<platform>(p);
  smcp::rt::throw_error(errc::runtime, "the device's platform is not registered");
}

std::vector<device> device::get_devices(info::device_type t) {
  return wrap_devices(runtime_state::get().devices(), t);
}

} // namespace sycl

namespace sycl::detail {

const char *outcome_name(adapter_outcome::state s) {
  using state = adapter_outcome::state;
  switch (s) {
  case state::usable:             return "usable";
  case state::not_found:          return "not-found";
  case state::load_failed:        return "load-failed";
  case state::abi_mismatch:       return "abi-mismatch";
  case state::init_failed:        return "init-failed";
  case state::no_devices:         return "no-devices";
  case state::enumeration_failed: return "enumeration-failed";
  case state::hidden:             return "hidden";
  }
  return "unknown";
}

std::vector<adapter_outcome> adapter_outcomes() {
  return runtime_state::get().adapters().attempts;
}

} // namespace sycl::detail
