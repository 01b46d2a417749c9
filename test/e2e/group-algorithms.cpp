// Group algorithms over work-groups (including one larger than the internal
// scratch array, processed in chunks) and sub-groups, checked exactly
// against host results.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t0 && %t0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

template <size_t WG> int run(sycl::queue &Q) {
  constexpr size_t Groups = 3, N = WG * Groups;
  int *Out = sycl::malloc_shared<int>(N * 8, Q);
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
   }).wait();
  int Bad = 0;
  for (size_t I = 0; I < N; ++I) {
    int X = int(I % WG) + 1, Total = int(WG * (WG + 1) / 2);
    int Want[8] = {Total, X * (X + 1) / 2, X * (X - 1) / 2, 40, int(WG) + 1, 7,
                   100 + X * (X - 1) / 2, X};
    for (int K = 0; K < 8; ++K)
      Bad += Out[I * 8 + K] != Want[K];
  }
  sycl::free(Out, Q);
  return Bad;
}

int main() {
  sycl::queue Q;
  std::printf("wg 64: %d mismatches\n", run<64>(Q));
  // CHECK: wg 64: 0 mismatches
  std::printf("wg 2048: %d mismatches\n", run<2048>(Q));
  // CHECK: wg 2048: 0 mismatches
}
