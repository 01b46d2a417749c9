// event_impl.cpp - waiting on and querying backend events.
#include "event_impl.h"

#include "context_impl.h"

namespace sycl::detail {

event_impl::event_impl(std::shared_ptr<context_impl> context, smcp_event native,
                       std::weak_ptr<queue_impl> queue)
    : _context(std::move(context)), _native(native), _queue(std::move(queue)) {}

event_impl::~event_impl() {
  if (_native)
    _context->adapter().try_call("event_release", _context->adapter().table().event_release,
                                 _native);
}

std::exception_ptr event_impl::wait() {
  if (!_native)
    return nullptr;
  try {
    SMCP_ADAPTER_CALL(_context->adapter(), event_wait, 1u, &_native);
    return nullptr;
  } catch (...) {
    return std::current_exception();
  }
}

info::event_command_status event_impl::status() const {
  if (!_native)
    return info::event_command_status::complete;
  smcp_event_status s = SMCP_EVENT_SUBMITTED;
  SMCP_ADAPTER_CALL(_context->adapter(), event_get_status, _native, &s);
  switch (s) {
  case SMCP_EVENT_COMPLETE:
    return info::event_command_status::complete;
  case SMCP_EVENT_RUNNING:
    return info::event_command_status::running;
  default:
    return info::event_command_status::submitted;
  }
}

} // namespace sycl::detail
