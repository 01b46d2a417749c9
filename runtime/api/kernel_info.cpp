// kernel_info.cpp - kernel::get_info: the info::kernel and
// info::kernel_device_specific descriptors (SYCL 2020 4.11.13), answered by
// the adapter's kernel queries on the kernel as built for the device.
#include "../core/context_impl.h"
#include "../core/device_impl.h"
#include "../core/error.h"
#include "../core/impl_access.h"
#include "../core/kernel_bundle_impl.h"
#include "../fatbin/kernel_requirements.h"

#include <sycl/kernel_bundle.hpp>

#include <algorithm>
#include <array>
#include <optional>

namespace sycl {

using detail::impl_access;

namespace detail {
namespace {

/// The kernel `name` of `bundle` as built for `device` (built now if no
/// launch or build has), or null when the adapter has no kernel_get_info.
smcp_kernel query_kernel(const kernel_bundle_impl &bundle, const std::string &name,
                         const std::shared_ptr<device_impl> &device) {
  if (!bundle.has_device(*device))
    smcp::rt::throw_error(errc::invalid, "kernel::get_info: device '" + device->name() +
                                             "' is not one of the kernel bundle's devices");
  for (const auto &img : bundle.images(*device)) {
    const auto &ks = img->image.Kernels;
    if (std::find(ks.begin(), ks.end(), name) == ks.end())
      continue;
    if (!device->adapter().table().kernel_get_info)
      return nullptr;
    return bundle.context->programs()
        .get_kernel(*device, img, name, spec_build_values(img->spec_constants, bundle.spec_values))
        .kernel;
  }
  smcp::rt::throw_error(errc::invalid, "kernel::get_info: no image of kernel '" + name +
                                           "' loads on device '" + device->name() + "'");
}

/// Asks the adapter about the kernel on `device`; `fallback` answers when
/// the adapter has no kernel_get_info.
template <typename T>
T kernel_query(const kernel_bundle_impl &bundle, const std::string &name,
               const std::shared_ptr<device_impl> &device, smcp_kernel_info what,
               T (*fallback)(const device_impl &)) {
  smcp_kernel k = query_kernel(bundle, name, device);
  if (!k)
    return fallback(*device);
  T value{};
  SMCP_ADAPTER_CALL(device->adapter(), kernel_get_info, k, device->handle(), what, sizeof(value),
                    &value, nullptr);
  return value;
}

/// The kernel's [[sycl::reqd_work_group_size]] as a range<3> (leading 1s
/// for fewer dimensions), if an image of the bundle for `device` records one.
std::optional<range<3>> required_work_group_size(const kernel_bundle_impl &bundle,
                                                 const std::string &name,
                                                 const device_impl &device) {
  for (const auto &img : bundle.images(device)) {
    std::vector<uint32_t> size;
    std::string error;
    if (!smcp::fatbin::decodeKernelWorkGroupSize(img->image, name, size, error) || size.empty())
      continue;
    range<3> r(1, 1, 1);
    for (size_t d = 0; d < size.size(); ++d)
      r[3 - size.size() + d] = size[d];
    return r;
  }
  return std::nullopt;
}

template <typename T> [[noreturn]] T cannot_query(const device_impl &d) {
  smcp::rt::throw_error(errc::feature_not_supported,
                        "kernel::get_info: the adapter of device '" + d.name() +
                            "' cannot query kernels");
}

/// The sub-group size kernels run with: the largest the device has (smcp_device_caps).
uint32_t largest_sub_group(const device_impl &d) {
  const smcp_device_caps &caps = d.caps();
  uint32_t n = std::min<uint32_t>(caps.num_sub_group_sizes, 8);
  return n ? *std::max_element(caps.sub_group_sizes, caps.sub_group_sizes + n) : 1;
}

} // namespace
} // namespace detail

template <> uint32_t kernel::get_info<info::kernel::num_args>() const {
  return detail::kernel_query<uint32_t>(*_bundle, *_name, _bundle->devices.front(),
                                        SMCP_KERNEL_INFO_NUM_ARGS, detail::cannot_query<uint32_t>);
}

template <> std::string kernel::get_info<info::kernel::attributes>() const {
  const auto &device = _bundle->devices.front();
  smcp_kernel k = detail::query_kernel(*_bundle, *_name, device);
  if (!k)
    detail::cannot_query<void>(*device);
  size_t n = 0;
  SMCP_ADAPTER_CALL(device->adapter(), kernel_get_info, k, device->handle(),
                    SMCP_KERNEL_INFO_ATTRIBUTES, 0, nullptr, &n);
  std::string s(n, '\0');
  SMCP_ADAPTER_CALL(device->adapter(), kernel_get_info, k, device->handle(),
                    SMCP_KERNEL_INFO_ATTRIBUTES, n, s.data(), nullptr);
  s.resize(std::char_traits<char>::length(s.c_str()));
  return s;
}

template <>
size_t kernel::get_info<info::kernel_device_specific::work_group_size>(const device &dev) const {
  return detail::kernel_query<size_t>(
      *_bundle, *_name, impl_access::impl(dev), SMCP_KERNEL_INFO_WORK_GROUP_SIZE,
      // Without the kernel's own limit, the device's is the best bound known.
      [](const detail::device_impl &d) -> size_t {
        return d.info_scalar<uint64_t>(SMCP_DEVICE_INFO_MAX_WORK_GROUP_SIZE);
      });
}

template <>
size_t kernel::get_info<info::kernel_device_specific::preferred_work_group_size_multiple>(
    const device &dev) const {
  return detail::kernel_query<uint64_t>(*_bundle, *_name, impl_access::impl(dev),
                                        SMCP_KERNEL_INFO_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                        detail::cannot_query<uint64_t>);
}

template <>
size_t kernel::get_info<info::kernel_device_specific::private_mem_size>(const device &dev) const {
  return detail::kernel_query<uint64_t>(*_bundle, *_name, impl_access::impl(dev),
                                        SMCP_KERNEL_INFO_PRIVATE_MEM_SIZE,
                                        detail::cannot_query<uint64_t>);
}

/// The [[sycl::reqd_work_group_size]] the image records (the same on every
/// backend), else the backend's answer, which it reports fastest-varying
/// first; SYCL lists sizes the other way.
template <>
range<3> kernel::get_info<info::kernel_device_specific::compile_work_group_size>(
    const device &dev) const {
  if (auto size = detail::required_work_group_size(*_bundle, *_name, *impl_access::impl(dev)))
    return *size;
  auto v = detail::kernel_query<std::array<uint64_t, 3>>(
      *_bundle, *_name, impl_access::impl(dev), SMCP_KERNEL_INFO_COMPILE_WORK_GROUP_SIZE,
      detail::cannot_query<std::array<uint64_t, 3>>);
  return range<3>(v[2], v[1], v[0]);
}

/// Only built-in kernels and custom devices have one (SYCL 2020 Table 136).
template <>
range<3> kernel::get_info<info::kernel_device_specific::global_work_size>(const device &dev) const {
  smcp::rt::throw_error(errc::invalid,
                        "info::kernel_device_specific::global_work_size: kernel '" + *_name +
                            "' is neither a built-in kernel nor one of a custom device ('" +
                            impl_access::impl(dev)->name() + "')");
}

template <>
uint32_t kernel::get_info<info::kernel_device_specific::max_sub_group_size>(const device &dev) const {
  return detail::largest_sub_group(*impl_access::impl(dev));
}

template <>
uint32_t kernel::get_info<info::kernel_device_specific::max_num_sub_groups>(const device &dev) const {
  size_t wg = get_info<info::kernel_device_specific::work_group_size>(dev);
  uint32_t sg = get_info<info::kernel_device_specific::max_sub_group_size>(dev);
  return uint32_t((wg + sg - 1) / sg);
}

/// SMCP kernels declare no required sub-group size or count.
template <>
uint32_t kernel::get_info<info::kernel_device_specific::compile_num_sub_groups>(const device &) const {
  return 0;
}
template <>
uint32_t kernel::get_info<info::kernel_device_specific::compile_sub_group_size>(const device &) const {
  return 0;
}

} // namespace sycl
