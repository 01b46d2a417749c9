// scheduler.cpp - launching graph nodes when their dependencies allow it.
#include "scheduler.h"

#include "context_impl.h"
#include "queue_impl.h"

namespace sycl::detail {

scheduler &scheduler::get() {
  static scheduler *s = new scheduler; // leaked: buffer destructors may run at exit
  return *s;
}

bool scheduler::allows_launch(const event_impl &d) {
  // A device command on a backend queue is ordered by wait lists; host work
  // must have finished.
  return d._state == event_impl::state::complete ||
         (d._state == event_impl::state::launched && !d._host && d._native);
}

void scheduler::add(const std::shared_ptr<event_impl> &node,
                    std::vector<std::shared_ptr<event_impl>> deps, launch_fn fn) {
  node->_launch = std::move(fn);
  node->_unready = 0;
  for (auto &d : deps) {
    if (!d || d.get() == node.get() || d->_state == event_impl::state::complete)
      continue;
    if (!allows_launch(*d)) {
      d->_dependents.push_back(node);
      ++node->_unready;
    }
    node->_deps.push_back(std::move(d));
  }
  if (node->_unready == 0)
    launch(node, /*rethrow=*/true);
}

bool scheduler::start(const std::shared_ptr<event_impl> &node, std::exception_ptr &error) {
  auto fn = std::move(node->_launch);
  node->_launch = nullptr;
  smcp_event native = nullptr;
  try {
    native = fn ? fn(node->_deps) : nullptr;
  } catch (...) {
    error = std::current_exception();
  }
  for (auto &d : node->_deps) // launched: keep the wait list without keeping the graph alive
    node->_wait_list.push_back(d);
  node->_deps.clear();
  if (error) {
    node->_state = event_impl::state::complete;
    return true;
  }
  if (node->_host) {
    node->_state = event_impl::state::launched; // completes through complete_host
    node->_cv.notify_all();
    return false;
  }
  node->_native = native;
  node->_state = native ? event_impl::state::launched : event_impl::state::complete;
  return true;
}

void scheduler::launch(const std::shared_ptr<event_impl> &node, bool rethrow) {
  std::exception_ptr error;
  const bool ready = start(node, error);
  if (error && !rethrow) {
    node->_error = error;
    if (auto q = node->queue())
      q->report_async(error);
  }
  if (ready)
    released(node);
  if (error && rethrow)
    std::rethrow_exception(error);
}

void scheduler::released(const std::shared_ptr<event_impl> &node) {
  // A worklist, not recursion: a long chain held back by a host accessor
  // launches in one loop when it is released.
  std::vector<std::shared_ptr<event_impl>> work{node};
  while (!work.empty()) {
    auto n = std::move(work.back());
    work.pop_back();
    n->_cv.notify_all();
    auto dependents = std::move(n->_dependents);
    n->_dependents.clear();
    for (auto &d : dependents) {
      if (--d->_unready != 0)
        continue;
      std::exception_ptr error;
      const bool ready = start(d, error);
      if (error) {
        d->_error = error;
        if (auto q = d->queue())
          q->report_async(error);
      }
      if (ready)
        work.push_back(std::move(d));
    }
  }
}

void scheduler::complete_host(const std::shared_ptr<event_impl> &node, std::exception_ptr error) {
  node->_state = event_impl::state::complete;
  node->_host_end_ns = host_time_ns();
  if (error) {
    node->_error = error;
    if (auto q = node->queue())
      q->report_async(error);
  }
  released(node);
}

void scheduler::wait_launched(std::unique_lock<std::mutex> &lock, event_impl &node) {
  node._cv.wait(lock, [&] { return node._state != event_impl::state::pending; });
}

std::vector<smcp_event>
scheduler::native_wait_list(const context_impl *consumer,
                            const std::vector<std::shared_ptr<event_impl>> &deps) {
  std::vector<smcp_event> wait;
  for (const auto &d : deps) {
    if (d->_state == event_impl::state::complete || !d->_native)
      continue;
    if (d->_context.get() == consumer) {
      wait.push_back(d->_native);
    } else {
      // Another context's event cannot be a backend dependency: wait on the host.
      const auto &a = d->_context->adapter();
      if (auto r = a.try_call("event_wait", a.table().event_wait, 1u, &d->_native))
        a.check("event_wait", r);
    }
  }
  return wait;
}

} // namespace sycl::detail
