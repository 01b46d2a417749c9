// sycl::event (SYCL 2020 4.6.6): the completion of one command group.
#pragma once

#include "detail/common.hpp"
#include "info/info_desc.hpp"

#include <vector>

namespace sycl {

class event {
public:
  /// An event that is already complete.
  event();

  void wait();
  void wait_and_throw();
  static void wait(const std::vector<event> &Events);
  static void wait_and_throw(const std::vector<event> &Events);
  backend get_backend() const noexcept;
  template <typename Param> typename Param::return_type get_info() const;

  SMCP_IMPL_IDENTITY(event)

private:
  friend struct detail::impl_access;
  explicit event(std::shared_ptr<detail::event_impl> Impl) : _impl(std::move(Impl)) {}

  std::shared_ptr<detail::event_impl> _impl;
};

} // namespace sycl

SMCP_DEFINE_IMPL_HASH(event)
