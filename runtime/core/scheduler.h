// scheduler.h - the command graph: nodes wait for their dependencies, then
// launch.
//
// One mutex guards the graph and every memory object's bookkeeping, and it is
// held only to update them: launching a node (an adapter call) happens after
// it is released. Whoever holds the graph through a `scheduler::lock` collects
// the nodes that became ready and launches them once the lock is released, so
// submitting threads never queue behind another thread's driver latency.
//
// When a node may start: a device command once every dependency is on a
// backend queue of its context (the backend orders them through wait lists)
// or complete; host work once each dependency is complete or on a backend
// queue (the host waits for it). A dependency on another context's command
// is not a backend dependency: the pool waits for that command and completes
// it, which releases the node - nobody waits while holding the graph.
//
// A failed command's error stays on its node; a node reading data written by
// a failed one (its sources) does not run and fails naming that failure, so
// stale data never feeds a command and a failure is reported once.
#pragma once

#include "event_impl.h"

#include <mutex>

namespace sycl::detail {

class scheduler {
public:
  static scheduler &get();
  /// The graph's mutex, for reading it; updates take a scheduler::lock.
  std::mutex &mutex() { return _mutex; }

  /// A node's launch: its dependencies, and the purpose of the backend event
  /// it returns (purpose_locked).
  using launch_fn = std::function<smcp_event(const dep_list &, smcp_event_purpose)>;

  /// Holds the graph for an update. Nodes the update makes ready are
  /// launched by unlock() (or the destructor), after the mutex is released.
  class lock {
  public:
    lock();
    ~lock();
    lock(const lock &) = delete;
    lock &operator=(const lock &) = delete;
    /// Releases the graph and launches every node that became ready, and the
    /// ones those launches release in turn. A launch error of `mine` is
    /// thrown; any other becomes its node's asynchronous error.
    void unlock(const event_impl *mine = nullptr);

  private:
    friend class scheduler;
    std::unique_lock<std::mutex> _lock;
    std::vector<std::shared_ptr<event_impl>> _ready;
  };

  /// Adds `node` after `deps` (held through a scheduler::lock). `launch` runs
  /// once, without the lock, when every dependency allows it: a device
  /// command returns its backend event (or null when there was nothing to
  /// run); a host node returns null and is completed later with complete_host.
  void add(const std::shared_ptr<event_impl> &node, dep_list deps, launch_fn launch);
  /// Claims `node` for the caller to launch now when every dependency in
  /// `deps` allows it already (held through a scheduler::lock): the node is
  /// launching and keeps `deps` (moved) for its wait list; no launch
  /// function or ready list is involved. False, changing nothing, when a
  /// dependency has yet to launch or to finish, or when the node reads data
  /// a failed command wrote (add() is the way then).
  bool claim(const std::shared_ptr<event_impl> &node, dep_list &deps);
  /// The dependencies of a claimed node: its launcher reads them without
  /// the lock, as nobody else touches a launching node.
  static const dep_list &claimed_deps(const event_impl &node) {
    return node._deps;
  }
  /// A backend event that completes once the dependencies of `node`, whose
  /// launch failed, have (mutex not held): memory they use must outlive them
  /// though the node itself ran nothing. Null when nothing is left to wait
  /// for or the backend refuses even that.
  static smcp_event fence_after_failure(const event_impl &node);
  /// Records the launch of a claimed node (held through a scheduler::lock).
  /// An error is the claimer's to throw: it does not reach the queue.
  void finish_claimed(const std::shared_ptr<event_impl> &node, smcp_event native,
                      smcp_event_purpose purpose, std::exception_ptr error) {
    if (native) // a failed launch's fence is made for the host
      node->_purpose = error ? SMCP_EVENT_FOR_HOST : purpose;
    finish_launch(node, native, error, /*reported=*/true);
  }
  /// Records a node launched before anyone could see it (an in-order
  /// queue's kernel: queue_impl::launch_in_order), as claim and
  /// finish_claimed would with `previous` its only dependency. Lock held.
  void adopt_launched(const std::shared_ptr<event_impl> &node, smcp_event native,
                      const std::shared_ptr<event_impl> &previous) {
    if (previous && previous->_state != event_impl::state::complete)
      node->_wait_list.push_back(previous);
    node->_purpose = SMCP_EVENT_FOR_DEVICE;
    node->_native = native;
    node->_state = native ? event_impl::state::launched : event_impl::state::complete;
  }
  /// A host node finished (held through a scheduler::lock): wakes waiters;
  /// its dependents launch when the lock is released. An error goes to the
  /// node's queue unless the caller already `reported` it there.
  void complete_host(const std::shared_ptr<event_impl> &node, std::exception_ptr error,
                     bool reported = false);
  /// Waits (mutex held through `lock`, no update pending) until the node has launched.
  void wait_launched(std::unique_lock<std::mutex> &lock, event_impl &node);

  /// The backend events of deps a device command of `consumer` waits for:
  /// those of its context still running (the rest are complete).
  /// d's backend event when a device command of `consumer` must wait for it
  /// (null otherwise).
  static smcp_event native_event(const event_impl &d, const context_impl *consumer) {
    return d._context.get() == consumer ? d._native : nullptr;
  }
  static std::vector<smcp_event> native_wait_list(const context_impl *consumer, const dep_list &deps);

  /// Who will wait for a launching node's backend event, as far as the graph
  /// tells (mutex held): the host when the node's queue profiles, a thread
  /// waits for it already, or a host node or another context's command
  /// depends on it; otherwise other commands of its context only. A host
  /// wait that comes later still works (adapter_abi.h: smcp_event_purpose).
  static smcp_event_purpose purpose_locked(const event_impl &node);

private:
  /// Whether `d` lets `consumer` start now (mutex held).
  static bool allows_launch(const event_impl &d, const event_impl &consumer);
  /// Marks the node launching and hands it to the lock holder (mutex held).
  void make_ready(const std::shared_ptr<event_impl> &node);
  /// The failure of a command whose written data `node` reads (its
  /// sources, mem_object::add_sources), if one failed (mutex held). Such a
  /// node does not run: it fails naming that failure, and so, through their
  /// sources, do the commands that read what it should have written.
  static std::exception_ptr failed_source_locked(const event_impl &node);
  /// Instead of the launch of a node whose source failed (mutex not held):
  /// its error names the failure (not reported again); a device command's
  /// backend event is a fence after its dependencies, as for a failed
  /// launch (`error` set); host work completes on the pool once they end.
  static smcp_event skip_launch(const std::shared_ptr<event_impl> &node,
                                const std::exception_ptr &failed, std::exception_ptr &error);
  /// Runs a launching node's launch function (mutex not held).
  static smcp_event run_launch(event_impl &node, smcp_event_purpose purpose,
                               std::exception_ptr &error);
  /// Records a launch's outcome and releases dependents (mutex held). An
  /// error goes to the node's queue unless it was `reported` otherwise
  /// (thrown to the submitter, or named by the failure it follows).
  void finish_launch(const std::shared_ptr<event_impl> &node, smcp_event native,
                     std::exception_ptr error, bool reported);
  /// Releases the dependents `node` now allows (mutex held).
  void released(const std::shared_ptr<event_impl> &node);
  /// Completes a device command of another context's dependents once its
  /// backend event has (on the pool; mutex held to post).
  void watch(const std::shared_ptr<event_impl> &node);

  std::mutex _mutex;
  lock *_holder = nullptr; // the scheduler::lock holding _mutex, if any
};

} // namespace sycl::detail
