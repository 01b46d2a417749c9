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
  /// The direct dependencies still pending (SYCL 2020 4.6.6; completed ones may be left out).
  std::vector<event> get_wait_list();
  template <typename Param> typename Param::return_type get_info() const;
  /// Throws errc::invalid unless the queue has property::queue::enable_profiling.
  template <typename Param> typename Param::return_type get_profiling_info() const {
    return profiling_info(Param::smcp_index);
  }

  SMCP_IMPL_IDENTITY(event)

private:
  friend struct detail::impl_access;
  uint64_t profiling_info(int Which) const;
  explicit event(std::shared_ptr<detail::event_impl> Impl) : _impl(std::move(Impl)) {}

  std::shared_ptr<detail::event_impl> _impl;
};

} // namespace sycl

SMCP_DEFINE_IMPL_HASH(event)
