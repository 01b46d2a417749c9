// scheduler.cpp - launching graph nodes when their dependencies allow it,
// outside the graph's lock.
#include "scheduler.h"

#include "context_impl.h"
#include "error.h"
#include "queue_impl.h"
#include "thread_pool.h"

#include <algorithm>

namespace sycl::detail {

scheduler &scheduler::get() {
  static scheduler *s = new scheduler; // leaked: buffer destructors may run at exit
  return *s;
}

scheduler::lock::lock() : _lock(get()._mutex) { get()._holder = this; }

scheduler::lock::~lock() {
  try {
    unlock();
  } catch (...) { // unlock(nullptr) throws nothing: every error went to its node
  }
}

void scheduler::lock::unlock(const event_impl *mine) {
  if (!_lock.owns_lock())
    return;
  auto &s = get();
  std::exception_ptr thrown;
  while (!_ready.empty()) {
    auto batch = std::move(_ready);
    _ready.clear();
    std::vector<smcp_event_purpose> purposes;
    std::vector<std::exception_ptr> failed_sources;
    for (auto &node : batch) {
      purposes.push_back(purpose_locked(*node));
      auto failed = failed_source_locked(*node);
      if (failed && node->_queue.expired()) { // a host accessor's barrier: the accessor refuses
        node->_error = failed;                // (buffer.cpp), so that it ends when the accessor does
        failed = nullptr;
      }
      failed_sources.push_back(failed);
    }
    s._holder = nullptr;
    _lock.unlock();
    for (size_t i = 0; i < batch.size(); ++i) {
      auto &node = batch[i];
      std::exception_ptr error;
      const bool skipped = failed_sources[i] != nullptr;
      smcp_event native = skipped ? skip_launch(node, failed_sources[i], error)
                                  : run_launch(*node, purposes[i], error);
      _lock.lock();
      s._holder = this;
      const bool rethrown = error && node.get() == mine && !skipped;
      if (rethrown)
        thrown = error;
      if (native) // a failed launch's fence is made for the host
        node->_purpose = error ? SMCP_EVENT_FOR_HOST : purposes[i];
      // A skipped command's error is not reported: the failure it names was.
      s.finish_launch(node, native, error, rethrown || skipped);
      s._holder = nullptr;
      _lock.unlock();
    }
    batch.clear(); // a node's last reference releases its backend event: not under the lock
    _lock.lock();
    s._holder = this;
  }
  s._holder = nullptr;
  _lock.unlock();
  if (thrown)
    std::rethrow_exception(thrown);
}

bool scheduler::allows_launch(const event_impl &d, const event_impl &consumer) {
  if (d._state == event_impl::state::complete)
    return true;
  if (d._state != event_impl::state::launched || d._host || !d._native)
    return false;
  // On a backend queue: host work waits for it itself; a device command only
  // through a wait list, which backends take from its own context alone.
  return consumer._host || d._context == consumer._context;
}

void scheduler::add(const std::shared_ptr<event_impl> &node,
                    dep_list deps, launch_fn fn) {
  node->_launch = std::move(fn);
  node->_unready = 0;
  for (auto &d : deps) {
    if (!d || d.get() == node.get() || d->_state == event_impl::state::complete)
      continue;
    if (!allows_launch(*d, *node)) {
      d->_dependents.push_back(node);
      ++node->_unready;
      if (d->_state == event_impl::state::launched && !d->_host)
        watch(d); // another context's command on its backend queue: completed from the pool
    }
    node->_deps.push_back(std::move(d));
  }
  if (node->_unready == 0)
    make_ready(node);
}

bool scheduler::claim(const std::shared_ptr<event_impl> &node,
                      dep_list &deps) {
  if (failed_source_locked(*node)) // add() then skips it, naming the failure
    return false;
  for (const auto &d : deps)
    if (d && d.get() != node.get() && !allows_launch(*d, *node))
      return false;
  // Complete ones cost the wait list nothing (as in add()).
  deps.erase(std::remove_if(deps.begin(), deps.end(),
                            [&](const auto &d) {
                              return !d || d.get() == node.get() ||
                                     d->_state == event_impl::state::complete;
                            }),
             deps.end());
  node->_state = event_impl::state::launching;
  node->_deps = std::move(deps);
  return true;
}

void scheduler::make_ready(const std::shared_ptr<event_impl> &node) {
  node->_state = event_impl::state::launching;
  _holder->_ready.push_back(node);
}

smcp_event_purpose scheduler::purpose_locked(const event_impl &node) {
  if (node._profiled || node._host_waiters > 0)
    return SMCP_EVENT_FOR_HOST;
  for (const auto &d : node._dependents)
    if (d->_host || d->_context != node._context)
      return SMCP_EVENT_FOR_HOST;
  return SMCP_EVENT_FOR_DEVICE;
}

smcp_event scheduler::run_launch(event_impl &node, smcp_event_purpose purpose,
                                 std::exception_ptr &error) {
  // Launching nodes belong to the thread that launches them: no lock needed.
  auto fn = std::move(node._launch);
  node._launch = nullptr;
  try {
    return fn ? fn(node._deps, purpose) : nullptr;
  } catch (...) {
    error = std::current_exception();
    return node._host ? nullptr : fence_after_failure(node);
  }
}

std::exception_ptr scheduler::failed_source_locked(const event_impl &node) {
  for (const auto &s : node._sources)
    if (s->_error)
      return s->_error;
  return nullptr;
}

smcp_event scheduler::skip_launch(const std::shared_ptr<event_impl> &node,
                                  const std::exception_ptr &failed, std::exception_ptr &error) {
  node->_launch = nullptr; // launching nodes belong to their launcher: no lock needed
  auto skipped = std::make_exception_ptr(sycl::exception(
      errc::runtime, "not run: a command whose results it reads failed: " +
                         smcp::rt::exception_text(failed)));
  if (!node->_host) {
    error = skipped;
    return fence_after_failure(*node);
  }
  // Host work ends, as a host task would, once its dependencies have: memory
  // they still use outlives them.
  smcp::rt::thread_pool::get().post([node, skipped, deps = node->_deps] {
    for (const auto &d : deps)
      if (auto late = d->wait()) // a failure only a wait sees, as a host accessor reports it
        if (auto q = d->queue())
          q->report_async(late);
    scheduler::lock lock;
    get().complete_host(node, skipped, /*reported=*/true);
  });
  return nullptr;
}

smcp_event scheduler::fence_after_failure(const event_impl &node) {
  auto q = node.queue();
  if (!q)
    return nullptr;
  try {
    return q->marker(native_wait_list(node._context.get(), node._deps), SMCP_EVENT_FOR_HOST);
  } catch (...) { // the backend takes nothing more: the failure is the one to report
    return nullptr;
  }
}

void scheduler::finish_launch(const std::shared_ptr<event_impl> &node, smcp_event native,
                              std::exception_ptr error, bool reported) {
  for (auto &d : node->_deps) // launched: keep the wait list without keeping the graph alive
    node->_wait_list.push_back(d);
  node->_deps.clear();
  node->_sources.clear();
  if (error) {
    // Kept even when thrown to the submitter: commands reading what the node
    // should have written do not run (failed_source_locked).
    node->_error = error;
    if (!reported)
      if (auto q = node->queue())
        q->report_async(error);
    // Its fence (fence_after_failure) stands for it: who waits for the
    // failed command waits for what came before it, as for any command.
    node->_native = native;
    node->_state = native ? event_impl::state::launched : event_impl::state::complete;
  } else if (node->_host) {
    // Completes through complete_host, which the pool may already have
    // called: its task starts while the launch is still being recorded.
    if (node->_state == event_impl::state::launching) {
      node->_state = event_impl::state::launched;
      node->_cv.notify_all();
    }
    return;
  } else {
    node->_native = native;
    node->_state = native ? event_impl::state::launched : event_impl::state::complete;
  }
  released(node);
}

void scheduler::released(const std::shared_ptr<event_impl> &node) {
  node->_cv.notify_all();
  std::vector<std::shared_ptr<event_impl>> waiting;
  for (auto &d : node->_dependents) {
    if (!allows_launch(*node, *d)) {
      waiting.push_back(std::move(d)); // another context's command: waits for completion
      continue;
    }
    if (--d->_unready == 0)
      make_ready(d);
  }
  node->_dependents = std::move(waiting);
  if (!node->_dependents.empty())
    watch(node);
}

void scheduler::watch(const std::shared_ptr<event_impl> &node) {
  if (node->_watched)
    return;
  node->_watched = true;
  smcp::rt::thread_pool::get().post([node] {
    const auto &a = node->_context->adapter();
    smcp_event native = node->_native;
    auto r = a.try_call("event_wait", a.table().event_wait, 1u, &native);
    scheduler::lock lock;
    if (r != SMCP_SUCCESS && !node->_error)
      node->_error = std::make_exception_ptr(sycl::exception(
          smcp::rt::errc_for(r), a.describe_last_error("event_wait", r)));
    node->_state = event_impl::state::complete;
    get().released(node);
  });
}

void scheduler::complete_host(const std::shared_ptr<event_impl> &node, std::exception_ptr error,
                              bool reported) {
  node->_state = event_impl::state::complete;
  node->_host_end_ns = host_time_ns();
  if (error) {
    node->_error = error;
    if (!reported)
      if (auto q = node->queue())
        q->report_async(error);
  }
  released(node);
}

void scheduler::wait_launched(std::unique_lock<std::mutex> &lock, event_impl &node) {
  ++node._host_waiters; // the host will wait for its backend event: host-visible
  node._cv.wait(lock, [&] {
    return node._state != event_impl::state::pending &&
           node._state != event_impl::state::launching;
  });
  --node._host_waiters;
}

std::vector<smcp_event>
scheduler::native_wait_list(const context_impl *consumer,
                            const dep_list &deps) {
  std::vector<smcp_event> wait;
  for (const auto &d : deps)
    if (smcp_event e = native_event(*d, consumer)) // a complete one costs the backend nothing
      wait.push_back(e);
  return wait;
}

} // namespace sycl::detail
