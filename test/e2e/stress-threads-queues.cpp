// Stress: 16 threads submit command groups over 4 queues of one context (2
// in-order, 2 out-of-order) at once, mixing
// - kernels on overlapping sub-buffers of one buffer: thread t's sub-buffer
//   covers blocks t and t+1, so each block but the first is written by two
//   threads through different sub-buffers (the runtime must order them);
// - kernels on USM, chained by events where the queue is out of order;
// - host tasks writing through host_task accessors, and host accessors.
// Every write adds 1, so the totals do not depend on the order: each element
// is checked. A watchdog fails the run when it does not end in time (a hang).
// Usage: stress-threads-queues [command groups per thread, default 10000]
//        [watchdog seconds, default 600]
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

using namespace sycl;

constexpr int Threads = 16;
constexpr size_t Block = 256, Slots = 64; // elements; a block is 1 KiB, a multiple of any base alignment

/// Ends the process when `done` is not set within `seconds`.
class watchdog {
public:
  explicit watchdog(int seconds)
      : _thread([this, seconds] {
          std::unique_lock<std::mutex> lock(_mutex);
          if (!_cv.wait_for(lock, std::chrono::seconds(seconds), [this] { return _done; })) {
            std::fprintf(stderr, "watchdog: the stress run did not end within %d s\n", seconds);
            std::fflush(stderr);
            std::_Exit(3);
          }
        }) {}
  ~watchdog() {
    {
      std::lock_guard<std::mutex> lock(_mutex);
      _done = true;
    }
    _cv.notify_all();
    _thread.join();
  }

private:
  std::mutex _mutex;
  std::condition_variable _cv;
  bool _done = false;
  std::thread _thread;
};

int main(int argc, char **argv) {
  const int PerThread = argc > 1 ? std::atoi(argv[1]) : 10000;
  watchdog Guard(argc > 2 ? std::atoi(argv[2]) : 600);
  device Dev;
  context Ctx(Dev);
  queue Queues[4] = {queue(Ctx, Dev, property::queue::in_order()),
                     queue(Ctx, Dev, property::queue::in_order()), queue(Ctx, Dev),
                     queue(Ctx, Dev)};
  std::vector<int> Shared((Threads + 1) * Block, 0);
  std::vector<int *> Usm(Threads);
  for (auto &U : Usm) {
    U = malloc_shared<int>(Slots, Dev, Ctx);
    for (size_t I = 0; I < Slots; ++I)
      U[I] = 0;
  }
  std::atomic<long> HostTasks{0}, Kernels{0};
  {
    buffer<int> Whole(Shared.data(), range<1>(Shared.size()));
    std::vector<buffer<int>> Parts;
    for (int T = 0; T < Threads; ++T)
      Parts.emplace_back(Whole, id<1>(T * Block), range<1>(2 * Block));
    std::vector<std::thread> Pool;
    for (int T = 0; T < Threads; ++T)
      Pool.emplace_back([&, T] {
        int *U = Usm[T];
        event Last; // the thread's last USM command, for out-of-order queues
        for (int I = 0; I < PerThread; ++I) {
          queue &Q = Queues[(T + I) % 4];
          switch (I % 10) {
          case 3: // a host task through a host_task accessor
            Q.submit([&](handler &H) {
              accessor A(Parts[T], H, read_write_host_task);
              H.host_task([=] {
                for (size_t J = 0; J < A.size(); ++J)
                  A[J] += 1;
              });
            });
            ++HostTasks;
            break;
          case 5: // USM, after the thread's previous USM command
            Last = Q.submit([&](handler &H) {
              H.depends_on(Last);
              H.parallel_for(range<1>(Slots), [=](id<1> J) { U[J] += 1; });
            });
            break;
          case 7:
            if (I % 1000 == 7) { // a host accessor now and then
              host_accessor A(Parts[T], read_write);
              for (size_t J = 0; J < A.size(); ++J)
                A[J] += 1;
              ++HostTasks;
              break;
            }
            [[fallthrough]];
          default: // a kernel on the thread's sub-buffer
            Q.submit([&](handler &H) {
              accessor A(Parts[T], H, read_write);
              H.parallel_for(range<1>(2 * Block), [=](id<1> J) { A[J] += 1; });
            });
            ++Kernels;
          }
        }
      });
    for (auto &Th : Pool)
      Th.join();
  } // the buffer writes back here, after every command
  for (auto &Q : Queues)
    Q.wait_and_throw();
  // Every command of thread t added 1 to blocks t and t+1, USM ones aside.
  const long UsmPerThread = (PerThread + 4) / 10;
  const long BufferPerThread = PerThread - UsmPerThread;
  long Wrong = 0;
  for (size_t E = 0; E < Shared.size(); ++E) {
    const size_t B = E / Block;
    const long Want = (B < Threads ? BufferPerThread : 0) + (B > 0 ? BufferPerThread : 0);
    if (Shared[E] != Want && Wrong++ < 5)
      std::printf("element %zu (block %zu): %d, want %ld\n", E, B, Shared[E], Want);
  }
  for (int T = 0; T < Threads; ++T)
    for (size_t J = 0; J < Slots; ++J)
      if (Usm[T][J] != UsmPerThread && Wrong++ < 10)
        std::printf("USM of thread %d [%zu]: %d, want %ld\n", T, J, Usm[T][J], UsmPerThread);
  for (auto U : Usm)
    free(U, Ctx);
  std::printf("%d threads x %d command groups: %ld kernels on sub-buffers, %ld host writes, "
              "%ld wrong\n",
              Threads, PerThread, Kernels.load(), HostTasks.load(), Wrong);
  return Wrong != 0;
}

// CHECK: 16 threads x {{[0-9]+}} command groups: {{[0-9]+}} kernels on sub-buffers, {{[0-9]+}} host writes, 0 wrong
