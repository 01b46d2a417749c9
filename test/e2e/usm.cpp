// USM: the three allocation kinds, queue and handler memory commands, pointer
// queries and free.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

int main() {
  sycl::queue Q;
  constexpr size_t N = 1000;
  int *Dev = sycl::malloc_device<int>(N, Q);
  int *Shared = sycl::malloc_shared<int>(N, Q);
  int *Host = sycl::malloc_host<int>(N, Q);
  void *Raw = sycl::malloc_device(64, Q.get_device(), Q.get_context());

  auto Kind = [&](const void *P) {
    switch (sycl::get_pointer_type(P, Q.get_context())) {
    case sycl::usm::alloc::device: return "device";
    case sycl::usm::alloc::shared: return "shared";
    case sycl::usm::alloc::host: return "host";
    default: return "unknown";
    }
  };
  int Stack = 0;
  std::printf("kinds: %s %s %s %s %s\n", Kind(Dev), Kind(Shared), Kind(Host), Kind(Raw), Kind(&Stack));
  // CHECK: kinds: device shared host device unknown

  // queue::fill, then a kernel, then memcpy back.
  Q.fill(Dev, 7, N).wait();
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) { Dev[I] += int(I); }).wait();
  std::vector<int> Back(N);
  Q.memcpy(Back.data(), Dev, N * sizeof(int)).wait();
  std::printf("fill+kernel+memcpy: %d %d\n", Back[0], Back[N - 1]);
  // CHECK: fill+kernel+memcpy: 7 1006

  // queue::memset on bytes, queue::copy of typed elements.
  Q.memset(Shared, 0, N * sizeof(int)).wait();
  Q.copy(Dev, Host, N).wait();
  std::printf("memset+copy: %d %d\n", Shared[5], Host[10]);
  // CHECK: memset+copy: 0 17

  // The handler forms, ordered by events.
  sycl::event Fill = Q.submit([&](sycl::handler &H) { H.fill(Shared, 3, N); });
  sycl::event Copy = Q.submit([&](sycl::handler &H) {
    H.depends_on(Fill);
    H.memcpy(Host, Shared, N * sizeof(int));
  });
  Q.submit([&](sycl::handler &H) {
     H.depends_on(Copy);
     H.memset(Dev, 0xff, sizeof(int));
   }).wait();
  int First = 0;
  Q.copy(Dev, &First, 1).wait();
  std::printf("handler forms: %d %d\n", Host[999], First);
  // CHECK: handler forms: 3 -1

  // Shared and host memory are usable from the host and from kernels.
  for (size_t I = 0; I < N; ++I)
    Host[I] = int(I);
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) { Shared[I] = Host[I] * 2; }).wait();
  std::printf("shared/host: %d\n", Shared[N - 1]);
  // CHECK: shared/host: 1998

  sycl::free(Dev, Q);
  sycl::free(Shared, Q);
  sycl::free(Host, Q.get_context());
  sycl::free(Raw, Q);
}
