// Host and device compiles that disagree about a kernel (kernel-mismatch.test).
#include <sycl/sycl.hpp>

#ifdef RENUMBERED
// A lambda that exists only in the device compile renumbers the lambdas after
// it: the host compile launches a kernel the device compile named otherwise.
int main() {
  sycl::queue Q;
#ifdef __SYCL_DEVICE_ONLY__
  auto DeviceOnly = [] { return 1; };
  (void)DeviceOnly;
#endif
  int *P = sycl::malloc_shared<int>(1, Q);
  Q.single_task([=] { P[0] = 1; }).wait();
  return P[0] == 1 ? 0 : 1;
}
#endif

#ifdef RESIZED
// A functor whose layout differs between the compiles.
struct Store {
  int *P;
#ifndef __SYCL_DEVICE_ONLY__
  int HostOnly = 0;
#endif
  void operator()() const { P[0] = 1; }
};

int main() {
  sycl::queue Q;
  int *P = sycl::malloc_shared<int>(1, Q);
  Q.single_task<class Resized>(Store{P}).wait();
  return P[0] == 1 ? 0 : 1;
}
#endif

#if !defined(RENUMBERED) && !defined(RESIZED)
// Both compiles agree.
int main() {
  sycl::queue Q;
  int *P = sycl::malloc_shared<int>(1, Q);
  Q.single_task([=] { P[0] = 1; }).wait();
  return P[0] == 1 ? 0 : 1;
}
#endif
