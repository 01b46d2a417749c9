// Work-group features inside a SYCL_EXTERNAL function of another TU, with
// atomics on group-local memory; the image's SPIR-V carries the barrier and
// atomic instructions with their scopes and semantics: Workgroup (2) for
// execution and memory, AcquireRelease | WorkgroupMemory |
// CrossWorkgroupMemory (0x308 = 776) for the barrier, relaxed (0) with
// Workgroup scope for the local atomic, whose pointer is a Workgroup one.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %syclcc -O2 -c %S/Inputs/work-group-external.cpp -o %t/ext.o
// RUN: %syclcc -O2 -c %s -o %t/main.o
// RUN: %syclcc %t/main.o %t/ext.o -o %t/app
// RUN: %t/app | FileCheck %s
// RUN: %if target-spir64 %{ smcp-dump %t/app --extract=%t && spirv-val %t/image0.spirv %}
// RUN: %if target-spir64 %{ spirv-dis %t/image0.spirv | FileCheck %s --check-prefix=SPIRV %}
#include <sycl/sycl.hpp>

#include <cstdio>

SYCL_EXTERNAL int group_total(sycl::nd_item<1> It, int *LocalCounter, int X);

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(256, Q);
  Q.parallel_for(sycl::nd_range<1>(256, 64), [=](sycl::nd_item<1> It) {
     auto Counter = sycl::ext::oneapi::group_local_memory_for_overwrite<int>(It.get_group());
     Out[It.get_global_id(0)] = group_total(It, Counter.get(), int(It.get_local_id(0)));
   }).wait();
  int Bad = 0;
  for (int K = 0; K < 256; ++K)
    Bad += Out[K] != 63 * 64 / 2;
  std::printf("external work-group mismatches: %d\n", Bad);
  // CHECK: external work-group mismatches: 0
  sycl::free(Out, Q);
}

// SPIRV-DAG: [[TWO:%[a-z_0-9]+]] = OpConstant %uint 2
// SPIRV-DAG: [[SEM:%[a-z_0-9]+]] = OpConstant %uint 776
// SPIRV-DAG: [[ZERO:%[a-z_0-9]+]] = OpConstant %uint 0
// SPIRV-DAG: OpControlBarrier [[TWO]] [[TWO]] [[SEM]]
// SPIRV-DAG: OpAtomicIAdd %uint %{{[0-9a-z_.]+}} [[TWO]] [[ZERO]]
// SPIRV-DAG: OpTypePointer Workgroup %uint
