#include <sycl/sycl.hpp>

#include <cstdio>

SYCL_EXTERNAL int scale(int V);

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(4, Q);
  Q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> I) { Out[I] = scale(int(I)); }).wait();
  std::printf("%d %d %d %d\n", Out[0], Out[1], Out[2], Out[3]);
  sycl::free(Out, Q);
}
