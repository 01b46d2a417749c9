// sycl::device (SYCL 2020 4.6.4).
#pragma once

#include "detail/common.hpp"
#include "info/info_desc.hpp"

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
  template <typename Param> typename Param::return_type get_info() const;

  static std::vector<device> get_devices(info::device_type Type = info::device_type::all);

  SMCP_IMPL_IDENTITY(device)

private:
  friend struct detail::impl_access;
  friend struct detail::header_access; // std::hash
  explicit device(std::shared_ptr<detail::device_impl> Impl) : _impl(std::move(Impl)) {}
  static device select(const std::function<int(const device &)> &Selector);

  std::shared_ptr<detail::device_impl> _impl;
};

} // namespace sycl

SMCP_DEFINE_IMPL_HASH(device)
