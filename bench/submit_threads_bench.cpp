// Submission throughput from several threads: 1, 2 and 4 threads, each
// submitting small kernels to its own in-order queue on one device without
// waiting in between, then waiting once. Prints commands per second for
// each thread count (best of 3 rounds), and checks every kernel ran.
//
// With one lock around graph updates and adapter calls, threads queue behind
// each other's driver calls and more threads submit fewer commands per
// second; with adapter calls outside the lock they add up to what the
// backend accepts.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

using Clock = std::chrono::steady_clock;

int main(int argc, char **argv) {
  const int PerThread = argc > 1 ? std::atoi(argv[1]) : 10000;
  sycl::device Dev{sycl::default_selector_v};
  sycl::context Ctx{Dev};
  for (int Threads : {1, 2, 4}) {
    std::vector<sycl::queue> Queues;
    std::vector<int *> Counters;
    for (int T = 0; T < Threads; ++T) {
      Queues.emplace_back(Ctx, Dev, sycl::property::queue::in_order());
      Counters.push_back(sycl::malloc_shared<int>(1, Queues.back()));
    }
    double Best = 0;
    for (int Round = 0; Round < 3; ++Round) {
      for (int *C : Counters)
        *C = 0;
      for (auto &Q : Queues) // every program built before the clock starts
        Q.single_task<class Warm>([] {}).wait();
      std::vector<std::thread> Pool;
      const auto T0 = Clock::now();
      for (int T = 0; T < Threads; ++T)
        Pool.emplace_back([&, T] {
          int *C = Counters[size_t(T)];
          auto &Q = Queues[size_t(T)];
          for (int I = 0; I < PerThread; ++I)
            Q.single_task<class Small>([=] { ++*C; });
          Q.wait();
        });
      for (auto &P : Pool)
        P.join();
      const double Seconds = std::chrono::duration<double>(Clock::now() - T0).count();
      Best = std::max(Best, double(Threads) * PerThread / Seconds);
      for (int *C : Counters)
        if (*C != PerThread) {
          std::fprintf(stderr, "a thread's counter is %d, not %d\n", *C, PerThread);
          return 1;
        }
    }
    std::printf("submit_%dt_cps %.0f\n", Threads, Best);
    for (size_t T = 0; T < Queues.size(); ++T)
      sycl::free(Counters[T], Queues[T]);
  }
}
