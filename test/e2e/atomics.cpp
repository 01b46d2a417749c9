// atomic_ref on 32- and 64-bit integers and on floats, global memory, every
// read-modify-write; exact results for integers, exact for float sums of 0.5.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

template <typename T>
using device_atomic = sycl::atomic_ref<T, sycl::memory_order::relaxed, sycl::memory_scope::device>;

int main() {
  sycl::queue Q;
  constexpr int N = 100000;
  int *I = sycl::malloc_shared<int>(8, Q);
  long long *L = sycl::malloc_shared<long long>(2, Q);
  unsigned *U = sycl::malloc_shared<unsigned>(2, Q);
  float *F = sycl::malloc_shared<float>(3, Q);
  double *D = sycl::malloc_shared<double>(1, Q);
  int Init[8] = {0, 1 << 30, -(1 << 30), 0, -1, 0, 0, 0};
  for (int K = 0; K < 8; ++K)
    I[K] = Init[K];
  L[0] = 0;
  L[1] = 0;
  U[0] = 0;
  U[1] = 0;
  F[0] = 0;
  F[1] = 1e30f;
  F[2] = -1e30f;
  D[0] = 0;
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> Id) {
     int X = int(Id[0]);
     device_atomic<int>(I[0]).fetch_add(1);
     device_atomic<int>(I[1]).fetch_min(X);
     device_atomic<int>(I[2]).fetch_max(X);
     device_atomic<int>(I[3]).fetch_xor(X);
     device_atomic<int>(I[4]).fetch_and(~(1 << (X % 31)));
     device_atomic<int>(I[5]).fetch_or(1 << (X % 31));
     device_atomic<int>(I[6]) -= 2;
     int Expected = 0;
     device_atomic<int>(I[7]).compare_exchange_strong(Expected, X + 1); // exactly one wins
     device_atomic<long long>(L[0]).fetch_add((long long)X << 20);
     device_atomic<long long>(L[1]).fetch_max((long long)X << 33);
     device_atomic<unsigned>(U[0]).fetch_max(unsigned(X));
     device_atomic<unsigned>(U[1])++;
     device_atomic<float>(F[0]) += 0.5f;
     device_atomic<float>(F[1]).fetch_min(float(X));
     device_atomic<float>(F[2]).fetch_max(float(X));
     device_atomic<double>(D[0]).fetch_add(0.25);
   }).wait();
  long long SumShifted = 0;
  int Xor = 0;
  for (int X = 0; X < N; ++X) {
    SumShifted += (long long)X << 20;
    Xor ^= X;
  }
  std::printf("int: %d %d %d xor_ok=%d %d %d %d won=%d\n", I[0], I[1], I[2], I[3] == Xor, I[4],
              I[5], I[6], I[7] > 0);
  // CHECK: int: 100000 0 99999 xor_ok=1 -2147483648 2147483647 -200000 won=1
  std::printf("int64: %d %d\n", L[0] == SumShifted, L[1] == (long long)(N - 1) << 33);
  // CHECK: int64: 1 1
  std::printf("unsigned: %u %u\n", U[0], U[1]);
  // CHECK: unsigned: 99999 100000
  std::printf("float: %.1f %.1f %.1f double: %.2f\n", F[0], F[1], F[2], D[0]);
  // CHECK: float: 50000.0 0.0 99999.0 double: 25000.00
  sycl::free(I, Q);
  sycl::free(L, Q);
  sycl::free(U, Q);
  sycl::free(F, Q);
  sycl::free(D, Q);
}
