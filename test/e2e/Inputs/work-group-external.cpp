#include <sycl/sycl.hpp>

// A SYCL_EXTERNAL function in another TU using barriers, group algorithms
// and atomics on local memory.
SYCL_EXTERNAL int group_total(sycl::nd_item<1> It, int *LocalCounter, int X) {
  sycl::group<1> G = It.get_group();
  if (G.leader())
    *LocalCounter = 0;
  sycl::group_barrier(G);
  sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                   sycl::access::address_space::local_space>(*LocalCounter)
      .fetch_add(X);
  sycl::group_barrier(G);
  int ViaAtomics = *LocalCounter;
  int ViaReduce = sycl::reduce_over_group(G, X, sycl::plus<int>());
  return ViaAtomics == ViaReduce ? ViaAtomics : -1;
}
