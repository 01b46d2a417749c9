// sycl::ext::oneapi::experimental::printf from kernels: a format in a
// constant array as code written for DPC++ declares it (__SYCL_CONSTANT_AS),
// a string literal, integer, float (promoted to double) and width arguments;
// the output appears by the time the kernel's wait returns.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

namespace syclex = sycl::ext::oneapi::experimental;

int main() {
  sycl::queue Q;
  Q.single_task([=] {
     static const __SYCL_CONSTANT_AS char Format[] = "int %d, unsigned %u, hex %x, float %.2f\n";
     syclex::printf(Format, -5, 7u, 255, 1.25f);
     syclex::printf("literal %5d|%-3d|\n", 42, 7);
   }).wait();
  std::fflush(stdout);
  std::printf("host after\n");
}

// CHECK: int -5, unsigned 7, hex ff, float 1.25
// CHECK-NEXT: literal    42|7  |
// CHECK-NEXT: host after
