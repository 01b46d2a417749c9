// thread_pool_test.cpp - the runtime's worker pool: tasks whose captures post
// work when destroyed, and waiting for the pool to fall idle.
#include "core/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <thread>

namespace {

using smcp::rt::thread_pool;

/// Posts a task from its destructor, as a buffer released by the last
/// accessor a host task captured does.
struct posts_when_destroyed {
  std::shared_ptr<std::promise<void>> done;
  ~posts_when_destroyed() {
    thread_pool::get().post([d = done] { d->set_value(); });
  }
};

TEST(ThreadPool, TaskDestroyedOutsideThePoolsLock) {
  for (int i = 0; i < 100; ++i) {
    auto done = std::make_shared<std::promise<void>>();
    auto finished = done->get_future();
    auto capture = std::make_shared<posts_when_destroyed>();
    capture->done = done;
    thread_pool::get().post([capture] {});
    capture.reset(); // the task holds the last reference
    ASSERT_EQ(finished.wait_for(std::chrono::seconds(10)), std::future_status::ready)
        << "iteration " << i << ": the worker deadlocked destroying its task";
  }
}

TEST(ThreadPool, WaitIdleWaitsForTasksPostedByTasks) {
  std::atomic<int> ran{0};
  for (int i = 0; i < 8; ++i)
    thread_pool::get().post([&ran] {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      thread_pool::get().post([&ran] {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        ++ran;
      });
      ++ran;
    });
  thread_pool::get().wait_idle();
  EXPECT_EQ(ran.load(), 16);
}

} // namespace
