// parallel_for over nd_range<1|2|3> with nd_item: every index query, groups,
// sub-groups, barriers with local data exchange through USM, and the
// errc::nd_range error for a global size that is no multiple of the local one.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t0 && %t0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(512, Q);
  int *Bad = sycl::malloc_shared<int>(1, Q);
  *Bad = 0;

  // 1-D: ids, ranges, group ids, linear ids, leader, sub-group sizes.
  Q.parallel_for(sycl::nd_range<1>(256, 64), [=](sycl::nd_item<1> It) {
     size_t G = It.get_global_id(0);
     sycl::group<1> Grp = It.get_group();
     bool Ok = G == Grp.get_group_id(0) * 64 + It.get_local_id(0) &&
               It.get_global_linear_id() == G && It.get_local_range(0) == 64 &&
               It.get_global_range(0) == 256 && It.get_group_range(0) == 4 &&
               Grp.get_local_linear_range() == 64 && Grp.leader() == (It.get_local_id(0) == 0) &&
               It.get_sub_group().get_local_linear_range() >= 1;
     if (!Ok)
       sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(*Bad)++;
     Out[G] = int(It.get_group_linear_id());
   }).wait();
  std::printf("1d: bad=%d groups %d %d %d\n", *Bad, Out[0], Out[64], Out[255]);
  // CHECK: 1d: bad=0 groups 0 1 3

  // 2-D: linearisation (right-most index fastest).
  Q.parallel_for(sycl::nd_range<2>({8, 8}, {4, 4}), [=](sycl::nd_item<2> It) {
     Out[It.get_global_linear_id()] =
         int(It.get_global_id(0) * 100 + It.get_global_id(1)) * 10 + int(It.get_group_linear_id());
   }).wait();
  std::printf("2d: %d %d %d\n", Out[9], Out[12], Out[63]);
  // CHECK: 2d: 1010 1041 7073

  // 3-D: local linear ids.
  Q.parallel_for(sycl::nd_range<3>({2, 4, 8}, {1, 2, 4}), [=](sycl::nd_item<3> It) {
     Out[It.get_global_linear_id()] = int(It.get_local_linear_id());
   }).wait();
  std::printf("3d: %d %d %d\n", Out[0], Out[9], Out[63]);
  // CHECK: 3d: 0 5 7

  // A barrier orders writes before reads across the work-group.
  int *Scratch = sycl::malloc_device<int>(256, Q);
  Q.parallel_for(sycl::nd_range<1>(256, 64), [=](sycl::nd_item<1> It) {
     size_t L = It.get_local_id(0), Base = It.get_group(0) * 64;
     Scratch[Base + L] = int(L);
     sycl::group_barrier(It.get_group());
     Out[Base + L] = Scratch[Base + 63 - L];
   }).wait();
  std::printf("barrier: %d %d %d\n", Out[0], Out[63], Out[64]);
  // CHECK: barrier: 63 0 63

  try {
    Q.parallel_for(sycl::nd_range<1>(100, 32), [=](sycl::nd_item<1>) {});
    std::printf("no error\n");
  } catch (const sycl::exception &E) {
    std::printf("nd_range error: %d %s\n", E.code() == sycl::errc::nd_range, E.what());
  }
  // CHECK: nd_range error: 1 {{.*}}100{{.*}}32
  try {
    size_t Max = Q.get_device().get_info<sycl::info::device::max_work_group_size>();
    Q.parallel_for(sycl::nd_range<1>(Max * 2, Max * 2), [=](sycl::nd_item<1>) {});
    std::printf("no error\n");
  } catch (const sycl::exception &E) {
    std::printf("too large: %d %s\n", E.code() == sycl::errc::nd_range, E.what());
  }
  // CHECK: too large: 1 {{.*}}exceeds the device's limit
  sycl::free(Out, Q);
  sycl::free(Bad, Q);
  sycl::free(Scratch, Q);
}
