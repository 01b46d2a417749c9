// sycl_ext_oneapi_local_memory: the extension's example as written, value
// initialisation and constructor arguments, for_overwrite, one allocation per
// call site per work-group (two calls are two allocations, even at -O0), and
// the feature-test macro.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %syclcc -O2 %s -o %t/app && %t/app | FileCheck %s
// RUN: %syclcc -O0 %s -o %t/app0 && %t/app0 | FileCheck %s
// RUN: %if target-spir64 %{ smcp-dump %t/app0 --extract=%t && spirv-val %t/image0.spirv %}
// RUN: %if target-spir64 %{ spirv-dis %t/image0.spirv | FileCheck %s --check-prefix=SPIRV %}
#include <sycl/sycl.hpp>

#include <cstdio>

#if SYCL_EXT_ONEAPI_LOCAL_MEMORY != 1
#error "SYCL_EXT_ONEAPI_LOCAL_MEMORY must be 1"
#endif

using namespace sycl;
using namespace sycl::ext::oneapi;

struct Pair {
  int A, B;
  Pair(int A, int B) : A(A), B(B) {}
};

int main() {
  queue myQueue;
  int *Out = malloc_shared<int>(4 * 64, myQueue);
  int *Checks = malloc_shared<int>(8, myQueue);
  for (int I = 0; I < 8; ++I)
    Checks[I] = 0;

  // The extension's example, copying the array out per group.
  myQueue.submit([&](handler &h) {
    h.parallel_for(nd_range<1>(range<1>(128), range<1>(32)), [=](nd_item<1> item) {
      multi_ptr<int[64], access::address_space::local_space> ptr =
          group_local_memory<int[64]>(item.get_group());
      auto &ref = *ptr;
      ref[2 * item.get_local_linear_id()] = 42;
      group_barrier(item.get_group());
      size_t L = item.get_local_linear_id(), G = item.get_group_linear_id();
      Out[G * 64 + 2 * L] = ref[2 * L];
      Out[G * 64 + 2 * L + 1] = ref[2 * L + 1]; // value-initialised: 0
    });
  });
  myQueue.wait();
  int Even = 0, Odd = 0;
  for (int I = 0; I < 4 * 64; ++I)
    (I % 2 ? Odd : Even) += Out[I];
  std::printf("example: even sum %d, odd sum %d\n", Even, Odd);
  // CHECK: example: even sum 5376, odd sum 0

  // Constructor arguments; two call sites are two allocations; each group
  // has its own; for_overwrite leaves initialisation to the program.
  myQueue.parallel_for(nd_range<1>(256, 64), [=](nd_item<1> It) {
    group<1> G = It.get_group();
    multi_ptr<Pair, access::address_space::local_space> P = group_local_memory<Pair>(G, 5, 7);
    auto First = group_local_memory<int>(G, 1);
    auto Second = group_local_memory<int>(G, 2);
    auto Scratch = group_local_memory_for_overwrite<int>(G);
    auto atomic = [&](int &X) {
      return atomic_ref<int, memory_order::relaxed, memory_scope::device>(X);
    };
    if (P->A != 5 || P->B != 7)
      atomic(Checks[0])++;
    if (*First != 1 || *Second != 2 || First.get() == Second.get())
      atomic(Checks[1])++;
    if (G.leader())
      *Scratch = int(G.get_group_linear_id());
    group_barrier(G);
    if (*Scratch != int(G.get_group_linear_id()))
      atomic(Checks[2])++;
  }).wait();
  std::printf("checks: %d %d %d\n", Checks[0], Checks[1], Checks[2]);
  // CHECK: checks: 0 0 0
  free(Out, myQueue);
  free(Checks, myQueue);
}

// Work-group memory is a Workgroup variable in the image.
// SPIRV: OpVariable %{{.*}} Workgroup
