// Specialization-constant launch cost (the reference page's overhead
// warning): single_task submit+wait with (a) no spec constants, (b) the same
// value every launch (program-cache hit) and (c) a new value every launch
// (a rebuild: SPIR-V reverse translation + PoCL build). Prints
// "<metric> <microseconds>" lines for bench/run.py.
#include <sycl/sycl.hpp>

#include <chrono>
#include <cstdio>
#include <random>

constexpr sycl::specialization_id<int> factor{3};

template <typename F> double us_per_launch(int n, F launch) {
  launch(-1); // warm-up: the first build of each kind is not what we measure
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i)
    launch(i);
  auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::micro>(t1 - t0).count() / n;
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  double plain = us_per_launch(2000, [&](int) {
    q.single_task<class Plain>([=] { *out = 1; }).wait();
  });
  auto with_value = [&](int v) {
    q.submit([&](sycl::handler &h) {
       h.set_specialization_constant<factor>(v);
       h.single_task<class Spec>([=](sycl::kernel_handler kh) {
         *out = kh.get_specialization_constant<factor>();
       });
     }).wait();
  };
  double hit = us_per_launch(2000, [&](int) { with_value(5); });
  // Values no earlier run used: PoCL's on-disk kernel cache would otherwise
  // turn the rebuild into a cache lookup.
  const int base = int(std::random_device{}() % 1000000) * 100;
  double rebuild = us_per_launch(20, [&](int i) { with_value(base + i); });
  if (*out != base + 19)
    std::fprintf(stderr, "wrong result %d\n", *out);
  std::printf("spec_plain_us %.3f\nspec_hit_us %.3f\nspec_rebuild_us %.3f\n", plain, hit, rebuild);
  sycl::free(out, q);
}
