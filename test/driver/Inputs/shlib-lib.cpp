// A shared library with kernels of its own; it also launches a kernel of the
// executable that loads it (exeFill, resolved at load time).
#include <sycl/sycl.hpp>

void exeFill(sycl::queue &Q, int *Out, int Value);

int libScale(sycl::queue &Q, int Factor) {
  int *Data = sycl::malloc_shared<int>(4, Q);
  exeFill(Q, Data, 5);
  Q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> I) { Data[I] *= Factor + int(I); }).wait();
  int Sum = Data[0] + Data[1] + Data[2] + Data[3];
  sycl::free(Data, Q);
  return Sum;
}
