#include "offset.h"
#include "scale.h"

#include <cstdio>

int main() {
  sycl::queue Q;
  int *Data = sycl::malloc_shared<int>(4, Q);
  Q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> I) { Data[I] = Offset + int(I); }).wait();
  scale(Q, Data, 4);
  std::printf("package project: %d %d\n", Data[0], Data[3]);
  sycl::free(Data, Q);
}
