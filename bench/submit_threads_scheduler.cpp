// The scheduler's share of multi-threaded submission: 1, 2 and 4 threads,
// each submitting small kernels to its own queue, against the recording
// adapter with a simulated driver launch latency (SMCP_RECORDING_LAUNCH_US,
// default 20 us here). Prints commands per second per thread count (best of
// 3 rounds). Usage: smcp-bench-scheduler [commands per thread] [max threads]
// [wait]: with "wait", each command is waited for before the next (the
// launch + wait path; prints sched_wait_<n>t_cps).
// Built by CMake (it needs the recording adapter of test/unit);
// run.py runs it.
//
// If a lock were held across the adapter call, every thread would queue
// behind every other thread's latency and the figure would stay at
// 1 / latency whatever the thread count.
#include "test_images.h"

#include <sycl/queue.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

extern "C" void __smcp_register_images(const unsigned char *blob, size_t size);

using Clock = std::chrono::steady_clock;

int main(int argc, char **argv) {
  const int PerThread = argc > 1 ? std::atoi(argv[1]) : 2000;
  const int MaxThreads = argc > 2 ? std::atoi(argv[2]) : 4; // 1: the single-thread launch path
  const bool WaitEach = argc > 3 && std::string(argv[3]) == "wait";
  setenv("SMCP_ADAPTERS", SMCP_RECORDING_ADAPTER, 1);
  setenv("SMCP_RECORDING_LAUNCH_US", "20", 0);
  smcp::fatbin::DeviceImage Img;
  Img.Target = "spir64";
  Img.Kernels = {"bench_kernel"};
  const std::string Names = "bench_kernel";
  Img.Bytes.assign(Names.begin(), Names.end());
  static const auto Blob = test_fat_binary({Img}); // a kernel of no parameters
  __smcp_register_images(Blob.data(), Blob.size());
  const smcp::detail::kernel_info Info{"bench_kernel", 1};
  char Functor = 0;
  auto Launch = [&](sycl::queue &Q) {
    return Q.submit([&](sycl::handler &H) {
      sycl::detail::header_access::launch(H, &Info, &Functor, 0, {});
    });
  };
  sycl::device Dev{sycl::default_selector_v};
  sycl::context Ctx{Dev};
  for (int Threads = 1; Threads <= MaxThreads; Threads *= 2) {
    std::vector<sycl::queue> Queues;
    for (int T = 0; T < Threads; ++T) {
      Queues.emplace_back(Ctx, Dev, sycl::property::queue::in_order());
      Launch(Queues.back()).wait(); // the program is built before the clock starts
    }
    double Best = 0;
    for (int Round = 0; Round < 3; ++Round) {
      std::vector<std::thread> Pool;
      const auto T0 = Clock::now();
      for (int T = 0; T < Threads; ++T)
        Pool.emplace_back([&, T] {
          for (int I = 0; I < PerThread; ++I)
            if (WaitEach)
              Launch(Queues[size_t(T)]).wait();
            else
              Launch(Queues[size_t(T)]);
          Queues[size_t(T)].wait();
        });
      for (auto &P : Pool)
        P.join();
      const double Seconds = std::chrono::duration<double>(Clock::now() - T0).count();
      Best = std::max(Best, double(Threads) * PerThread / Seconds);
    }
    std::printf("sched_%s%dt_cps %.0f\n", WaitEach ? "wait_" : "", Threads, Best);
  }
}
