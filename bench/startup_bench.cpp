// startup_bench.cpp - what a program pays before its first results: device
// selection, the build of its device image (or its load from the persistent
// program cache, SMCP_CACHE_DIR) and a few kernels. bench/startup.py times
// whole runs of it with an empty cache and with the cache the previous run
// filled; it prints the in-process time to the first kernel's result too.
#include <sycl/sycl.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>

class Saxpy;
class Stencil;
class Transcendental;
class Histogram;

int main() {
  const auto t0 = std::chrono::steady_clock::now();
  sycl::queue q;
  constexpr size_t n = 1 << 16;
  float *x = sycl::malloc_shared<float>(n, q);
  float *y = sycl::malloc_shared<float>(n, q);
  unsigned *bins = sycl::malloc_shared<unsigned>(16, q);
  for (size_t i = 0; i < n; ++i) {
    x[i] = float(i % 100) / 100.0f;
    y[i] = 1.0f;
  }
  q.parallel_for<Saxpy>(sycl::range<1>(n), [=](sycl::id<1> i) { y[i] = 2.0f * x[i] + y[i]; })
      .wait();
  const double first_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  q.parallel_for<Stencil>(sycl::range<1>(n - 2), [=](sycl::id<1> i) {
     x[i + 1] = 0.25f * y[i] + 0.5f * y[i + 1] + 0.25f * y[i + 2];
   }).wait();
  q.parallel_for<Transcendental>(sycl::range<1>(n), [=](sycl::id<1> i) {
     y[i] = sycl::sin(x[i]) * sycl::exp(-x[i]) + sycl::sqrt(x[i] + 1.0f) + sycl::log1p(x[i]);
   }).wait();
  q.memset(bins, 0, 16 * sizeof(unsigned)).wait();
  q.parallel_for<Histogram>(sycl::range<1>(n), [=](sycl::id<1> i) {
     sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device> b(
         bins[unsigned(y[i] * 4.0f) & 15u]);
     b.fetch_add(1u);
   }).wait();
  unsigned total = 0;
  for (int b = 0; b < 16; ++b)
    total += bins[b];
  std::printf("first_kernel_ms %.3f\n", first_ms);
  std::printf("histogram_total %u\n", total);
  sycl::free(x, q);
  sycl::free(y, q);
  sycl::free(bins, q);
  return total == n ? 0 : 1;
}
