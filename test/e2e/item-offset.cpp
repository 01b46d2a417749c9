// parallel_for(range, offset, kernel) (deprecated, still valid) with a
// generic lambda: an item with the offset, never taken for a reduction.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  sycl::queue Q;
  constexpr size_t N = 6, Off = 4;
  int *Out = sycl::malloc_shared<int>(N + Off, Q);
  for (size_t I = 0; I < N + Off; ++I)
    Out[I] = -1;
  Q.submit([&](sycl::handler &H) {
     H.parallel_for(sycl::range<1>(N), sycl::id<1>(Off), [=](auto It) {
       Out[It.get_id(0)] = int(It.get_linear_id() * 10 + It.get_offset()[0]);
     });
   }).wait();
  for (size_t I = 0; I < N + Off; ++I)
    std::printf("%d ", Out[I]);
  std::printf("\n");
  sycl::free(Out, Q);
}

// CHECK: -1 -1 -1 -1 4 14 24 34 44 54
