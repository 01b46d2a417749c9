// device_global state survives changes of specialization constants and of
// kernel bundle (DG-7, TC-6): one kernel does `dg += 1` with the spec
// constant set to 1, then 2 through the handler, then from an executable
// bundle bound with use_kernel_bundle, then from a bundle built from an
// input bundle with another value. Every launch sees the same instance (same
// value, same address), and the host copy sees the sum.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O2 -fsycl-device-code-split=per_kernel %s -o %t.split && %t.split | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdint>
#include <cstdio>

using namespace sycl::ext::oneapi::experimental;

constexpr sycl::specialization_id<int> step{7};
device_global<int> dg;
device_global<int[4]> seen; // the spec constant of each launch, by launch number

class Bump;

struct BumpKernel {
  std::uintptr_t *addr;
  int *before;
  void operator()(sycl::kernel_handler kh) const {
    int n = dg;
    before[n] = n;
    seen[n] = kh.get_specialization_constant<step>();
    addr[n] = reinterpret_cast<std::uintptr_t>(&dg.get());
    dg += 1;
  }
};

int main() {
  sycl::queue q;
  auto *addr = sycl::malloc_shared<std::uintptr_t>(4, q);
  int *before = sycl::malloc_shared<int>(4, q);
  for (int i = 0; i < 4; ++i)
    before[i] = -1;

  for (int value = 1; value <= 2; ++value)
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<step>(value);
      h.single_task<Bump>(BumpKernel{addr, before});
    }).wait();

  auto exe = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(),
                                                                     {sycl::get_kernel_id<Bump>()});
  q.submit([&](sycl::handler &h) {
    h.use_kernel_bundle(exe);
    h.single_task<Bump>(BumpKernel{addr, before});
  }).wait();

  int h = -1;
  q.copy(dg, &h).wait();
  std::printf("after three launches: %d\n", h);
  // CHECK: after three launches: 3

  auto input = sycl::get_kernel_bundle<sycl::bundle_state::input>(q.get_context(),
                                                                   {sycl::get_kernel_id<Bump>()});
  input.set_specialization_constant<step>(5);
  auto built = sycl::build(input);
  q.submit([&](sycl::handler &h) {
    h.use_kernel_bundle(built);
    h.single_task<Bump>(BumpKernel{addr, before});
  }).wait();

  int s[4] = {-1, -1, -1, -1};
  q.copy(dg, &h).wait();
  q.copy(seen, s).wait();
  std::printf("after four launches: %d\n", h);
  // CHECK: after four launches: 4
  std::printf("values seen: %d %d %d %d\n", before[0], before[1], before[2], before[3]);
  // CHECK: values seen: 0 1 2 3
  std::printf("spec constants: %d %d %d %d\n", s[0], s[1], s[2], s[3]);
  // CHECK: spec constants: 1 2 7 5
  std::printf("same address: %d\n",
              addr[0] == addr[1] && addr[1] == addr[2] && addr[2] == addr[3] && addr[0] != 0);
  // CHECK: same address: 1

  sycl::free(addr, q);
  sycl::free(before, q);
  return 0;
}
