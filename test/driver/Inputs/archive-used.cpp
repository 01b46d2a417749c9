// An archive member the program needs: its kernel joins the device link.
#include <sycl/sycl.hpp>

class UsedKernel;

void runUsed(sycl::queue &Q, int *Out) {
  Q.single_task<UsedKernel>([=] { *Out = 42; }).wait();
}
