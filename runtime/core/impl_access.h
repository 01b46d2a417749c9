// impl_access.h - wraps runtime impls into SYCL objects and unwraps them.
#pragma once

#include "handler_impl.h"
#include "interop_data.h"

#include <sycl/context.hpp>
#include <sycl/device.hpp>
#include <sycl/event.hpp>
#include <sycl/handler.hpp>
#include <sycl/interop_handle.hpp>
#include <sycl/platform.hpp>
#include <sycl/queue.hpp>

namespace sycl::detail {

struct impl_access {
  template <typename T, typename Impl> static T wrap(std::shared_ptr<Impl> impl) {
    return T(std::move(impl));
  }
  template <typename T> static const auto &impl(const T &object) { return object._impl; }
  static handler make_handler(handler_impl &impl) { return handler(impl); }
  static handler_impl &impl(handler &h) { return *h._impl; }
  static interop_handle make_interop_handle(const interop_data *d) { return interop_handle(d); }
  static void set_impl(queue &q, std::shared_ptr<queue_impl> impl) { q._impl = std::move(impl); }
};

} // namespace sycl::detail
