// Barriers, group algorithms and group-local memory need work-groups: a
// kernel launched over a plain range or as a single task that reaches them,
// directly or through helpers, is a compile error naming the kernel.
// RUN: %clang_device -c -emit-llvm -o /dev/null -Xclang -verify %s

#include <sycl/sycl.hpp>

void helper(sycl::group<1> G) {
  sycl::group_barrier(G); // expected-error@sycl/group.hpp:* 2 {{SYCL work-group functions (barriers, group algorithms, group_local_memory) need an nd_range kernel}}
}

void submit(sycl::handler &H, sycl::group<1> G, int *P) {
  H.parallel_for<class RangeKernel>(sycl::range<1>(8), [=](sycl::id<1> I) { // expected-note {{reached from the SYCL kernel '_ZTSZ6submitRN4sycl7handlerENS_5groupILi1EEEPiE11RangeKernel', which has no work-groups (a range or single_task launch)}}
    helper(G);
    P[I] = 1;
  });
  H.single_task<class Task>([=] { // expected-note {{reached from the SYCL kernel '_ZTSZ6submitRN4sycl7handlerENS_5groupILi1EEEPiE4Task', which has no work-groups (a range or single_task launch)}}
    auto M = sycl::ext::oneapi::group_local_memory<int>(G);
    P[0] = *M;
  });
  // Fine: an nd_range kernel.
  H.parallel_for<class NdKernel>(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1> It) {
    helper(It.get_group());
    P[It.get_global_id(0)] = sycl::reduce_over_group(It.get_group(), 1, sycl::plus<int>());
  });
}
