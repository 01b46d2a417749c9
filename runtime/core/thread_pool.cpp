// thread_pool.cpp - detached workers that take tasks in order.
#include "thread_pool.h"

#include <thread>

namespace smcp::rt {

thread_pool &thread_pool::get() {
  static thread_pool *pool = new thread_pool; // leaked on purpose, see the header
  return *pool;
}

void thread_pool::post(std::function<void()> task) {
  std::lock_guard<std::mutex> lock(_mutex);
  _tasks.push_back(std::move(task));
  // A new worker counts as idle from the start, so a burst of posts spawns
  // one worker per waiting task, up to the cap.
  if (_idle < _tasks.size() && _threads < max_threads) {
    ++_threads;
    ++_idle;
    ++_starting;
    std::thread([this] { work(); }).detach();
  }
  _cv.notify_one();
}

void thread_pool::wait_idle() {
  std::unique_lock<std::mutex> lock(_mutex);
  _idle_cv.wait(lock, [this] {
    return _tasks.empty() && _idle == _threads && _starting == 0;
  });
}

void thread_pool::work() {
  std::unique_lock<std::mutex> lock(_mutex);
  --_starting;
  if (_starting == 0)
    _idle_cv.notify_all();
  for (;;) {
    _cv.wait(lock, [this] { return !_tasks.empty(); });
    --_idle;
    auto task = std::move(_tasks.front());
    _tasks.pop_front();
    lock.unlock();
    task(); // tasks catch their own errors: a worker never dies
    // Destroyed before the lock is taken again: the task's captures may hold
    // the last reference to a buffer, whose destructor posts to this pool.
    task = nullptr;
    lock.lock();
    ++_idle;
    if (_tasks.empty() && _idle == _threads)
      _idle_cv.notify_all();
  }
}

} // namespace smcp::rt
