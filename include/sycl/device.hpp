// sycl::device (SYCL 2020 4.6.4).
#pragma once

#include "detail/common.hpp"
#include "info/info_desc.hpp"

#include <string>
#include <type_traits>
#include <vector>

namespace sycl {

class platform;

class device {
public:
  /// The device the default selector picks.
  device();
  template <typename Selector,
            typename = std::enable_if_t<std::is_invocable_r_v<int, const Selector &, const device &>>>
  explicit device(const Selector &S) : device(select(S)) {}

  bool is_cpu() const;
  bool is_gpu() const;
  bool is_accelerator() const;
  platform get_platform() const;
  backend get_backend() const noexcept;
  bool has(aspect A) const;
  /// Deprecated in SYCL 2020 (use has()): whether the backend lists the extension.
  bool has_extension(const std::string &Extension) const;
  template <typename Param> typename Param::return_type get_info() const;

  /// Sub-devices (4.6.4): errc::feature_not_supported where the device cannot
  /// be partitioned that way (info::device::partition_properties).
  template <info::partition_property Prop> std::vector<device> create_sub_devices(size_t Count) const {
    static_assert(Prop == info::partition_property::partition_equally,
                  "create_sub_devices(size_t) partitions equally");
    return partition(Prop, Count, {}, info::partition_affinity_domain::not_applicable);
  }
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(const std::vector<size_t> &Counts) const {
    static_assert(Prop == info::partition_property::partition_by_counts,
                  "create_sub_devices(std::vector<size_t>) partitions by counts");
    return partition(Prop, 0, Counts, info::partition_affinity_domain::not_applicable);
  }
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(info::partition_affinity_domain Domain) const {
    static_assert(Prop == info::partition_property::partition_by_affinity_domain,
                  "create_sub_devices(partition_affinity_domain) partitions by affinity domain");
    return partition(Prop, 0, {}, Domain);
  }

  static std::vector<device> get_devices(info::device_type Type = info::device_type::all);

  SMCP_IMPL_IDENTITY(device)

private:
  friend struct detail::impl_access;
  friend struct detail::header_access; // std::hash
  explicit device(std::shared_ptr<detail::device_impl> Impl) : _impl(std::move(Impl)) {}
  static device select(const std::function<int(const device &)> &Selector);
  std::vector<device> partition(info::partition_property Prop, size_t Count,
                                const std::vector<size_t> &Counts,
                                info::partition_affinity_domain Domain) const;

  std::shared_ptr<detail::device_impl> _impl;
};

} // namespace sycl

SMCP_DEFINE_IMPL_HASH(device)
