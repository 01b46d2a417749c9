// queue_impl.h - a backend queue: runs command groups and collects their
// asynchronous errors for the async_handler.
//
// Commands go straight to the backend queue, their explicit dependencies
// becoming backend wait lists (the scheduler for accessors comes later).
#pragma once

#include "context_impl.h"
#include "event_impl.h"
#include "handler_impl.h"

#include <sycl/property_list.hpp>

#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace sycl {
class handler;
}

namespace sycl::detail {

class queue_impl : public std::enable_shared_from_this<queue_impl> {
public:
  queue_impl(std::shared_ptr<context_impl> context, std::shared_ptr<device_impl> device,
             async_handler handler, property_list props);
  queue_impl(const queue_impl &) = delete;
  queue_impl &operator=(const queue_impl &) = delete;
  ~queue_impl();

  const std::shared_ptr<context_impl> &context() const { return _context; }
  const std::shared_ptr<device_impl> &device() const { return _device; }
  const property_list &properties() const { return _props; }
  bool in_order() const { return _in_order; }

  std::shared_ptr<event_impl> submit(const std::function<void(handler &)> &cgf);
  void wait();
  void throw_asynchronous();
  void report_async(std::exception_ptr error);

private:
  std::shared_ptr<event_impl> execute(const command &c,
                                      const std::vector<std::shared_ptr<event_impl>> &deps);
  smcp_event launch(const kernel_command &k, const std::vector<smcp_event> &wait);
  smcp_event fill(const fill_command &f, const std::vector<smcp_event> &wait);
  std::vector<smcp_event> native_wait_list(const std::vector<std::shared_ptr<event_impl>> &deps);
  void track(const std::shared_ptr<event_impl> &e);

  std::shared_ptr<context_impl> _context;
  std::shared_ptr<device_impl> _device;
  async_handler _handler;
  property_list _props;
  bool _in_order;
  smcp_queue _handle = nullptr;

  std::mutex _mutex; // guards the two lists below
  std::vector<std::shared_ptr<event_impl>> _submitted;
  std::vector<std::exception_ptr> _async_errors;
};

} // namespace sycl::detail
