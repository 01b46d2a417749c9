// Program 5 of the buffer-accessor-modes guide (read_only buffers reused by 100 kernels),
// verbatim but for line breaks. Besides its printed result, the SMCP_TRACE lines prove the data
// movement the guide describes: A and B are uploaded once each (2) for the 100 kernels and never
// written back; the first A and B are written back at their scope's end (2) and the host_accessor
// brings C back (1).
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: env SMCP_TRACE=1 %t 2>&1 >/dev/null | awk '/copy host->device/ {n++} END {print n+0}' | FileCheck %s --check-prefix=H2D
// RUN: env SMCP_TRACE=1 %t 2>&1 >/dev/null | awk '/copy device->host/ {n++} END {print n+0}' | FileCheck %s --check-prefix=D2H

#include <CL/sycl.hpp>
#include <stdio.h>

constexpr int N = 100;
constexpr int iters = 100;

int main() {
  int AData[N];
  int BData[N];
  int CData[N];

  sycl::queue Q;
  sycl::buffer<int> CBuf(&CData[0], N);
  {
    // Create 2 buffers, each holding N integers
    sycl::buffer<int> ABuf(&AData[0], N);
    sycl::buffer<int> BBuf(&BData[0], N);

    // Kernel1
    Q.submit([&](auto &h) {
      // Create device accessors.
      // The property no_init lets the runtime know that the
      // previous contents of the buffer can be discarded.
      sycl::accessor aA(ABuf, h, sycl::write_only, sycl::no_init);
      sycl::accessor aB(BBuf, h, sycl::write_only, sycl::no_init);
      sycl::accessor aC(CBuf, h, sycl::write_only, sycl::no_init);
      h.parallel_for(N, [=](auto i) {
        aA[i] = 11;
        aB[i] = 22;
        aC[i] = 0;
      });
    });
  }
  sycl::buffer<int> ABuf(&AData[0], N);
  sycl::buffer<int> BBuf(&BData[0], N);

  for (int it = 0; it < iters; it++) {
    // Kernel2
    Q.submit([&](auto &h) {
      // Create device accessors
      sycl::accessor aA(ABuf, h, sycl::read_only);
      sycl::accessor aB(BBuf, h, sycl::read_only);
      sycl::accessor aC(CBuf, h);
      h.parallel_for(N, [=](auto i) { aC[i] += aA[i] + aB[i]; });
    });
  }

  sycl::host_accessor h_acc(CBuf);
  for (int i = 0; i < N; i++) {
    printf("%d\n", h_acc[i]);
  }
  return 0;
}

// CHECK-COUNT-100: {{^}}3300{{$}}
// CHECK-NOT: {{[0-9]}}
// H2D: {{^}}2{{$}}
// D2H: {{^}}3{{$}}
