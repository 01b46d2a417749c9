// The device compile emits kernels and what they reach, annotated with the
// parameter list, and nothing of the host code: not main(), not a host
// function using SSE intrinsics, inline asm, exceptions or iostreams.
// RUN: %clang_device -O0 -c -emit-llvm %s -o - %plugin_arg emit-llvm | FileCheck %s

#include "Inputs/mini_handler.hpp"
#include <immintrin.h>
#include <iostream>
#include <stdexcept>

static int twice(int V) { return 2 * V; }
int helper(int V) { return twice(V) + 1; }
int unused_by_kernels(int V) { return V - 1; }

void host_only(float *P) {
  __m128 V = _mm_loadu_ps(P);
  _mm_storeu_ps(P, V);
  asm volatile("nop");
  std::cout << "host\n";
  if (!P)
    throw std::runtime_error("null");
}

int main() {
  mini_handler H;
  int *Usm = nullptr;
  int X = 3;
  H.parallel_for<class K1>(sycl::range<1>(8), [=](sycl::id<1> I) { Usm[I] = helper(X); });
  host_only(nullptr);
}

// CHECK: c"smcp.kernel _ZTSZ4mainE2K1 16 3:8:0 1:4:8\00"
// CHECK-NOT: define {{.*}}@main(
// CHECK-NOT: define {{.*}}host_only
// CHECK-NOT: define {{.*}}unused_by_kernels
// CHECK-DAG: define {{.*}}spir_func void @_ZN4sycl6detail25kernel_entry_parallel_for{{.*}}(%class.anon* noundef byval(%class.anon)
// CHECK-DAG: define {{.*}} i32 @_Z6helperi(
// CHECK-DAG: define internal spir_func noundef i32 @_ZL5twicei(
// CHECK-DAG: declare {{.*}} i64 @__smcp_global_id(i32
