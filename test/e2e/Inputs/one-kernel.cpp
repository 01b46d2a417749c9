// One kernel launch whose failure is printed, not fatal: tests that break the
// program's image check the exception that names the cause.
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  try {
    sycl::queue Q;
    int *Out = sycl::malloc_shared<int>(1, Q);
    Q.single_task([=] { *Out = 42; }).wait();
    std::printf("result: %d\n", *Out);
    sycl::free(Out, Q);
  } catch (const sycl::exception &E) {
    std::printf("caught (%s): %s\n", E.code().message().c_str(), E.what());
    return 1;
  }
}
