// scheduler.h - the command graph: nodes wait for their dependencies, then
// launch. Device commands launch as soon as every dependency is on a backend
// queue (the backend orders them through wait lists); host work and commands
// after it launch when the host work completes, so submit never blocks.
//
// One lock guards the graph and every memory object's bookkeeping: graph
// updates are short, and one order of submission for all threads is what
// SYCL's requirement rules (3.7.1.2) ask for.
#pragma once

#include "event_impl.h"

#include <mutex>

namespace sycl::detail {

class scheduler {
public:
  static scheduler &get();
  std::mutex &mutex() { return _mutex; }

  using launch_fn = std::function<smcp_event(const std::vector<std::shared_ptr<event_impl>> &)>;

  /// Adds `node` after `deps` (lock held). `launch` runs once, with the lock
  /// held, when every dependency allows it: a device command returns its
  /// backend event (or null when there was nothing to run); a host node
  /// returns null and is completed later with complete_host. When the node
  /// launches at once, a launch error is thrown to the caller; later it
  /// becomes the node's asynchronous error.
  void add(const std::shared_ptr<event_impl> &node, std::vector<std::shared_ptr<event_impl>> deps,
           launch_fn launch);
  /// A host node finished (lock held): wakes waiters, launches dependents.
  void complete_host(const std::shared_ptr<event_impl> &node, std::exception_ptr error);
  /// Waits (lock held through `lock`) until the node has launched.
  void wait_launched(std::unique_lock<std::mutex> &lock, event_impl &node);

  /// Whether `d` lets a device command of `consumer` start now.
  static bool allows_launch(const event_impl &d);
  /// The backend events of deps a device command must wait for; host-waits
  /// those of other contexts (lock held).
  std::vector<smcp_event> native_wait_list(const context_impl *consumer,
                                           const std::vector<std::shared_ptr<event_impl>> &deps);

private:
  void launch(const std::shared_ptr<event_impl> &node, bool rethrow);
  /// Runs the node's launch; true when dependents may now be released.
  bool start(const std::shared_ptr<event_impl> &node, std::exception_ptr &error);
  void released(const std::shared_ptr<event_impl> &node);

  std::mutex _mutex;
};

} // namespace sycl::detail
