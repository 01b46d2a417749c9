// 8 threads submit 1,000 command groups each to one queue, on shared
// buffers: every increment of a shared element is ordered by its accessor
// (read_write), so the totals are exact; each thread also has its own slot
// and, every 100 groups, a host task on a shared buffer.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>
#include <thread>
#include <vector>

using namespace sycl;

int main() {
  constexpr int Threads = 8, PerThread = 1000;
  queue Q;
  buffer<int> Total{range<1>(1)}, Slots{range<1>(Threads)}, Host{range<1>(1)};
  {
    host_accessor T(Total, write_only), S(Slots, write_only), H(Host, write_only);
    T[0] = 0;
    H[0] = 0;
    for (int I = 0; I < Threads; ++I)
      S[I] = 0;
  }
  std::vector<std::thread> Pool;
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      for (int I = 0; I < PerThread; ++I) {
        if (I % 100 == 99) {
          Q.submit([&](handler &H) {
            accessor A(Host, H, read_write_host_task);
            H.host_task([=] { A[0] += 1; });
          });
          continue;
        }
        Q.submit([&](handler &H) {
          accessor A(Total, H, read_write);
          accessor S(Slots, H, read_write);
          H.single_task([=] {
            A[0] += 1;
            S[T] += 1;
          });
        });
      }
    });
  for (auto &Th : Pool)
    Th.join();
  host_accessor T(Total, read_only), S(Slots, read_only), H(Host, read_only);
  bool SlotsOk = true;
  for (int I = 0; I < Threads; ++I)
    SlotsOk &= S[I] == PerThread - PerThread / 100;
  std::printf("total %d, host %d, slots %s\n", T[0], H[0], SlotsOk ? "exact" : "WRONG");
  // CHECK: total 7920, host 80, slots exact
  return 0;
}
