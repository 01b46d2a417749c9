#include <sycl/sycl.hpp>
#include <cstdio>

using namespace sycl::ext::oneapi::experimental;

SYCL_EXTERNAL extern device_global<int> Shared;
inline device_global<int> Inline;
static device_global<int> Local;
namespace {
device_global<int> Anon;
}

void run_b(sycl::queue &q) {
  q.single_task([=] { Shared = 42; Inline = 7; Local = 2; Anon = 5; }).wait();
  int shared = 0, local = 0, anon = 0;
  q.copy(Shared, &shared).wait();
  q.copy(Local, &local).wait();
  q.copy(Anon, &anon).wait();
  std::printf("b: copy %d %d %d\n", shared, local, anon);
}
