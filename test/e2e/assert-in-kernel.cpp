// assert in kernels with <sycl/sycl.hpp> alone (include/sycl/detail/
// device_assert.hpp): an assert that holds costs nothing visible; one that
// fails prints glibc's message from the device and the kernel goes on (a
// device cannot abort the process); -DNDEBUG removes both, as on the host.
// <cassert> included again after <sycl/sycl.hpp> keeps working.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
// RUN: %syclcc -O2 -DNDEBUG %s -o %t.ndebug && %t.ndebug | FileCheck %s --check-prefix=NDEBUG
#include <sycl/sycl.hpp>

#include <cassert>

int main() {
  sycl::queue Q;
  int *Data = sycl::malloc_shared<int>(16, Q);
  for (int I = 0; I < 16; ++I)
    Data[I] = I;
  // Holds for every work-item.
  Q.parallel_for(sycl::range<1>(16), [=](sycl::id<1> I) {
     assert(Data[I] == int(I[0]));
     Data[I] += 100;
   }).wait();
  std::cout << "data[15] = " << Data[15] << std::endl;
  // Fails in one work-item: the message, then the kernel's other effects.
  Q.single_task([=] {
     assert(Data[3] == 3 && "deliberately false");
     Data[0] = -1;
   }).wait();
  std::cout << "after the failed assert: data[0] = " << Data[0] << std::endl;
  sycl::free(Data, Q);
}
// CHECK: data[15] = 115
// CHECK: assert-in-kernel.cpp:{{[0-9]+}}: {{.*}}: Assertion `Data[3] == 3 && "deliberately false"' failed.
// CHECK: after the failed assert: data[0] = -1
// NDEBUG: data[15] = 115
// NDEBUG-NOT: Assertion
// NDEBUG: after the failed assert: data[0] = -1
