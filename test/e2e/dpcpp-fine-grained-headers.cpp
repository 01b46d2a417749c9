// Code written for DPC++ that includes its fine-grained headers instead of
// <sycl/sycl.hpp>: <sycl/detail/core.hpp> for queues, buffers, accessors
// and kernels, and beside it the headers that DPC++ programs add for USM,
// properties, host tasks, half, the ext::oneapi function objects,
// reductions, atomics, sub-groups and printf. Every result is checked.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
#include <sycl/detail/core.hpp>

#include <sycl/atomic_ref.hpp>
#include <sycl/detail/host_task_impl.hpp>
#include <sycl/ext/oneapi/experimental/builtins.hpp>
#include <sycl/ext/oneapi/functional.hpp>
#include <sycl/ext/oneapi/sub_group.hpp>
#include <sycl/half_type.hpp>
#include <sycl/properties/all_properties.hpp>
#include <sycl/reduction.hpp>
#include <sycl/usm.hpp>

#include "Inputs/expect.hpp"

#include <cstdio>
#include <vector>

constexpr size_t N = 256;

int main() {
  sycl::queue Q{sycl::property_list{sycl::property::queue::in_order{}}};

  // Buffer and accessor, with the accessor property no_init.
  std::vector<int> Host(N, -1);
  {
    sycl::buffer<int> Buf(Host.data(), sycl::range<1>(N),
                          {sycl::property::buffer::use_host_ptr{}});
    Q.submit([&](sycl::handler &H) {
      sycl::accessor A(Buf, H, sycl::write_only, sycl::property::no_init{});
      H.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) { A[I] = int(I[0]) * 2; });
    });
  }
  for (size_t I = 0; I < N; ++I)
    EXPECT(Host[I] == int(I) * 2);

  // USM, a reduction with ext::oneapi::plus and initialize_to_identity, and
  // an atomic_ref counter.
  int *Data = sycl::malloc_shared<int>(N, Q);
  int *Sum = sycl::malloc_shared<int>(1, Q);
  int *Count = sycl::malloc_shared<int>(1, Q);
  *Sum = 1000;
  *Count = 0;
  for (size_t I = 0; I < N; ++I)
    Data[I] = int(I);
  Q.parallel_for(sycl::range<1>(N),
                 sycl::reduction(Sum, sycl::ext::oneapi::plus<int>(),
                                 {sycl::property::reduction::initialize_to_identity{}}),
                 [=](sycl::id<1> I, auto &R) { R += Data[I]; })
      .wait();
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1>) {
     sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(*Count)
         .fetch_add(1);
   }).wait();
  EXPECT(*Sum == int(N * (N - 1) / 2));
  EXPECT(*Count == int(N));

  // nd_item and the sub-group under its ext::oneapi name.
  Q.parallel_for(sycl::nd_range<1>(N, 32), [=](sycl::nd_item<1> It) {
     sycl::ext::oneapi::sub_group SG = It.get_sub_group();
     Data[It.get_global_id(0)] = int(SG.get_local_range()[0] > 0);
   }).wait();
  for (size_t I = 0; I < N; ++I)
    EXPECT(Data[I] == 1);

  // A host task after a kernel, in order.
  int HostTaskSaw = 0;
  Q.single_task([=] { Data[0] = 7; });
  Q.submit([&](sycl::handler &H) { H.host_task([&] { HostTaskSaw = Data[0]; }); }).wait();
  EXPECT(HostTaskSaw == 7);

  // sycl::half on the host, and printf from a kernel.
  sycl::half Half = 1.5f;
  EXPECT(float(Half + Half) == 3.0f);
  Q.single_task([=] { sycl::ext::oneapi::experimental::printf("kernel printf %d\n", 5); }).wait();

  sycl::free(Data, Q);
  sycl::free(Sum, Q);
  sycl::free(Count, Q);
  std::printf("failures: %d\n", expect_failures());
  return expect_failures() != 0;
}
// CHECK: kernel printf 5
// CHECK: failures: 0
