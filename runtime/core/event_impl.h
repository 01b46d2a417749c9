// event_impl.h - one node of the command graph, and the event the user holds.
//
// A node is pending until its dependencies allow it to start, launching while
// one thread runs its launch outside the graph's lock, then launched: a device
// command has its backend event, a host node (host task, host accessor) runs
// on the host and completes when it returns (or, for a host accessor, when the
// accessor dies). Every state change happens under the scheduler's lock
// (scheduler.h); waiting happens outside it.
#pragma once

#include "adapter.h"
#include "inline_vector.h"

#include <sycl/info/info_desc.hpp>

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sycl::detail {

class context_impl;
class queue_impl;
class event_impl;
class device_impl;

uint64_t host_time_ns();

/// Resources of commands whose end no wait could confirm (the backend failed
/// the wait): kept for the rest of the process, since a command may still
/// use them.
void keep_forever(std::vector<std::shared_ptr<void>> resources);

/// A node's dependencies: nearly always one or two (inline_vector.h).
using dep_list = inline_vector<std::shared_ptr<event_impl>, 2>;

class event_impl {
public:
  enum class state { pending, launching, launched, complete };

  /// Complete from the start (the default event, empty command groups).
  event_impl();
  /// A node of a queue, pending until the scheduler launches it.
  event_impl(std::shared_ptr<context_impl> context, std::weak_ptr<queue_impl> queue,
             bool host_node);
  /// The same, its memory recycled from earlier nodes (node_allocator.h).
  static std::shared_ptr<event_impl> make_node(std::shared_ptr<context_impl> context,
                                               std::weak_ptr<queue_impl> queue, bool host_node);
  event_impl(const event_impl &) = delete;
  event_impl &operator=(const event_impl &) = delete;
  ~event_impl();

  /// Blocks until the command ends. A failure of the command is returned, not
  /// thrown: it is an asynchronous error (SYCL 2020 4.13.1.2).
  std::exception_ptr wait();
  info::event_command_status status() const;
  /// The direct dependencies that are still alive (EVT-3).
  std::vector<std::shared_ptr<event_impl>> wait_list() const;
  /// Profiling timestamps in ns (command_submit / start / end).
  uint64_t profiling(int which) const;

  /// The command's failure, once it has failed (null otherwise).
  std::exception_ptr failure() const;
  /// Whether the command has finished, asking the backend if need be (lock held).
  bool finished_locked() const;
  /// Whether its backend event was made for device-side waits only (lock held).
  bool launched_for_device_locked() const {
    return _state == state::launched && _native && _purpose == SMCP_EVENT_FOR_DEVICE;
  }
  /// Whether the node is known complete, without asking the backend (lock held).
  bool complete_locked() const { return _state == state::complete; }
  /// Its backend event while it runs on a backend queue (lock held), else null.
  smcp_event launched_native_locked() const {
    return _state == state::launched && !_host ? _native : nullptr;
  }
  /// Completes a device command whose backend event a wait has seen end
  /// (lock held), moving its temporaries to `released` to be dropped outside
  /// the lock. False, changing nothing, unless it was launched on a backend queue.
  bool complete_after_wait_locked(std::vector<std::shared_ptr<void>> &released);

  const context_impl *context() const { return _context.get(); }
  std::shared_ptr<queue_impl> queue() const { return _queue.lock(); }
  bool profiled() const { return _profiled; }
  /// Keeps resources of the command (temporaries) until this event goes or
  /// a wait has seen the command finish.
  void keep_alive(std::vector<std::shared_ptr<void>> resources) {
    _keep_alive = std::move(resources);
  }
  /// The command is a kernel with a device assert: once it has finished, a
  /// wait checks the assert flag on `device` (device_assert.h).
  void watch_assert(std::shared_ptr<device_impl> device, void *flag) {
    _assert = {std::move(device), flag};
  }
  /// `source` wrote data this command reads (lock held, while the command is
  /// added): when it failed, this command does not run (scheduler.h).
  void add_source_locked(const std::shared_ptr<event_impl> &source) {
    for (const auto &s : _sources)
      if (s == source)
        return;
    if (source.get() != this)
      _sources.push_back(source);
  }
  /// A command of two kernels (a reduction and its fold): the first one's
  /// backend event, which a profiled or traced command's submit and start
  /// times come from; the node releases it. Set by the launch, before the
  /// node is launched.
  void set_first_native(smcp_event first) { _first_native = first; }
  /// Does the command report its backend times (profiling, Chrome trace)?
  bool reports_times() const { return _profiled || !_trace_name.empty(); }
  /// Once the command has finished: aborts if its kernel's assert failed.
  void check_assert_after_end();
  void mark_host_start() { _host_start_ns = host_time_ns(); }
  /// Profiled and traced commands note their submission time; the others
  /// skip the clock read, which is a noticeable part of a launch.
  void set_profiled() {
    _profiled = true;
    _submit_ns = host_time_ns();
  }
  /// Names the command in the Chrome trace (chrome_trace.h), on the queue's
  /// track; set before the node is added to the graph, and only when tracing.
  void set_trace(std::string name, const char *category, uint32_t track) {
    if (!_submit_ns)
      _submit_ns = host_time_ns();
    _trace_name = std::move(name);
    _trace_category = category;
    _trace_track = track;
  }

private:
  friend class scheduler;

  /// Adds the command to the Chrome trace, or defers it until exit when it
  /// still runs (then the trace takes over the backend event).
  void add_to_chrome_trace();
  void release_first_native();

  std::shared_ptr<context_impl> _context; // keeps the backend context alive
  std::weak_ptr<queue_impl> _queue;
  const bool _host = false;
  std::vector<std::shared_ptr<void>> _keep_alive; // guarded by the scheduler's lock once set
  struct {
    std::shared_ptr<device_impl> device;
    void *flag = nullptr;
  } _assert; // set before the node is added to the graph
  bool _profiled = false;
  smcp_event _first_native = nullptr; // see set_first_native
  uint64_t _submit_ns = 0, _host_start_ns = 0, _host_end_ns = 0;
  std::string _trace_name; // empty: not traced
  const char *_trace_category = "";
  uint32_t _trace_track = 0;

  // Guarded by the scheduler's lock.
  state _state = state::complete;
  smcp_event _native = nullptr;
  std::exception_ptr _error;
  std::condition_variable _cv;
  unsigned _unready = 0; // dependencies that do not allow launching yet
  bool _watched = false; // the pool completes it for another context's dependents
  std::function<smcp_event(const dep_list &, smcp_event_purpose)> _launch;
  smcp_event_purpose _purpose = SMCP_EVENT_FOR_HOST;    // of _native, once launched
  unsigned _host_waiters = 0;                           // threads blocked until it launches
  dep_list _deps;                                       // until launched
  std::vector<std::shared_ptr<event_impl>> _dependents; // pending on this one
  inline_vector<std::weak_ptr<event_impl>, 2> _wait_list;
  inline_vector<std::shared_ptr<event_impl>, 1> _sources; // until launched
};

} // namespace sycl::detail
