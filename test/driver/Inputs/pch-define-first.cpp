// A #define before the SYCL header: it must reach the header, so syclcc
// must not load a precompiled one.
#define NDEBUG
#include <sycl/sycl.hpp>

constexpr int checked() {
  assert(false && "NDEBUG must disable this");
  return 1;
}
static_assert(checked() == 1);

int main() {}
