// local_accessor in 1, 2 and 3 dimensions, sized at launch, shared by the
// work-group through a barrier; and atomic_ref with acquire/release/acq_rel/
// seq_cst orders on local and global memory.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t0 && %t0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(3 * 64, Q);
  int *Flags = sycl::malloc_shared<int>(4, Q);
  for (int K = 0; K < 4; ++K)
    Flags[K] = 0;
  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<int, 1> L1(sycl::range<1>(64), H);
     sycl::local_accessor<int, 2> L2(sycl::range<2>(8, 8), H);
     sycl::local_accessor<int, 3> L3(sycl::range<3>(4, 4, 4), H);
     H.parallel_for(sycl::nd_range<1>(128, 64), [=](sycl::nd_item<1> It) {
       size_t L = It.get_local_id(0), G = It.get_group(0);
       L1[L] = int(L);
       L2[L / 8][L % 8] = int(L) * 2;
       L3[L / 16][(L / 4) % 4][L % 4] = int(L) * 3;
       sycl::group_barrier(It.get_group());
       size_t R = 63 - L;
       if (G == 0) {
         Out[L] = L1[R];
         Out[64 + L] = L2[R / 8][R % 8];
         Out[128 + L] = L3[R / 16][(R / 4) % 4][R % 4];
       }
       // Orders: a release increment on local memory, acquire load after the
       // barrier; seq_cst and acq_rel read-modify-writes on global memory.
       sycl::atomic_ref<int, sycl::memory_order::acq_rel, sycl::memory_scope::work_group,
                        sycl::access::address_space::local_space>
           Local(L1[0]);
       Local.store(0, sycl::memory_order::release);
       sycl::group_barrier(It.get_group());
       Local.fetch_add(1, sycl::memory_order::acq_rel);
       sycl::group_barrier(It.get_group());
       if (L == 0 && Local.load(sycl::memory_order::acquire) == 64)
         sycl::atomic_ref<int, sycl::memory_order::seq_cst, sycl::memory_scope::device>(Flags[0])
             .fetch_add(1);
       int Expected = 0;
       sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(Flags[1])
           .compare_exchange_strong(Expected, 7, sycl::memory_order::acq_rel,
                                    sycl::memory_order::acquire);
       sycl::atomic_ref<int, sycl::memory_order::seq_cst, sycl::memory_scope::system>(Flags[2]) +=
           1;
     });
   }).wait();
  int Bad = 0;
  for (int L = 0; L < 64; ++L)
    Bad += Out[L] != 63 - L || Out[64 + L] != (63 - L) * 2 || Out[128 + L] != (63 - L) * 3;
  std::printf("local accessors: %d mismatches; orders: %d %d %d\n", Bad, Flags[0], Flags[1],
              Flags[2]);
  // CHECK: local accessors: 0 mismatches; orders: 2 7 128
  sycl::free(Out, Q);
  sycl::free(Flags, Q);
}
