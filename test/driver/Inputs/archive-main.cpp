#include <sycl/sycl.hpp>

#include <cstdio>

class MainKernel;
void runUsed(sycl::queue &Q, int *Out);
#ifdef PULL_UNUSED
void runUnused(sycl::queue &Q, int *Out);
void (*Pull)(sycl::queue &, int *) = runUnused;
#endif

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(2, Q);
  runUsed(Q, Out);
  Q.single_task<MainKernel>([=] { Out[1] = 7; }).wait();
  std::printf("archive kernel: %d, main kernel: %d\n", Out[0], Out[1]);
  sycl::free(Out, Q);
}
