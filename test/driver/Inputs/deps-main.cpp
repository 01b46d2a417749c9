// A kernel whose value comes from a user header (dependency-file tests) and
// a host function from a C file (mixed-language links).
#include <sycl/sycl.hpp>

#include <cstdio>

#include "deps-value.h"

extern "C" int c_offset(void);

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(4, Q);
  Q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> I) { Out[I] = DEPS_VALUE * int(I); }).wait();
  std::printf("%d %d\n", Out[3], Out[3] + c_offset());
  sycl::free(Out, Q);
}
