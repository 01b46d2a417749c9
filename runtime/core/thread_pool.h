// thread_pool.h - the runtime's worker threads: host tasks, and buffers
// released without blocking their destructor.
//
// It grows when every worker is busy, because a host task may block (on a
// mutex, on I/O, on another queue) and must never keep other work waiting.
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

private:
  thread_pool() = default;
  void work();

  static constexpr unsigned max_threads = 64;
  std::mutex _mutex;
  std::condition_variable _cv;
  std::deque<std::function<void()>> _tasks;
  unsigned _threads = 0, _idle = 0;
};

} // namespace smcp::rt
