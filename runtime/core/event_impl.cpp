// event_impl.cpp - waiting on and querying graph nodes.
#include "event_impl.h"

#include "chrome_trace.h"
#include "context_impl.h"
#include "device_assert.h"
#include "error.h"
#include "exit_drain.h"
#include "node_allocator.h"
#include "scheduler.h"
#include "thread_pool.h"

#include <algorithm>
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
      _state(state::pending) {}

std::shared_ptr<event_impl> event_impl::make_node(std::shared_ptr<context_impl> context,
                                                  std::weak_ptr<queue_impl> queue, bool host_node) {
  return std::allocate_shared<event_impl>(node_allocator<event_impl>(), std::move(context),
                                          std::move(queue), host_node);
}

void keep_forever(std::vector<std::shared_ptr<void>> resources) {
  static std::mutex mutex;
  static auto *kept = new std::vector<std::shared_ptr<void>>; // reachable: not a leak
  std::lock_guard<std::mutex> lock(mutex);
  for (auto &r : resources)
    kept->push_back(std::move(r));
}

namespace {

/// Waits for a command that may still run, then lets its resources go
/// (or keeps them for good if the wait fails) and releases its event.
void release_after(std::shared_ptr<context_impl> context, smcp_event native,
                   std::vector<std::shared_ptr<void>> resources) {
  const auto &a = context->adapter();
  if (a.try_call("event_wait", a.table().event_wait, 1u, &native) != SMCP_SUCCESS)
    keep_forever(std::move(resources));
  resources.clear();
  a.try_call("event_release", a.table().event_release, native);
}

} // namespace

event_impl::~event_impl() {
  // A command that may still run keeps its temporaries (reduction partials,
  // stream buffers) until it has ended: waited for on the pool, not here
  // (nodes go under the graph's lock), nor reused while it runs.
  if (_native && !_keep_alive.empty() && _state != state::complete) {
    auto release = [context = _context, native = _native, keep = std::move(_keep_alive)]() mutable {
      release_after(std::move(context), native, std::move(keep));
    };
    if (exit_drained()) // no pool after the exit handler
      release();
    else
      smcp::rt::thread_pool::get().post(std::move(release));
    release_first_native(); // an event of a command that may still run may go at once
    return;
  }
  if (!_trace_name.empty())
    add_to_chrome_trace();
  if (_native)
    _context->adapter().try_call("event_release", _context->adapter().table().event_release,
                                 _native);
  release_first_native();
}

void event_impl::release_first_native() {
  if (_first_native)
    _context->adapter().try_call("event_release", _context->adapter().table().event_release,
                                 _first_native);
  _first_native = nullptr;
}

namespace {

/// e with the backend's timestamps of native when it gives them (the queue
/// was made with profiling while tracing), the start from first where the
/// command has two kernels, or else what the host saw.
smcp::rt::chrome_trace_event timed(smcp::rt::chrome_trace_event e, const smcp::rt::adapter &a,
                                   smcp_event native, smcp_event first, uint64_t host_start,
                                   uint64_t host_end) {
  smcp_event_status status = SMCP_EVENT_SUBMITTED;
  const auto &t = a.table();
  e.device_clock =
      native && t.event_get_profiling &&
      a.try_call("event_get_status", t.event_get_status, native, &status) == SMCP_SUCCESS &&
      status == SMCP_EVENT_COMPLETE &&
      a.try_call("event_get_profiling", t.event_get_profiling, first ? first : native,
                 SMCP_PROFILING_START, &e.start_ns) == SMCP_SUCCESS &&
      a.try_call("event_get_profiling", t.event_get_profiling, native, SMCP_PROFILING_END,
                 &e.end_ns) == SMCP_SUCCESS;
  if (!e.device_clock) { // host work, or from submission to when the host saw it end
    e.start_ns = host_start;
    e.end_ns = std::max(host_start, host_end ? host_end : host_time_ns());
  }
  return e;
}

} // namespace

void event_impl::add_to_chrome_trace() {
  smcp::rt::chrome_trace_event e{_trace_name, _trace_category, 0, 0, _trace_track, false};
  const uint64_t start = std::max(_submit_ns, _host_start_ns);
  const auto &a = _context->adapter();
  smcp_event_status status = SMCP_EVENT_SUBMITTED;
  if (_native && (a.try_call("event_get_status", a.table().event_get_status, _native, &status) !=
                      SMCP_SUCCESS ||
                  status != SMCP_EVENT_COMPLETE)) {
    // Still running (nobody waits for a command): timed once the exit drain
    // has let it finish; the deferred call owns the backend event then.
    smcp::rt::chrome_trace_defer([e, context = _context, native = _native,
                                  first = _first_native, start] {
      const auto &a = context->adapter();
      auto done = timed(e, a, native, first, start, 0);
      a.try_call("event_release", a.table().event_release, native);
      if (first)
        a.try_call("event_release", a.table().event_release, first);
      return done;
    });
    _native = nullptr;
    _first_native = nullptr;
    return;
  }
  smcp::rt::chrome_trace_add(timed(e, a, _native, _first_native, start, _host_end_ns));
}

std::exception_ptr event_impl::wait() {
  auto &s = scheduler::get();
  smcp_event native = nullptr;
  bool failed = false;
  {
    std::unique_lock<std::mutex> lock(s.mutex());
    if (_host)
      _cv.wait(lock, [this] { return _state == state::complete; });
    else
      s.wait_launched(lock, *this);
    // Complete (a wait already saw its backend event end) or never launched on a backend queue.
    if (_state != state::launched || !_native) {
      std::vector<std::shared_ptr<void>> done; // dropped after the lock
      done.swap(_keep_alive);
      lock.unlock();
      return nullptr;
    }
    native = _native;
    failed = _error != nullptr;
  }
  try {
    // A failed command's error went to its queue when it happened (not
    // twice); its backend event is the fence after its dependencies.
    const auto &a = _context->adapter();
    if (failed)
      a.try_call("event_wait", a.table().event_wait, 1u, &native);
    else
      SMCP_ADAPTER_CALL(a, event_wait, 1u, &native);
    command_finished();
    check_assert_after_end();
    std::vector<std::shared_ptr<void>> done; // the command's temporaries: back to their pool
    {
      std::lock_guard<std::mutex> lock(s.mutex());
      complete_after_wait_locked(done);
    }
    return nullptr;
  } catch (...) {
    return std::current_exception();
  }
}

void event_impl::check_assert_after_end() {
  if (_assert.flag)
    check_device_assert(*_context, *_assert.device, _assert.flag);
}

std::exception_ptr event_impl::failure() const {
  std::lock_guard<std::mutex> lock(scheduler::get().mutex());
  return _error;
}

bool event_impl::complete_after_wait_locked(std::vector<std::shared_ptr<void>> &released) {
  if (!launched_native_locked())
    return false;
  _state = state::complete;
  for (auto &r : _keep_alive)
    released.push_back(std::move(r));
  _keep_alive.clear();
  return true;
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
  std::vector<std::shared_ptr<event_impl>> out(_deps.begin(), _deps.end());
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
    native = which != 2 && _first_native ? _first_native : _native;
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
