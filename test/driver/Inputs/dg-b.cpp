#include <sycl/sycl.hpp>
#include <cstdio>

using namespace sycl::ext::oneapi::experimental;

SYCL_EXTERNAL extern device_global<int> Shared;
inline device_global<int> Inline;
static device_global<int> Local;

void run_b(sycl::queue &q) {
  q.single_task([=] { Shared = 42; Inline = 7; Local = 2; }).wait();
  int shared = 0, local = 0;
  q.copy(Shared, &shared).wait();
  q.copy(Local, &local).wait();
  std::printf("b: copy %d %d\n", shared, local);
}
