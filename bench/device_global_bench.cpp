// sycl_ext_oneapi_device_global costs: (a) single_task submit+wait of a
// kernel that increments a device_global<int> vs the same kernel incrementing
// a USM int passed by pointer (a device_global is an extra trailing pointer
// argument bound to its instance, so the two should cost the same); (b)
// queue::copy from a device_global<int[N]> to the host vs queue::memcpy from
// a USM device allocation, 4 B to 1 MiB (the copy also looks the instance up
// by host address). Prints "name value" lines (microseconds) for run.py.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using Clock = std::chrono::steady_clock;
namespace syclex = sycl::ext::oneapi::experimental;

syclex::device_global<int> counter;
syclex::device_global<int[1]> dg4;
syclex::device_global<int[1024]> dg4k;
syclex::device_global<int[262144]> dg1m;

template <typename F> double us_per_call(int n, F f) {
  auto t0 = Clock::now();
  for (int i = 0; i < n; ++i)
    f();
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count() / n;
}

static void fail(const char *what, long got, long want) {
  std::fprintf(stderr, "%s: %ld, expected %ld\n", what, got, want);
  std::exit(1);
}

// Fills the device_global and a USM allocation of the same size with 0..N-1
// (a kernel uses the device_global, so its image describes it, as in real
// programs), then times copy vs memcpy of all N elements to the host. The
// variable is a template argument: a kernel must name it, not capture it.
template <size_t N, syclex::device_global<int[N]> &dg, typename Name>
void copy_bench(sycl::queue &q, const char *tag) {
  int *usm = sycl::malloc_device<int>(N, q);
  q.parallel_for<Name>(sycl::range<1>(N), [=](sycl::id<1> i) {
     dg[i] = int(i);
     usm[i] = int(i);
   }).wait();
  std::vector<int> host(N);
  const int n = N * sizeof(int) >= (1 << 20) ? 100 : 1000;
  double best_dg = 1e30, best_usm = 1e30;
  for (int r = 0; r < 5; ++r) { // interleaved rounds: noise hits both alike
    best_dg = std::min(best_dg, us_per_call(n, [&] { q.copy(dg, host.data()).wait(); }));
    best_usm = std::min(best_usm,
                        us_per_call(n, [&] { q.memcpy(host.data(), usm, N * sizeof(int)).wait(); }));
  }
  q.copy(dg, host.data()).wait();
  if (host[N - 1] != int(N - 1))
    fail("device_global copy", host[N - 1], N - 1);
  std::printf("dg_copy_%s_us %.3f\nusm_copy_%s_us %.3f\n", tag, best_dg, tag, best_usm);
  sycl::free(usm, q);
}

int main() {
  // Submit+wait per launch, as latency_us in sycl_bench.cpp does.
  constexpr int Launches = 1000;
  sycl::queue q;
  int *p = sycl::malloc_device<int>(1, q);
  auto dg_inc = [&] { q.single_task<class DgInc>([=] { ++counter.get(); }).wait(); };
  auto usm_inc = [&] { q.single_task<class UsmInc>([=] { ++*p; }).wait(); };
  dg_inc(); // warm-up: builds the program and creates the instance
  usm_inc();
  const int zero = 0;
  double best_dg = 1e30, best_usm = 1e30;
  int dg_value = 0, usm_value = 0;
  for (int r = 0; r < 5; ++r) {
    q.copy(&zero, counter).wait();
    q.memcpy(p, &zero, sizeof(int)).wait();
    best_dg = std::min(best_dg, us_per_call(Launches, dg_inc));
    best_usm = std::min(best_usm, us_per_call(Launches, usm_inc));
    q.copy(counter, &dg_value).wait();
    q.memcpy(&usm_value, p, sizeof(int)).wait();
    if (dg_value != Launches)
      fail("device_global counter", dg_value, Launches);
    if (usm_value != Launches)
      fail("USM counter", usm_value, Launches);
  }
  std::printf("dg_counter %d\n", dg_value); // checked above; run.py prints it
  std::printf("dg_launch_us %.3f\nusm_launch_us %.3f\n", best_dg, best_usm);
  sycl::free(p, q);

  copy_bench<1, dg4, class Fill4>(q, "4b");
  copy_bench<1024, dg4k, class Fill4k>(q, "4k");
  copy_bench<262144, dg1m, class Fill1m>(q, "1m");
}
