// sycl::platform (SYCL 2020 4.6.2): one backend platform.
#pragma once

#include "detail/common.hpp"
#include "info/info_desc.hpp"

#include <string>
#include <type_traits>
#include <vector>

namespace sycl {

class device;

class platform {
public:
  /// The platform of the device the default selector picks.
  platform();
  template <typename Selector,
            typename = std::enable_if_t<std::is_invocable_r_v<int, const Selector &, const device &>>>
  explicit platform(const Selector &S) : platform(select(S)) {}

  backend get_backend() const noexcept;
  std::vector<device> get_devices(info::device_type Type = info::device_type::all) const;
  template <typename Param> typename Param::return_type get_info() const;
  bool has(aspect A) const;
  /// Deprecated in SYCL 2020 (use has()): whether the backend lists the extension.
  bool has_extension(const std::string &Extension) const;

  static std::vector<platform> get_platforms();

  SMCP_IMPL_IDENTITY(platform)

private:
  friend struct detail::impl_access;
  friend struct detail::header_access; // std::hash
  explicit platform(std::shared_ptr<detail::platform_impl> Impl) : _impl(std::move(Impl)) {}
  static platform select(const std::function<int(const device &)> &Selector);

  std::shared_ptr<detail::platform_impl> _impl;
};

} // namespace sycl

SMCP_DEFINE_IMPL_HASH(platform)
