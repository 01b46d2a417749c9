// Launch costs of an empty single_task in SMCP: throughput (Launches
// submissions, then one wait: µs per launch) on an in-order queue and on the
// default out-of-order queue, and latency (submit + wait each time: µs).
// Baseline: empty_kernel.cu. Usage: empty_kernel [launches, default 20000]
// [latency iterations, default 5000]. Prints "name value" lines.
#include "gpubench.hpp"

#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  const int Launches = argc > 1 ? std::atoi(argv[1]) : 20000;
  const int Latency = argc > 2 ? std::atoi(argv[2]) : 5000;
  sycl::queue Q;
  sycl::queue InOrder{Q.get_context(), Q.get_device(), sycl::property::queue::in_order()};
  std::fprintf(stderr, "device: %s\n", Q.get_device().get_info<sycl::info::device::name>().c_str());
  auto Throughput = [&](sycl::queue &On) {
    return gpubench::per_iteration(3, Launches, [&](int Iters) {
      for (int I = 0; I < Iters; ++I)
        On.single_task<class Empty>([] {});
      On.wait();
    });
  };
  std::printf("empty_launch_inorder_us %.3f\n", Throughput(InOrder) * 1e6);
  std::printf("empty_launch_ooo_us %.3f\n", Throughput(Q) * 1e6);
  double T = gpubench::per_iteration(3, Latency, [&](int Iters) {
    for (int I = 0; I < Iters; ++I)
      InOrder.single_task<class EmptyWaited>([] {}).wait();
  });
  std::printf("empty_latency_us %.3f\n", T * 1e6);
}
