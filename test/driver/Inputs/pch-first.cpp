// A TU that starts with the SYCL header: syclcc may load it precompiled.
#include <sycl/sycl.hpp>

// Holds only where NDEBUG reached <cassert> through <sycl/sycl.hpp>.
constexpr int checked() {
#ifdef EXPECT_NDEBUG
  assert(false && "NDEBUG must disable this");
#endif
  return 1;
}
static_assert(checked() == 1);

int main() {
  sycl::queue Q;
  int *P = sycl::malloc_shared<int>(1, Q);
  Q.single_task([=] { *P = 7; }).wait();
  int V = *P;
  sycl::free(P, Q);
  return V == 7 ? 0 : 1;
}
