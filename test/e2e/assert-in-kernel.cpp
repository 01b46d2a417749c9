// assert in kernels with <sycl/sycl.hpp> alone (include/sycl/detail/
// device_assert.hpp): an assert that holds costs nothing visible; one that
// fails prints glibc's message with the work-item's ids from the device, the
// kernel runs to its end, and the wait on it aborts the program
// (sycl_ext_oneapi_assert; runtime/core/device_assert.h), whether that is
// the event's wait or the queue's. -DNDEBUG removes both, as on the host.
// <cassert> included again after <sycl/sycl.hpp> keeps working.
// RUN: %syclcc -O2 %s -o %t && %t holds | FileCheck %s --check-prefix=HOLDS
// RUN: not --crash %t event 2>&1 | FileCheck %s
// RUN: not --crash %t queue 2>&1 | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && not --crash %t.O0 event 2>&1 | FileCheck %s
// RUN: %syclcc -O2 -DNDEBUG %s -o %t.ndebug && %t.ndebug event | FileCheck %s --check-prefix=NDEBUG
#include <sycl/sycl.hpp>

#include <cassert>
#include <cstring>

int main(int argc, char **argv) {
  const char *How = argc > 1 ? argv[1] : "holds";
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
  if (std::strcmp(How, "holds") == 0)
    return 0;
  // Fails in one work-item of a group of 4: the message, then the abort.
  sycl::event E = Q.parallel_for(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1> It) {
    assert((It.get_global_id(0) != 6 || Data[3] == 3) && "deliberately false");
    Data[It.get_global_id(0)] = -1;
  });
  if (std::strcmp(How, "event") == 0)
    E.wait();
  else
    Q.wait();
  std::cout << "after the failed assert: data[0] = " << Data[0] << std::endl;
  sycl::free(Data, Q);
}
// HOLDS: data[15] = 115
// CHECK: data[15] = 115
// CHECK: assert-in-kernel.cpp:{{[0-9]+}}: {{.*}}: global id: [6,0,0], local id: [2,0,0] Assertion `(It.get_global_id(0) != 6 || Data[3] == 3) && "deliberately false"' failed.
// CHECK: sycl: a kernel failed an assertion on device '{{.*}}' (its message is above); aborting
// CHECK-NOT: after the failed assert
// NDEBUG: data[15] = 115
// NDEBUG-NOT: Assertion
// NDEBUG: after the failed assert: data[0] = -1
