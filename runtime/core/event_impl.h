// event_impl.h - a backend event, or an event that is complete from the start.
#pragma once

#include "adapter.h"

#include <sycl/info/info_desc.hpp>

#include <exception>
#include <memory>

namespace sycl::detail {

class context_impl;
class queue_impl;

class event_impl {
public:
  /// Complete from the start (empty command groups, zero-sized launches).
  event_impl() = default;
  event_impl(std::shared_ptr<context_impl> context, smcp_event native,
             std::weak_ptr<queue_impl> queue);
  event_impl(const event_impl &) = delete;
  event_impl &operator=(const event_impl &) = delete;
  ~event_impl();

  /// Blocks until the command ends. A failure of the command is returned, not
  /// thrown: it is an asynchronous error (SYCL 2020 4.13.1.2).
  std::exception_ptr wait();
  info::event_command_status status() const;

  smcp_event native() const { return _native; }
  const context_impl *context() const { return _context.get(); }
  std::shared_ptr<queue_impl> queue() const { return _queue.lock(); }

private:
  std::shared_ptr<context_impl> _context; // keeps the backend context alive
  smcp_event _native = nullptr;
  std::weak_ptr<queue_impl> _queue;
};

} // namespace sycl::detail
