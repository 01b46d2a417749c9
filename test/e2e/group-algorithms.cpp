// Group algorithms over work-groups (including the largest the device takes,
// up to 2048: larger than the internal scratch array, processed in chunks)
// and sub-groups (each work-item's sub-group is its run of max_local_range
// lanes), checked exactly against host results.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t0 && %t0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdio>

int run(sycl::queue &Q, size_t WG) {
  const size_t Groups = 3, N = WG * Groups;
  int *Out = sycl::malloc_shared<int>(N * 8, Q);
  int *Width = sycl::malloc_shared<int>(1, Q);
  Q.parallel_for(sycl::nd_range<1>(N, WG), [=](sycl::nd_item<1> It) {
     sycl::group<1> G = It.get_group();
     int X = int(It.get_local_id(0)) + 1;
     size_t I = It.get_global_id(0);
     Out[I * 8 + 0] = sycl::reduce_over_group(G, X, sycl::plus<>());
     Out[I * 8 + 1] = sycl::inclusive_scan_over_group(G, X, sycl::plus<>());
     Out[I * 8 + 2] = sycl::exclusive_scan_over_group(G, X, sycl::plus<>());
     Out[I * 8 + 3] = sycl::group_broadcast(G, X * 10, 3);
     Out[I * 8 + 4] = sycl::reduce_over_group(G, X, sycl::maximum<>()) +
                      sycl::reduce_over_group(G, X, 1000, sycl::minimum<>());
     Out[I * 8 + 5] = sycl::any_of_group(G, X == 2) + 2 * sycl::all_of_group(G, X > 0) +
                      4 * sycl::none_of_group(G, X > int(WG));
     Out[I * 8 + 6] = sycl::exclusive_scan_over_group(G, X, 100, sycl::plus<>());
     sycl::sub_group S = It.get_sub_group();
     Out[I * 8 + 7] = sycl::reduce_over_group(S, X, sycl::plus<>()) +
                      sycl::shift_group_left(S, X, 0) + sycl::select_from_group(S, X, 0) -
                      sycl::group_broadcast(S, X) - sycl::permute_group_by_xor(S, X, 0);
     if (I == 0)
       *Width = int(S.get_max_local_range()[0]);
   }).wait();
  const size_t W = size_t(*Width);
  int Bad = 0;
  for (size_t I = 0; I < N; ++I) {
    int X = int(I % WG) + 1, Total = int(WG * (WG + 1) / 2);
    int First = int((I % WG) / W * W) + 1, Last = std::min(First + int(W) - 1, int(WG));
    int SubGroupSum = (Last * (Last + 1) - (First - 1) * First) / 2;
    int Want[8] = {Total, X * (X + 1) / 2, X * (X - 1) / 2, 40, int(WG) + 1, 7,
                   100 + X * (X - 1) / 2, SubGroupSum};
    for (int K = 0; K < 8; ++K)
      Bad += Out[I * 8 + K] != Want[K];
  }
  sycl::free(Out, Q);
  sycl::free(Width, Q);
  return Bad;
}

int main() {
  sycl::queue Q;
  std::printf("wg 64: %d mismatches\n", run(Q, 64));
  // CHECK: wg 64: 0 mismatches
  size_t Largest = std::min<size_t>(2048, Q.get_device().get_info<sycl::info::device::max_work_group_size>());
  std::printf("largest wg: %d mismatches\n", run(Q, Largest));
  // CHECK: largest wg: 0 mismatches
}
