// device_partition.cpp - sub-devices (SYCL 2020 4.6.4.2): create_sub_devices
// and the partition descriptors of device::get_info.
//
// SMCP partitions a device only into the sub-devices its backend already
// splits it into (adapter_abi.h's get_sub_devices: Level Zero's tiles, each
// with its own memory). That split is by the NUMA affinity domain, so
// partition_by_affinity_domain with numa or next_partitionable returns those
// sub-devices; equal and by-count partitions, which would need the backend to
// cut compute units apart, are errc::feature_not_supported everywhere.
#include "../core/device_impl.h"
#include "../core/error.h"
#include "../core/impl_access.h"

#include <sycl/device.hpp>

#include <algorithm>

namespace sycl {
namespace {

using detail::impl_access;

bool has_sub_devices(const std::shared_ptr<detail::device_impl> &d) {
  return !d->sub_devices().empty();
}

const char *property_name(info::partition_property prop) {
  switch (prop) {
  case info::partition_property::partition_equally:
    return "partition_equally";
  case info::partition_property::partition_by_counts:
    return "partition_by_counts";
  case info::partition_property::partition_by_affinity_domain:
    return "partition_by_affinity_domain";
  default:
    return "no_partition";
  }
}

} // namespace

template <> device device::get_info<info::device::parent_device>() const {
  if (auto parent = _impl->parent())
    return impl_access::wrap<device>(std::move(parent));
  smcp::rt::throw_error(errc::invalid, "info::device::parent_device: device '" + _impl->name() +
                                           "' is a root device");
}

template <> uint32_t device::get_info<info::device::partition_max_sub_devices>() const {
  return uint32_t(_impl->sub_devices().size());
}

template <>
std::vector<info::partition_property> device::get_info<info::device::partition_properties>() const {
  if (!has_sub_devices(_impl))
    return {};
  return {info::partition_property::partition_by_affinity_domain};
}

template <>
std::vector<info::partition_affinity_domain>
device::get_info<info::device::partition_affinity_domains>() const {
  if (!has_sub_devices(_impl))
    return {};
  return {info::partition_affinity_domain::numa,
          info::partition_affinity_domain::next_partitionable};
}

template <>
info::partition_property device::get_info<info::device::partition_type_property>() const {
  return _impl->parent() ? info::partition_property::partition_by_affinity_domain
                         : info::partition_property::no_partition;
}

/// A sub-device was split along NUMA domains, whichever domain its caller
/// named (next_partitionable picks the first the device has: numa).
template <>
info::partition_affinity_domain
device::get_info<info::device::partition_type_affinity_domain>() const {
  return _impl->parent() ? info::partition_affinity_domain::numa
                         : info::partition_affinity_domain::not_applicable;
}

std::vector<device> device::partition(info::partition_property prop, size_t,
                                      const std::vector<size_t> &,
                                      info::partition_affinity_domain domain) const {
  const std::string where = "device::create_sub_devices: device '" + _impl->name() + "'";
  if (prop != info::partition_property::partition_by_affinity_domain)
    smcp::rt::throw_error(errc::feature_not_supported,
                          where + " cannot be partitioned by " + property_name(prop) +
                              ": SMCP partitions only by affinity domain, into the "
                              "sub-devices the backend reports");
  if (!has_sub_devices(_impl))
    smcp::rt::throw_error(errc::feature_not_supported,
                          where + " cannot be partitioned: its backend reports no "
                                  "sub-devices for it (partition_properties is empty)");
  auto domains = get_info<info::device::partition_affinity_domains>();
  if (std::find(domains.begin(), domains.end(), domain) == domains.end())
    smcp::rt::throw_error(errc::feature_not_supported,
                          where + " cannot be partitioned by that affinity domain: its "
                                  "sub-devices split it by numa (or next_partitionable)");
  std::vector<device> result;
  for (const auto &sub : _impl->sub_devices())
    result.push_back(impl_access::wrap<device>(sub));
  return result;
}

} // namespace sycl
