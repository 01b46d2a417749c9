// atomic_ref on pointers whose address space the compiler cannot see: a USM
// pointer in a parallel_for with a reduction (the reduction's kernel carries
// the user's functor as bytes, so the pointer arrives as an integer), one
// inside a captured struct, and a local_accessor element whose address went
// through an integer. Built on OpenCL 1.2 devices (PoCL), which have no
// generic atomics: each such atomic tests at run time whether it points into
// local memory (device-passes/SPIRVAtomics.cpp).
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"

#include <cstdint>
#include <cstdio>

using namespace sycl;

template <typename T>
using device_atomic = atomic_ref<T, memory_order::relaxed, memory_scope::device>;

struct Counters {
  int *Hits;
  unsigned long long *Total;
};

int main() {
  queue Q;
  int *Count = malloc_shared<int>(1, Q);
  int *Sum = malloc_shared<int>(1, Q);
  *Count = 0;
  *Sum = 0;
  Q.parallel_for(range<1>(64), reduction(Sum, plus<int>()), [=](id<1> I, auto &R) {
     device_atomic<int>(*Count).fetch_add(1);
     R += int(I[0]);
   }).wait();
  std::printf("with a reduction: count %d sum %d\n", *Count, *Sum);
  // CHECK: with a reduction: count 64 sum 2016

  Counters C{malloc_shared<int>(1, Q), malloc_shared<unsigned long long>(1, Q)};
  *C.Hits = 0;
  *C.Total = 0;
  Q.parallel_for(range<1>(100), [=](id<1> I) {
     device_atomic<int>(*C.Hits).fetch_add(1);
     device_atomic<unsigned long long>(*C.Total).fetch_max(I[0]);
   }).wait();
  std::printf("in a struct: hits %d max %llu\n", *C.Hits, *C.Total);
  // CHECK: in a struct: hits 100 max 99

  int *Groups = malloc_shared<int>(4, Q);
  Q.submit([&](handler &H) {
     local_accessor<int, 1> Local(1, H);
     H.parallel_for(nd_range<1>(64, 16), [=](nd_item<1> It) {
       auto *Hidden = reinterpret_cast<int *>(reinterpret_cast<std::uintptr_t>(&Local[0]) ^ It.get_group(0) * 0);
       if (It.get_local_id(0) == 0)
         *Hidden = 0;
       group_barrier(It.get_group());
       atomic_ref<int, memory_order::relaxed, memory_scope::work_group,
                  access::address_space::generic_space>(*Hidden).fetch_add(2);
       group_barrier(It.get_group());
       if (It.get_local_id(0) == 0)
         Groups[It.get_group(0)] = *Hidden;
     });
   }).wait();
  std::printf("local: %d %d %d %d\n", Groups[0], Groups[1], Groups[2], Groups[3]);
  // CHECK: local: 32 32 32 32
  free(Count, Q);
  free(Sum, Q);
  free(C.Hits, Q);
  free(C.Total, Q);
  free(Groups, Q);
}
