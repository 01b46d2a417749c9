#include "scale.h"

void scale(sycl::queue &Q, int *Data, int N) {
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) { Data[I] *= ScaleFactor; }).wait();
}
