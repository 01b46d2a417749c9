// device_globals across TUs (with dg-b.cpp): a SYCL_EXTERNAL definition, an
// inline variable, and a `static` variable whose name dg-b.cpp reuses.
#include <sycl/sycl.hpp>
#include <cstdio>

using namespace sycl::ext::oneapi::experimental;

SYCL_EXTERNAL device_global<int> Shared;
inline device_global<int> Inline;
static device_global<int> Local;

void run_b(sycl::queue &q);

int main() {
  sycl::queue q;
  q.single_task([=] { Local = 1; }).wait();
  run_b(q); // Shared = 42, Inline = 7, its own Local = 2
  int *out = sycl::malloc_shared<int>(3, q);
  q.single_task([=] { out[0] = Shared; out[1] = Inline; out[2] = Local; }).wait();
  int shared = 0, local = 0, inl = 0;
  q.copy(Shared, &shared).wait();
  q.copy(Local, &local).wait();
  q.copy(Inline, &inl).wait();
  std::printf("a: kernel %d %d %d copy %d %d %d\n", out[0], out[1], out[2], shared, local, inl);
  sycl::free(out, q);
}
