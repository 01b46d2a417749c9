// Accessors in host tasks (SYCL 2020 4.10.2, 4.7.6.9): a target::host_task
// accessor reads and writes the buffer's data on the host, in order with the
// kernels around it; a target::device accessor may be captured (its device
// memory reaches the task through interop_handle::get_native_mem) but has no
// host memory: using its elements there is errc::accessor, not a read
// through a null pointer. get_native_mem takes device accessors only.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: not %syclcc -c -DNATIVE_MEM_OF_HOST_TASK_ACCESSOR %s -o %t.bad.o 2>&1 | FileCheck --check-prefix=NATIVE %s
// NATIVE: get_native_mem takes a target::device accessor
#include <sycl/sycl.hpp>

#include <cstdio>
#include <string>
#include <vector>

using namespace sycl;

int main() {
  queue Q;
  std::vector<int> V(8, 0);
  {
    buffer<int> B(V.data(), range<1>(8));
    Q.submit([&](handler &H) {
      accessor A(B, H, write_only);
      H.parallel_for(range<1>(8), [=](id<1> I) { A[I] = int(I[0]) * 10; });
    });
    // The host task sees the kernel's results and its writes reach the next kernel.
    Q.submit([&](handler &H) {
      accessor A(B, H, read_write_host_task);
      H.host_task([=] {
        int Sum = 0;
        for (int I = 0; I < 8; ++I) {
          Sum += A[I];
          A[I] += 1;
        }
        std::printf("host_task sum: %d\n", Sum);
      });
    });
    // CHECK: host_task sum: 280
    Q.submit([&](handler &H) {
      accessor A(B, H, read_write);
      H.parallel_for(range<1>(8), [=](id<1> I) { A[I] *= 2; });
    });

    // A device accessor in a host task: its elements are an error, its
    // pointer null, its native memory there.
    Q.submit([&](handler &H) {
      accessor D(B, H, read_only);
#ifdef NATIVE_MEM_OF_HOST_TASK_ACCESSOR
      accessor T(B, H, read_only_host_task);
      H.host_task([=](interop_handle IH) { (void)IH.get_native_mem(T); });
#else
      H.host_task([=](interop_handle IH) {
        try {
          std::printf("read %d\n", D[0]);
        } catch (const exception &E) {
          std::printf("device accessor in a host task: errc::accessor %d, names target::host_task %d\n",
                      E.code() == errc::accessor,
                      std::string(E.what()).find("target::host_task") != std::string::npos);
        }
        std::printf("pointer null %d, native memory %d\n", D.get_pointer() == nullptr,
                    IH.get_native_mem(D) != nullptr);
      });
#endif
    }).wait();
    // CHECK: device accessor in a host task: errc::accessor 1, names target::host_task 1
    // CHECK: pointer null 1, native memory 1
  }
  // The buffer and the queue stay usable: every element went through all three steps.
  int Wrong = 0;
  for (int I = 0; I < 8; ++I)
    Wrong += V[I] != (I * 10 + 1) * 2;
  std::printf("wrong: %d\n", Wrong);
  // CHECK: wrong: 0
}
