// Kernels for nvptx-target.test: local memory, barriers, scoped atomics,
// sub-group algorithms and libdevice math, compiled for nvptx64.
#include <sycl/sycl.hpp>
int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(1024, Q);
  float *F = sycl::malloc_shared<float>(1024, Q);
  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<int, 1> Tile(sycl::range<1>(64), H);
    H.parallel_for<class subgroups>(sycl::nd_range<1>(1024, 64), [=](sycl::nd_item<1> It) {
      auto SG = It.get_sub_group();
      int X = int(It.get_global_id(0));
      Tile[It.get_local_id(0)] = X;
      sycl::group_barrier(It.get_group());
      int Sum = sycl::reduce_over_group(SG, Tile[63 - It.get_local_id(0)], sycl::plus<int>());
      sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group> A(Out[0]);
      A.fetch_add(1);
      sycl::atomic_ref<int, sycl::memory_order::acq_rel, sycl::memory_scope::device> D(Out[1]);
      D.fetch_max(Sum);
      Out[It.get_global_id(0)] = sycl::select_from_group(SG, Sum, 3) + int(SG.get_local_range()[0]);
      F[It.get_global_id(0)] = sycl::sin(float(X)) + sycl::native::exp(float(X));
    });
  }).wait();
}
