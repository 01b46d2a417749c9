// event.cpp - sycl::event.
#include "../core/event_impl.h"
#include "../core/context_impl.h"
#include "../core/impl_access.h"
#include "../core/queue_impl.h"

#include <sycl/event.hpp>

namespace sycl {

event::event() : _impl(std::make_shared<detail::event_impl>()) {}

void event::wait() {
  if (auto error = _impl->wait()) {
    // An asynchronous error: it goes to the queue's handler at the next
    // wait_and_throw/throw_asynchronous.
    if (auto q = _impl->queue())
      q->report_async(error);
  }
}

void event::wait_and_throw() {
  wait();
  if (auto q = _impl->queue())
    q->throw_asynchronous();
}

void event::wait(const std::vector<event> &events) {
  for (auto e : events)
    e.wait();
}

void event::wait_and_throw(const std::vector<event> &events) {
  for (auto e : events)
    e.wait_and_throw();
}

std::vector<event> event::get_wait_list() {
  std::vector<event> out;
  for (auto &e : _impl->wait_list())
    out.push_back(event(std::move(e)));
  return out;
}

uint64_t event::profiling_info(int which) const { return _impl->profiling(which); }

backend event::get_backend() const noexcept {
  // A default-constructed event belongs to no backend; SMCP reports opencl for it.
  return _impl->context() ? _impl->context()->adapter().backend() : backend::opencl;
}

template <>
info::event_command_status event::get_info<info::event::command_execution_status>() const {
  return _impl->status();
}

} // namespace sycl
