// With kernel-clash-b.cpp: one kernel name type, two different kernels.
#include <sycl/sycl.hpp>

class Clash;
void other(sycl::queue &Q, int *P);

int main() {
  sycl::queue Q;
  int *P = sycl::malloc_shared<int>(2, Q);
  Q.single_task<Clash>([=] { P[0] = 1; }).wait();
  other(Q, P);
}
