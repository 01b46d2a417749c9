// sycl::reduction sum of 2^Log2 floats in SMCP, reset to the identity by
// initialize_to_identity each launch, on an in-order queue. GB/s counts the
// input once. Baseline: reduction.cu (CUB). Usage: reduction [log2 size,
// default 28]. Prints "reduction_gbps value".
#include "gpubench.hpp"

#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  const size_t N = size_t(1) << (argc > 1 ? std::atoi(argv[1]) : 28);
  sycl::queue Q{sycl::property::queue::in_order()};
  std::fprintf(stderr, "device: %s\n", Q.get_device().get_info<sycl::info::device::name>().c_str());
  float *X = sycl::malloc_device<float>(N, Q), *Sum = sycl::malloc_device<float>(1, Q);
  Q.fill(X, 1.0f, N).wait();
  double T = gpubench::per_iteration(5, gpubench::iterations_for(N * sizeof(float)), [&](int Iters) {
    for (int I = 0; I < Iters; ++I)
      Q.parallel_for<class Reduce>(
          sycl::range<1>(N),
          sycl::reduction(Sum, sycl::plus<float>(),
                          {sycl::property::reduction::initialize_to_identity()}),
          [=](sycl::id<1> I, auto &S) { S += X[I]; });
    Q.wait();
  });
  float Result = 0;
  Q.memcpy(&Result, Sum, sizeof(float)).wait();
  // Every partial sum of ones is exact up to 2^24; beyond, a tree's rounding stays tiny.
  if (std::fabs(Result - double(N)) > 1e-5 * N) {
    std::fprintf(stderr, "reduction wrong: %f, want %zu\n", Result, N);
    return 1;
  }
  std::printf("reduction_gbps %.3f\n", N * sizeof(float) / T / 1e9);
  sycl::free(X, Q);
  sycl::free(Sum, Q);
}
