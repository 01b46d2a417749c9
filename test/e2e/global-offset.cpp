// Global offsets (SYCL 2020 keeps them, deprecated): parallel_for(range, id,
// kernel) and nd_range's offset shift every global id and item; get_offset
// returns them. Native on OpenCL and Level Zero (zeKernelSetGlobalOffsetExp);
// on CUDA an implicit kernel argument.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  sycl::queue Q;
  constexpr size_t N = 6, M = 8;
  int *Out = sycl::malloc_shared<int>(64 * 64, Q);
  Q.memset(Out, 0, 64 * 64 * sizeof(int)).wait(); // USM starts undefined
  int *Bad = sycl::malloc_shared<int>(1, Q);
  *Bad = 0;

  // range + offset, with item: ids run from the offset; linear ids do not.
  Q.submit([&](sycl::handler &H) {
     H.parallel_for(sycl::range<2>(N, M), sycl::id<2>(3, 5), [=](sycl::item<2> It) {
       if (It.get_offset() != sycl::id<2>(3, 5) || It.get_range(1) != M)
         Bad[0] = 1; // racy, but any writer writes 1
       Out[It.get_id(0) * 64 + It.get_id(1)] = int(It.get_linear_id());
     });
   }).wait();
  int Sum = 0, Outside = 0;
  for (size_t I = 0; I < 64; ++I)
    for (size_t J = 0; J < 64; ++J) {
      bool In = I >= 3 && I < 3 + N && J >= 5 && J < 5 + M;
      if (In)
        Sum += Out[I * 64 + J] == int((I - 3) * M + (J - 5));
      else
        Outside += Out[I * 64 + J] != 0;
    }
  std::printf("range+offset: bad=%d right=%d of %zu, outside=%d\n", *Bad, Sum, N * M, Outside);
  // CHECK: range+offset: bad=0 right=48 of 48, outside=0

  // range + offset, with id: the id includes the offset.
  Q.submit([&](sycl::handler &H) {
     H.parallel_for(sycl::range<1>(16), sycl::id<1>(100),
                    [=](sycl::id<1> I) { Out[I[0] - 100] = int(I[0]); });
   }).wait();
  std::printf("id: %d %d\n", Out[0], Out[15]);
  // CHECK: id: 100 115

  // nd_range with an offset: global ids shift, local and group ids do not.
  Q.parallel_for(sycl::nd_range<1>(sycl::range<1>(64), sycl::range<1>(16), sycl::id<1>(1000)),
                 [=](sycl::nd_item<1> It) {
                   size_t G = It.get_global_id(0);
                   if (It.get_offset()[0] != 1000 ||
                       G != 1000 + It.get_group(0) * 16 + It.get_local_id(0) ||
                       It.get_global_linear_id() != G - 1000)
                     Bad[0] = 1; // racy, but any writer writes 1
                   Out[G - 1000] = int(G);
                 }).wait();
  std::printf("nd_range: bad=%d %d %d\n", *Bad, Out[0], Out[63]);
  // CHECK: nd_range: bad=0 1000 1063

  // Without an offset, after launches with one: ids start at 0 again.
  Q.parallel_for(sycl::range<1>(4), [=](sycl::item<1> It) {
     Out[It.get_id(0)] = int(It.get_id(0)) + int(It.get_offset()[0]);
   }).wait();
  std::printf("plain: %d %d\n", Out[0], Out[3]);
  // CHECK: plain: 0 3
  sycl::free(Out, Q);
  sycl::free(Bad, Q);
}
