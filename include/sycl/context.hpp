// sycl::context (SYCL 2020 4.6.3): devices of one platform that share memory
// allocations and built programs.
#pragma once

#include "detail/common.hpp"
#include "exception.hpp"
#include "info/info_desc.hpp"
#include "property_list.hpp"

#include <vector>

namespace sycl {

class device;
class platform;

class context {
public:
  explicit context(const property_list &Props = {});
  explicit context(async_handler Handler, const property_list &Props = {});
  explicit context(const device &Dev, const property_list &Props = {});
  explicit context(const device &Dev, async_handler Handler, const property_list &Props = {});
  explicit context(const platform &Plt, const property_list &Props = {});
  explicit context(const platform &Plt, async_handler Handler, const property_list &Props = {});
  explicit context(const std::vector<device> &Devs, const property_list &Props = {});
  explicit context(const std::vector<device> &Devs, async_handler Handler,
                   const property_list &Props = {});

  backend get_backend() const noexcept;
  platform get_platform() const;
  std::vector<device> get_devices() const;
  template <typename Param> typename Param::return_type get_info() const;

  SMCP_IMPL_IDENTITY(context)

private:
  friend struct detail::impl_access;
  friend struct detail::header_access; // std::hash
  explicit context(std::shared_ptr<detail::context_impl> Impl) : _impl(std::move(Impl)) {}

  std::shared_ptr<detail::context_impl> _impl;
};

} // namespace sycl

SMCP_DEFINE_IMPL_HASH(context)
