// A shared library the executable loads with dlopen.
#include <sycl/sycl.hpp>

extern "C" int pluginRun(sycl::queue *Q) {
  int *Out = sycl::malloc_shared<int>(1, *Q);
  Q->single_task([=] { *Out = 99; }).wait();
  int V = *Out;
  sycl::free(Out, *Q);
  return V;
}
