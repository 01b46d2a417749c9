// -fsycl-device-code-split=per_kernel: each kernel in an image of its own
// (two here, both calling one helper), both giving the
// right results, and the runtime building only the image of the kernel it
// launches: the first launch builds one image, the second the other, a
// third launch of the first builds nothing.
// REQUIRES: opencl
// RUN: %syclcc -O2 -fsycl-device-code-split=per_kernel %s -o %t
// RUN: smcp-dump %t | grep -c '^image ' | FileCheck %s --check-prefix=IMAGES
// RUN: env SMCP_CACHE_DIR=off SMCP_TRACE=1 %t 2>&1 | FileCheck %s
// IMAGES: {{^}}2{{$}}
#include <sycl/sycl.hpp>

#include <cstdio>

using namespace sycl;

class Square;
class AddTen;

static int helper(int X, int Y) { return X * Y + 1; }

int main() {
  queue Q;
  int *Data = malloc_shared<int>(8, Q);
  for (int I = 0; I < 8; ++I)
    Data[I] = I;
  std::printf("start\n");
  std::fflush(stdout);
  // CHECK-LABEL: start
  // CHECK: building image
  // CHECK-NOT: building image
  // CHECK: square: 1 2 5 10 17 26 37 50
  auto SquareKernel = [=](id<1> I) { Data[I] = helper(Data[I], Data[I]); };
  Q.parallel_for<Square>(range<1>(8), SquareKernel).wait();
  std::printf("square: %d %d %d %d %d %d %d %d\n", Data[0], Data[1], Data[2], Data[3], Data[4],
              Data[5], Data[6], Data[7]);
  std::fflush(stdout);
  // CHECK: building image
  // CHECK-NOT: building image
  // CHECK: add ten: 12 13 16 21 28 37 48 61
  Q.parallel_for<AddTen>(range<1>(8), [=](id<1> I) { Data[I] = helper(Data[I], 1) + 10; }).wait();
  std::printf("add ten: %d %d %d %d %d %d %d %d\n", Data[0], Data[1], Data[2], Data[3], Data[4],
              Data[5], Data[6], Data[7]);
  std::fflush(stdout);
  // CHECK-NOT: building image
  // CHECK: square again: 145
  Q.parallel_for<Square>(range<1>(8), SquareKernel).wait();
  std::printf("square again: %d\n", Data[0]);
  free(Data, Q);
  return 0;
}
