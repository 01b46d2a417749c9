// thread_pool.h - the runtime's worker threads: host tasks, backend queues
// retired by their destructor, and buffers released without blocking their
// destructor.
//
// It grows when every worker is busy, because a host task may block (on a
// mutex, on I/O, on another queue) and must never keep other work waiting.
//
// A task may post further tasks and may drop the last reference to runtime
// objects whose destructors post work: the pool never runs or destroys a
// task while holding its own lock.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>

namespace smcp::rt {

class thread_pool {
public:
  /// The process-wide pool. Never destroyed: work may still run at exit.
  static thread_pool &get();
  void post(std::function<void()> task);
  /// Blocks until no task is queued or running (tasks posted meanwhile
  /// included) and every worker has started. Used at exit, before backends
  /// tear down: a thread still being created while the process exits races
  /// with exit-time tools (LeakSanitizer's stop-the-world crashes on it).
  void wait_idle();

private:
  thread_pool() = default;
  void work();

  static constexpr unsigned max_threads = 64;
  std::mutex _mutex;
  std::condition_variable _cv, _idle_cv;
  std::deque<std::function<void()>> _tasks;
  unsigned _threads = 0, _idle = 0;
  /// Workers spawned whose thread has not yet reached work().
  unsigned _starting = 0;
};

} // namespace smcp::rt
