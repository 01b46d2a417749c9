// USM API of SYCL 2020 4.8: every allocation overload (malloc/aligned_alloc
// x device/host/shared/kind x typed/untyped x queue/(device, context) x
// property_list), alignments honoured up to 4096 bytes, usm_allocator in a
// std::vector, queue and handler prefetch/mem_advise.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"

#include <cstdint>
#include <cstdio>
#include <vector>

using namespace sycl;


struct alignas(64) Wide {
  float V[16];
};

int main() {
  queue Q;
  device D = Q.get_device();
  context C = Q.get_context();
  property_list P{};
  std::vector<std::pair<void *, usm::alloc>> All;
  auto Keep = [&](void *Ptr, usm::alloc Kind, size_t Align) {
    EXPECT(Ptr != nullptr);
    EXPECT(Align == 0 || reinterpret_cast<uintptr_t>(Ptr) % Align == 0);
    EXPECT(get_pointer_type(Ptr, C) == Kind);
    All.push_back({Ptr, Kind});
  };
  constexpr auto Dev = usm::alloc::device, Host = usm::alloc::host, Sh = usm::alloc::shared;

  // Untyped.
  Keep(malloc_device(100, D, C), Dev, 0);
  Keep(malloc_device(100, D, C, P), Dev, 0);
  Keep(malloc_device(100, Q), Dev, 0);
  Keep(malloc_device(100, Q, P), Dev, 0);
  Keep(malloc_host(100, C), Host, 0);
  Keep(malloc_host(100, C, P), Host, 0);
  Keep(malloc_host(100, Q), Host, 0);
  Keep(malloc_host(100, Q, P), Host, 0);
  Keep(malloc_shared(100, D, C), Sh, 0);
  Keep(malloc_shared(100, Q, P), Sh, 0);
  Keep(malloc(100, D, C, Dev), Dev, 0);
  Keep(malloc(100, Q, Host, P), Host, 0);
  // Typed: Count elements, aligned for T.
  Keep(malloc_device<Wide>(3, D, C), Dev, 64);
  Keep(malloc_device<Wide>(3, Q, P), Dev, 64);
  Keep(malloc_host<Wide>(3, C, P), Host, 64);
  Keep(malloc_host<Wide>(3, Q), Host, 64);
  Keep(malloc_shared<Wide>(3, D, C, P), Sh, 64);
  Keep(malloc_shared<Wide>(3, Q), Sh, 64);
  Keep(malloc<Wide>(3, D, C, Sh), Sh, 64);
  Keep(malloc<Wide>(3, Q, Dev, P), Dev, 64);

  // Alignments of every size, typed and untyped, for every kind.
  for (size_t Align : {size_t(1), size_t(8), size_t(64), size_t(128), size_t(256), size_t(512),
                       size_t(1024), size_t(4096)}) {
    Keep(aligned_alloc_device(Align, 200, D, C), Dev, Align);
    Keep(aligned_alloc_device(Align, 200, Q, P), Dev, Align);
    Keep(aligned_alloc_host(Align, 200, C, P), Host, Align);
    Keep(aligned_alloc_host(Align, 200, Q), Host, Align);
    Keep(aligned_alloc_shared(Align, 200, D, C), Sh, Align);
    Keep(aligned_alloc_shared(Align, 200, Q, P), Sh, Align);
    Keep(aligned_alloc(Align, 200, D, C, Sh, P), Sh, Align);
    Keep(aligned_alloc(Align, 200, Q, Host), Host, Align);
    Keep(aligned_alloc_device<int>(Align, 50, D, C, P), Dev, Align);
    Keep(aligned_alloc_device<int>(Align, 50, Q), Dev, Align);
    Keep(aligned_alloc_host<int>(Align, 50, C), Host, Align);
    Keep(aligned_alloc_host<int>(Align, 50, Q, P), Host, Align);
    Keep(aligned_alloc_shared<int>(Align, 50, D, C), Sh, Align);
    Keep(aligned_alloc_shared<int>(Align, 50, Q), Sh, Align);
    Keep(aligned_alloc<int>(Align, 50, D, C, Dev), Dev, Align);
    Keep(aligned_alloc<int>(Align, 50, Q, Sh, P), Sh, Align);
  }

  // An over-aligned allocation is usable end to end: a kernel fills it, the
  // pointer queries see its interior, free takes it back.
  int *A = aligned_alloc_shared<int>(512, 1000, Q);
  EXPECT(reinterpret_cast<uintptr_t>(A) % 512 == 0);
  Q.parallel_for(range<1>(1000), [=](id<1> I) { A[I] = int(I[0]) * 3; }).wait();
  EXPECT(A[0] == 0 && A[999] == 2997);
  EXPECT(get_pointer_type(A + 999, C) == Sh && get_pointer_device(A + 500, C) == D);
  int *DevA = aligned_alloc_device<int>(4096, 1000, Q);
  Q.memcpy(DevA, A, 1000 * sizeof(int)).wait();
  Q.parallel_for(range<1>(1000), [=](id<1> I) { A[I] = DevA[I] + 1; }).wait();
  EXPECT(A[998] == 2995);
  free(DevA, Q);
  free(A, C);
  for (auto &[Ptr, Kind] : All)
    free(Ptr, C);
  try {
    aligned_alloc_device(48, 100, Q); // not a power of two
    EXPECT(false);
  } catch (const exception &E) {
    EXPECT(E.code() == errc::invalid);
  }

  // usm_allocator in a container, shared and host; a kernel reads it.
  {
    usm_allocator<int, usm::alloc::shared> Alloc(Q);
    std::vector<int, usm_allocator<int, usm::alloc::shared>> V(Alloc);
    for (int I = 0; I < 100; ++I)
      V.push_back(I);
    EXPECT(get_pointer_type(V.data(), C) == Sh);
    int *Data = V.data();
    Q.parallel_for(range<1>(100), [=](id<1> I) { Data[I] *= 2; }).wait();
    EXPECT(V[99] == 198 && V[1] == 2);
    usm_allocator<int, usm::alloc::shared> Copy(Alloc);
    usm_allocator<float, usm::alloc::shared> Rebound(Alloc);
    usm_allocator<int, usm::alloc::host> Other(C, D);
    EXPECT(Copy == Alloc && Rebound == Alloc && !(Other == Alloc) && Other != Alloc);
    usm_allocator<double, usm::alloc::host, 256> Aligned(Q);
    double *X = Aligned.allocate(7);
    EXPECT(reinterpret_cast<uintptr_t>(X) % 256 == 0 && get_pointer_type(X, C) == Host);
    Aligned.deallocate(X, 7);
    static_assert(std::is_same_v<std::allocator_traits<decltype(Alloc)>::rebind_alloc<char>,
                                 usm_allocator<char, usm::alloc::shared>>);
  }

  // prefetch and mem_advise: ordered with their dependencies, and the data
  // stays intact.
  {
    int *S = malloc_shared<int>(64, Q);
    event E1 = Q.parallel_for(range<1>(64), [=](id<1> I) { S[I] = int(I[0]); });
    event E2 = Q.prefetch(S, 64 * sizeof(int), E1);
    event E3 = Q.mem_advise(S, 64 * sizeof(int), 0, std::vector<event>{E2});
    event E4 = Q.prefetch(S, 64 * sizeof(int), std::vector<event>{E3});
    event E5 = Q.mem_advise(S, 64 * sizeof(int), 0, E4);
    Q.prefetch(S, 16).wait();
    Q.mem_advise(S, 16, 0).wait();
    Q.submit([&](handler &H) {
      H.depends_on(E5);
      H.prefetch(S, 64 * sizeof(int));
    });
    Q.submit([&](handler &H) {
      H.mem_advise(S, 64 * sizeof(int), 0);
    });
    Q.wait();
    EXPECT(E5.get_info<info::event::command_execution_status>() ==
           info::event_command_status::complete);
    EXPECT(S[63] == 63 && S[10] == 10);
    free(S, Q);
  }

  std::printf("failures: %d\n", expect_failures());
  // CHECK: failures: 0
  return expect_failures() != 0;
}
