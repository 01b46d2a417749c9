// An archive member nothing references: the linker leaves it out, and so does
// the device link. Its kernel's name is archive-main.cpp's, which would fail
// the device link if the member were taken.
#include <sycl/sycl.hpp>

class MainKernel;

void runUnused(sycl::queue &Q, int *Out) {
  Q.single_task<MainKernel>([=] { *Out = -1; }).wait();
}
