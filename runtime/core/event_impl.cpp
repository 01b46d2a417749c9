// event_impl.cpp - waiting on and querying graph nodes.
#include "event_impl.h"

#include "context_impl.h"
#include "error.h"
#include "exit_drain.h"
#include "scheduler.h"

#include <chrono>

namespace sycl::detail {

uint64_t host_time_ns() {
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count());
}

event_impl::event_impl() = default;

event_impl::event_impl(std::shared_ptr<context_impl> context, std::weak_ptr<queue_impl> queue,
                       bool host_node)
    : _context(std::move(context)), _queue(std::move(queue)), _host(host_node),
      _submit_ns(host_time_ns()), _state(state::pending) {}

event_impl::~event_impl() {
  if (_native)
    _context->adapter().try_call("event_release", _context->adapter().table().event_release,
                                 _native);
}

std::exception_ptr event_impl::wait() {
  auto &s = scheduler::get();
  smcp_event native = nullptr;
  {
    std::unique_lock<std::mutex> lock(s.mutex());
    if (_host)
      _cv.wait(lock, [this] { return _state == state::complete; });
    else
      s.wait_launched(lock, *this);
    if (_error) // already handed to the queue when it happened: not twice
      return nullptr;
    native = _native;
  }
  if (!native)
    return nullptr;
  try {
    SMCP_ADAPTER_CALL(_context->adapter(), event_wait, 1u, &native);
    command_finished();
    std::vector<std::shared_ptr<void>> done; // the command's temporaries: back to their pool
    {
      std::lock_guard<std::mutex> lock(s.mutex());
      done.swap(_keep_alive);
    }
    return nullptr;
  } catch (...) {
    return std::current_exception();
  }
}

info::event_command_status event_impl::status() const {
  smcp_event native = nullptr;
  {
    std::lock_guard<std::mutex> lock(scheduler::get().mutex());
    if (_state == state::pending || _state == state::launching)
      return info::event_command_status::submitted;
    if (_state == state::complete || !_native)
      return _host && _state != state::complete ? info::event_command_status::running
                                                : info::event_command_status::complete;
    native = _native;
  }
  smcp_event_status s = SMCP_EVENT_SUBMITTED;
  SMCP_ADAPTER_CALL(_context->adapter(), event_get_status, native, &s);
  switch (s) {
  case SMCP_EVENT_COMPLETE:
    return info::event_command_status::complete;
  case SMCP_EVENT_RUNNING:
    return info::event_command_status::running;
  default:
    return info::event_command_status::submitted;
  }
}

bool event_impl::finished_locked() const {
  if (_state != state::launched || _host)
    return _state == state::complete;
  smcp_event_status s = SMCP_EVENT_SUBMITTED;
  const auto &a = _context->adapter();
  return a.try_call("event_get_status", a.table().event_get_status, _native, &s) == SMCP_SUCCESS &&
         s == SMCP_EVENT_COMPLETE;
}

std::vector<std::shared_ptr<event_impl>> event_impl::wait_list() const {
  std::lock_guard<std::mutex> lock(scheduler::get().mutex());
  std::vector<std::shared_ptr<event_impl>> out = _deps;
  for (const auto &w : _wait_list)
    if (auto e = w.lock())
      out.push_back(std::move(e));
  return out;
}

uint64_t event_impl::profiling(int which) const {
  if (!_profiled)
    smcp::rt::throw_error(errc::invalid, "profiling information was requested from an event "
                                         "whose queue lacks property::queue::enable_profiling");
  // command_start and command_end block until the command gets there; a
  // device command's three times all come from the backend (one timebase).
  auto &s = scheduler::get();
  smcp_event native;
  {
    std::unique_lock<std::mutex> lock(s.mutex());
    s.wait_launched(lock, *const_cast<event_impl *>(this));
    native = _native;
  }
  if (which != 0)
    if (auto error = const_cast<event_impl *>(this)->wait())
      std::rethrow_exception(error);
  if (native && _context->adapter().table().event_get_profiling) {
    static const smcp_profiling_info what[] = {SMCP_PROFILING_SUBMIT, SMCP_PROFILING_START,
                                               SMCP_PROFILING_END};
    uint64_t value = 0;
    SMCP_ADAPTER_CALL(_context->adapter(), event_get_profiling, native, what[which], &value);
    return value;
  }
  std::lock_guard<std::mutex> lock(s.mutex());
  if (which == 0)
    return _submit_ns;
  const uint64_t start = std::max(_submit_ns, _host_start_ns);
  return which == 1 ? start : std::max(start, _host_end_ns);
}

} // namespace sycl::detail
