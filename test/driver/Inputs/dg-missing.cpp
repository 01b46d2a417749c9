// A kernel uses an extern device_global that no TU of the link defines.
#include <sycl/sycl.hpp>

using namespace sycl::ext::oneapi::experimental;

SYCL_EXTERNAL extern device_global<int> Missing;

int main() {
  sycl::queue q;
  q.single_task([=] { Missing = 1; }).wait();
}
