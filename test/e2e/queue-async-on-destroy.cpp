// asynchronous errors still pending when a queue is destroyed reach its
// async_handler then (4.6.5.5), once, and not before; also when the failing
// command is still running as the last queue handle goes.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <thread>

using namespace sycl;

static std::atomic<int> Calls{0}, Errors{0};
static std::string Message;

// Counts the call last: main reads Message once it sees the count.
static void handler_fn(exception_list L) {
  for (auto &E : L) {
    try {
      std::rethrow_exception(E);
    } catch (const std::exception &X) {
      Message = X.what();
      ++Errors;
    }
  }
  ++Calls;
}

int main() {
  {
    queue Q(handler_fn);
    Q.submit([&](handler &H) { H.host_task([] { throw std::runtime_error("task one failed"); }); })
        .wait(); // wait, unlike wait_and_throw, leaves the error pending
    // CHECK: before destruction: 0 calls
    std::printf("before destruction: %d calls\n", Calls.load());
  }
  // CHECK-NEXT: after destruction: 1 calls, 1 errors, task one failed
  std::printf("after destruction: %d calls, %d errors, %s\n", Calls.load(), Errors.load(),
              Message.c_str());

  // The queue handle goes while the failing task still runs: the error is
  // delivered when the queue's last work ends.
  std::atomic<bool> Go{false};
  {
    queue Q(handler_fn);
    Q.submit([&](handler &H) {
      H.host_task([&] {
        while (!Go.load())
          std::this_thread::yield();
        throw std::runtime_error("task two failed");
      });
    });
  }
  // CHECK-NEXT: handle gone, task running: 1 calls
  std::printf("handle gone, task running: %d calls\n", Calls.load());
  Go = true;
  for (int I = 0; I < 2000 && Calls.load() < 2; ++I) // bounded wait, not a timing check
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  // CHECK-NEXT: after the task: 2 calls, 2 errors, task two failed
  std::printf("after the task: %d calls, %d errors, %s\n", Calls.load(), Errors.load(),
              Message.c_str());

  // An error already delivered by wait_and_throw is not delivered again.
  {
    queue Q(handler_fn);
    Q.submit([&](handler &H) { H.host_task([] { throw std::runtime_error("task three"); }); });
    Q.wait_and_throw();
  }
  // CHECK-NEXT: delivered once: 3 calls
  std::printf("delivered once: %d calls\n", Calls.load());
  return 0;
}
