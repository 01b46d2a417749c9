// atomic_ref on device_global elements picked by a run-time index (an array's
// element, a struct's array member): the atomics must reach the device as
// global-memory atomics, which PoCL needs, and every increment must count.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

namespace syclex = sycl::ext::oneapi::experimental;

struct Stats {
  int count;
  unsigned long long bins[4];
};

syclex::device_global<unsigned[8]> histogram;
syclex::device_global<Stats> stats;

template <typename T> using relaxed_ref =
    sycl::atomic_ref<T, sycl::memory_order::relaxed, sycl::memory_scope::device>;

int main() {
  sycl::queue q;
  constexpr size_t N = 4096;
  for (int round = 0; round < 2; ++round)
    q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
      relaxed_ref<unsigned>(histogram[i[0] % 8])++;
      relaxed_ref<unsigned long long>(stats.get().bins[i[0] % 4]) += 2;
      relaxed_ref<int>(stats.get().count).fetch_add(1);
    }).wait();
  unsigned h[8];
  Stats s;
  q.copy(histogram, h).wait();
  q.copy(stats, &s).wait();
  // CHECK: histogram 1024 1024 1024 1024 1024 1024 1024 1024
  std::printf("histogram");
  for (unsigned v : h)
    std::printf(" %u", v);
  // CHECK-NEXT: stats 8192 4096 4096 4096 4096
  std::printf("\nstats %d %llu %llu %llu %llu\n", s.count, s.bins[0], s.bins[1], s.bins[2],
              s.bins[3]);
}
