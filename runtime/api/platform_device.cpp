// platform_device.cpp - sycl::platform and sycl::device, and their get_info.
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
  return "FULL_PROFILE";
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

template <> info::device_type device::get_info<info::device::device_type>() const {
  return is_gpu() ? info::device_type::gpu
         : is_cpu() ? info::device_type::cpu
                    : info::device_type::accelerator;
}

#define SMCP_DEVICE_SCALAR(Desc, Key, Stored)                                  \
  template <> info::device::Desc::return_type device::get_info<info::device::Desc>() const { \
    return static_cast<info::device::Desc::return_type>(_impl->info_scalar<Stored>(Key)); \
  }
SMCP_DEVICE_SCALAR(vendor_id, SMCP_DEVICE_INFO_VENDOR_ID, uint32_t)
SMCP_DEVICE_SCALAR(max_compute_units, SMCP_DEVICE_INFO_MAX_COMPUTE_UNITS, uint32_t)
SMCP_DEVICE_SCALAR(max_work_group_size, SMCP_DEVICE_INFO_MAX_WORK_GROUP_SIZE, uint64_t)
SMCP_DEVICE_SCALAR(max_clock_frequency, SMCP_DEVICE_INFO_MAX_CLOCK_FREQUENCY, uint32_t)
SMCP_DEVICE_SCALAR(max_mem_alloc_size, SMCP_DEVICE_INFO_MAX_MEM_ALLOC_SIZE, uint64_t)
SMCP_DEVICE_SCALAR(mem_base_addr_align, SMCP_DEVICE_INFO_MEM_BASE_ADDR_ALIGN, uint32_t)
SMCP_DEVICE_SCALAR(global_mem_size, SMCP_DEVICE_INFO_GLOBAL_MEM_SIZE, uint64_t)
SMCP_DEVICE_SCALAR(local_mem_size, SMCP_DEVICE_INFO_LOCAL_MEM_SIZE, uint64_t)
#undef SMCP_DEVICE_SCALAR

#define SMCP_DEVICE_STRING(Desc, Key)                                          \
  template <> std::string device::get_info<info::device::Desc>() const {       \
    return _impl->info_string(Key);                                            \
  }
SMCP_DEVICE_STRING(name, SMCP_DEVICE_INFO_NAME)
SMCP_DEVICE_STRING(vendor, SMCP_DEVICE_INFO_VENDOR)
SMCP_DEVICE_STRING(driver_version, SMCP_DEVICE_INFO_DRIVER_VERSION)
SMCP_DEVICE_STRING(version, SMCP_DEVICE_INFO_VERSION)
SMCP_DEVICE_STRING(backend_version, SMCP_DEVICE_INFO_VERSION)
#undef SMCP_DEVICE_STRING

template <> uint32_t device::get_info<info::device::max_work_item_dimensions>() const {
  return 3;
}
template <> bool device::get_info<info::device::is_available>() const { return true; }

template <> platform device::get_info<info::device::platform>() const { return get_platform(); }

template <> std::vector<aspect> device::get_info<info::device::aspects>() const {
  std::vector<aspect> result;
  for (int a = int(aspect::cpu); a <= int(aspect::usm_system_allocations); ++a)
    if (has(aspect(a)))
      result.push_back(aspect(a));
  return result;
}

/// The backend reports sizes fastest-varying first; SYCL lists them the other way.
template <int Dims> static range<Dims> work_item_sizes(const detail::device_impl &d) {
  uint64_t sizes[3] = {1, 1, 1};
  SMCP_ADAPTER_CALL(d.adapter(), get_device_info, d.handle(), SMCP_DEVICE_INFO_MAX_WORK_ITEM_SIZES,
                    sizeof(sizes), sizes, nullptr);
  const size_t s0 = sizes[Dims - 1];
  if constexpr (Dims == 1)
    return range<1>(s0);
  else if constexpr (Dims == 2)
    return range<2>(s0, sizes[0]);
  else
    return range<3>(s0, sizes[1], sizes[0]);
}
template <> range<1> device::get_info<info::device::max_work_item_sizes<1>>() const {
  return work_item_sizes<1>(*_impl);
}
template <> range<2> device::get_info<info::device::max_work_item_sizes<2>>() const {
  return work_item_sizes<2>(*_impl);
}
template <> range<3> device::get_info<info::device::max_work_item_sizes<3>>() const {
  return work_item_sizes<3>(*_impl);
}

} // namespace sycl

namespace sycl::detail {

std::vector<std::string> unusable_adapters() {
  std::vector<std::string> out;
  for (const auto &at : runtime_state::get().adapters().attempts)
    if (!at.failure.empty())
      out.push_back(at.path + ": " + at.failure);
  return out;
}

} // namespace sycl::detail
