// BUF-15: property::buffer::use_mutex. The runtime holds the user's mutex
// whenever it uses the host data (copies to and from it, the write-back) and
// only then: while the application holds the mutex, a command group that
// needs the data on the device cannot start, and a host accessor that needs
// it back cannot be made; the data the application writes while it holds the
// mutex is the data the runtime copies. The sleeps only give a wrong
// implementation the time to go wrong; nothing is asserted about durations.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

using namespace sycl;

int main() {
  queue Q;
  std::mutex M;
  std::vector<int> Host(8, 1);
  {
    auto Owned = std::make_unique<buffer<int>>(Host.data(), range<1>(8),
                                               property_list{property::buffer::use_mutex(M)});
    buffer<int> &B = *Owned;
    // CHECK: mutex property: 1
    std::printf("mutex property: %d\n",
                B.get_property<property::buffer::use_mutex>().get_mutex_ptr() == &M);

    // host -> device: the copy waits for the mutex.
    std::unique_lock<std::mutex> Held(M);
    event E = Q.submit([&](handler &H) {
      accessor A(B, H, read_write);
      H.parallel_for(range<1>(8), [=](id<1> I) { A[I] += 1; });
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const bool Ran = E.get_info<info::event::command_execution_status>() ==
                     info::event_command_status::complete;
    Host[0] = 10; // the runtime does not use the data while we hold the mutex
    Held.unlock();
    E.wait();
    // CHECK-NEXT: kernel ran while the mutex was held: 0
    std::printf("kernel ran while the mutex was held: %d\n", Ran);

    // device -> host: a host accessor cannot get the data while we hold the mutex.
    std::atomic<bool> Made{false};
    int Seen = -1;
    Held.lock();
    std::thread T([&] {
      host_accessor HA(B, read_only);
      Made = true;
      Seen = HA[0];
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const bool Early = Made.load();
    Held.unlock();
    T.join();
    // CHECK-NEXT: host accessor made while the mutex was held: 0, saw 11
    std::printf("host accessor made while the mutex was held: %d, saw %d\n", Early, Seen);

    // Between uses the mutex is free: a host task on the buffer can take it.
    bool Free = false;
    Q.submit([&](handler &H) {
       accessor A(B, H, read_write_host_task);
       H.host_task([&, A] {
         Free = M.try_lock();
         if (Free)
           M.unlock();
         A[1] = 20;
       });
     }).wait();
    // CHECK-NEXT: mutex free in a host task: 1
    std::printf("mutex free in a host task: %d\n", Free);

    Q.submit([&](handler &H) {
      accessor A(B, H, read_write);
      H.parallel_for(range<1>(8), [=](id<1> I) { A[I] *= 3; });
    });
    Q.wait();

    // The write-back at the buffer's end waits for the mutex too.
    std::atomic<bool> Destroyed{false};
    Held.lock();
    std::thread D([&] {
      Owned.reset();
      Destroyed = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const bool EarlyEnd = Destroyed.load();
    const int Before = Host[0];
    Held.unlock();
    D.join();
    // CHECK-NEXT: destructor returned while the mutex was held: 0, host[0] before 11
    std::printf("destructor returned while the mutex was held: %d, host[0] before %d\n", EarlyEnd,
                Before);
  }
  // CHECK-NEXT: written back: 33 60 6 6 6 6 6 6
  std::printf("written back:");
  for (int V : Host)
    std::printf(" %d", V);
  std::printf("\n");
  return 0;
}
