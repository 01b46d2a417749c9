// sycl::event (SYCL 2020 4.6.6): the completion of one command group.
#pragma once

#include "detail/common.hpp"
#include "info/info_desc.hpp"

#include <type_traits>
#include <vector>

namespace sycl {

namespace detail {
/// The timestamp an info::event_profiling descriptor reads (the index the
/// runtime's event::profiling_info takes); other descriptors have none.
template <typename Param> struct profiling_index;
template <>
struct profiling_index<info::event_profiling::command_submit> : std::integral_constant<int, 0> {};
template <>
struct profiling_index<info::event_profiling::command_start> : std::integral_constant<int, 1> {};
template <>
struct profiling_index<info::event_profiling::command_end> : std::integral_constant<int, 2> {};
} // namespace detail

class event {
public:
  /// An event that is already complete.
  event();
  // Out of line (runtime/api/out_of_line_lifetimes.cpp): most submissions
  // drop the event they return, and its inline destruction was a reference
  // count and its clean-up in every one.
  event(const event &Other);
  event(event &&Other) noexcept;
  event &operator=(const event &Other);
  event &operator=(event &&Other) noexcept;
  ~event();

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
    return profiling_info(detail::profiling_index<Param>::value);
  }

  SMCP_IMPL_IDENTITY(event)

private:
  friend struct detail::impl_access;
  friend struct detail::header_access; // std::hash
  uint64_t profiling_info(int Which) const;
  explicit event(std::shared_ptr<detail::event_impl> Impl) : _impl(std::move(Impl)) {}

  std::shared_ptr<detail::event_impl> _impl;
};

} // namespace sycl

SMCP_DEFINE_IMPL_HASH(event)
