// A kernel whose [[sycl::reqd_work_group_size]] the device cannot run (8192
// work-items, above PoCL's largest work-group) is not compatible with it
// (SYCL 2020 §5.7, 4.11.11-12): is_compatible is false, the bundle of every
// kernel leaves it out, a bundle asked for by its id is errc::invalid, and
// launching it over a range is errc::kernel_not_supported naming the kernel
// and the sizes (over an nd_range of its size, the nd_range is refused first),
// while the kernels beside it build and run.
// REQUIRES: opencl
// RUN: %syclcc -O2 %s -o %t
// RUN: env ONEAPI_DEVICE_SELECTOR=opencl:cpu %t | FileCheck %s
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"

#include <cstdio>

using namespace sycl;

class Huge;
class HugeOverRange;
class Fits;

int main() {
  queue Q;
  device D = Q.get_device();
  int *Out = malloc_shared<int>(1, Q);
  *Out = 0;
  const size_t Max = D.get_info<info::device::max_work_group_size>();
  std::printf("largest work-group below 8192: %d\n", Max < 8192);
  // CHECK: largest work-group below 8192: 1

  auto HugeKernel = [=](nd_item<1> It) [[sycl::reqd_work_group_size(8192)]] {
    if (It.get_global_id(0) == 0)
      *Out = 1;
  };
  std::printf("compatible: huge %d, fits %d\n", is_compatible<Huge>(D), is_compatible<Fits>(D));
  // CHECK: compatible: huge 0, fits 1

  auto All = get_kernel_bundle<bundle_state::executable>(Q.get_context());
  std::printf("in the bundle of all kernels: huge %d, fits %d\n",
              All.has_kernel(get_kernel_id<Huge>()), All.has_kernel(get_kernel_id<Fits>()));
  // CHECK: in the bundle of all kernels: huge 0, fits 1
  try {
    get_kernel_bundle<bundle_state::executable>(Q.get_context(), {get_kernel_id<Huge>()});
    std::printf("bundle of the huge kernel: no exception\n");
  } catch (const sycl::exception &E) {
    std::printf("bundle of the huge kernel: %d %s\n", E.code() == errc::invalid, E.what());
  }
  // CHECK: bundle of the huge kernel: 1 {{.*}}kernel '{{.*}}Huge' runs on none of the bundle's devices (it requires the work-group size {8192} ({{.*}}reqd_work_group_size{{.*}}), but device '{{.*}}' runs at most {{[0-9]+}} work-items in a work-group)

  try {
    Q.parallel_for<Huge>(nd_range<1>(8192, 8192), HugeKernel).wait();
    std::printf("nd_range launch: no exception\n");
  } catch (const sycl::exception &E) {
    std::printf("nd_range launch: %d %s\n", E.code() == errc::nd_range, E.what());
  }
  // CHECK: nd_range launch: 1 {{.*}}a work-group of 8192 work-items exceeds the device's limit
  try {
    Q.parallel_for<HugeOverRange>(range<1>(8192), [=](item<1> It) [[sycl::reqd_work_group_size(8192)]] {
       if (It.get_linear_id() == 0)
         *Out = 1;
     }).wait();
    std::printf("range launch: no exception\n");
  } catch (const sycl::exception &E) {
    std::printf("range launch: %d %s\n", E.code() == errc::kernel_not_supported, E.what());
  }
  // CHECK: range launch: 1 {{.*}}kernel '{{.*}}HugeOverRange' requires the work-group size {8192} ({{.*}}), but device '{{.*}}' runs at most {{[0-9]+}} work-items in a work-group
  EXPECT(*Out == 0);

  Q.parallel_for<Fits>(nd_range<1>(64, 16), [=](nd_item<1> It) [[sycl::reqd_work_group_size(16)]] {
     if (It.get_global_id(0) == 63)
       *Out = int(It.get_local_range(0));
   }).wait();
  EXPECT(*Out == 16);

  std::printf("failures: %d\n", expect_failures());
  // CHECK: failures: 0
  free(Out, Q);
  return expect_failures();
}
