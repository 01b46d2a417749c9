// multi_ptr (SYCL 2020 §4.7.7.1) complete and sycl::span: multi_ptrs made
// from device and local accessors (constructors and deduction guides),
// get_multi_ptr and get_pointer (a global_ptr that still converts to a raw
// pointer), conversions to the generic space and back, to const and void,
// arithmetic and comparisons with nullptr, the raw_/decorated_ aliases; span
// over USM memory and local arrays in a kernel with first/last/subspan, over
// std::array and vector on the host, as_bytes. Results are checked against
// values computed on the host.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>
#include <numeric>
#include <type_traits>
#include <vector>

using namespace sycl;
using space = access::address_space;

static_assert(std::is_same_v<raw_global_ptr<int>, multi_ptr<int, space::global_space, access::decorated::no>>);
static_assert(std::is_same_v<decorated_local_ptr<float>,
                             multi_ptr<float, space::local_space, access::decorated::yes>>);
static_assert(std::is_same_v<raw_private_ptr<int>::value_type, int>);
static_assert(decorated_global_ptr<int>::is_decorated && !raw_local_ptr<int>::is_decorated);
static_assert(global_ptr<int>::address_space == space::global_space);
static_assert(std::is_same_v<global_ptr<int>::iterator_category, std::random_access_iterator_tag>);
static_assert(std::is_convertible_v<raw_global_ptr<int>, raw_generic_ptr<int>>);
static_assert(!std::is_convertible_v<raw_generic_ptr<int>, raw_global_ptr<int>>);
static_assert(std::is_convertible_v<raw_global_ptr<int>, raw_global_ptr<const int>>);
static_assert(std::is_convertible_v<raw_global_ptr<int>, raw_global_ptr<void>>);
static_assert(std::is_convertible_v<raw_global_ptr<int>, decorated_global_ptr<int>>);
static_assert(dynamic_extent == size_t(-1));
static_assert(span<int, 4>::extent == 4 && span<int>::extent == dynamic_extent);
static_assert(std::is_same_v<decltype(span(std::declval<std::array<int, 3> &>())), span<int, 3>>);
static_assert(std::is_same_v<decltype(span(std::declval<std::vector<float> &>())), span<float>>);

int sum(span<const int> S) { return std::accumulate(S.begin(), S.end(), 0); }

int main() {
  queue Q;
  constexpr int N = 64, WG = 16;
  std::vector<int> In(N);
  std::iota(In.begin(), In.end(), 1);
  std::vector<int> Out(N, 0);
  int *Usm = malloc_shared<int>(N, Q);
  std::iota(Usm, Usm + N, 100);
  {
    buffer<int> BIn(In.data(), range<1>(N)), BOut(Out.data(), range<1>(N));
    Q.submit([&](handler &H) {
      accessor AIn(BIn, H, read_only);
      accessor AOut(BOut, H, write_only);
      local_accessor<int> Tile(range<1>(WG), H);
      H.parallel_for(nd_range<1>(N, WG), [=](nd_item<1> It) {
        size_t G = It.get_global_id(0), L = It.get_local_id(0);
        multi_ptr In(AIn);                                   // deduction guide
        global_ptr<const int> In2 = AIn.get_pointer();       // 2020 signature
        raw_global_ptr<int> OutP(AOut);                       // constructor
        raw_local_ptr<int> TileP = Tile.get_multi_ptr<access::decorated::no>();
        local_ptr<int> TileLegacy(Tile);
        const int *Raw = AIn.get_pointer();                   // converts to a raw pointer
        TileP[L] = In[G] + In2[G] - Raw[G];                   // In[G]
        group_barrier(It.get_group());
        raw_generic_ptr<int> Gen = TileP;                     // into the generic space
        auto Back = static_cast<raw_local_ptr<int>>(Gen);      // and out again
        raw_local_ptr<const int> C = Back;
        raw_local_ptr<void> V = Back;
        int Flags = (TileLegacy.get() == TileP.get()) + 2 * (V != nullptr) + 4 * (nullptr != C) +
                    8 * (C + 1 > C) + 16 * ((C + 3) - C == 3) + 32 * (Back == TileP);
        span<int> Row(&TileP[0], WG);                          // span over local memory
        span<int> Tail = Row.last(WG - L);
        span<int, 2> Two = Row.subspan<2, 2>();
        int S = 0;
        for (int X : Tail)
          S += X;
        span<int> Shared(Usm, N);
        OutP[G] = S + Two[1] + Two.front() + int(Shared.subspan(G, 1)[0]) + Row.first<1>()[0] +
                  (Flags == 63 ? 0 : 1000000) + int(Tail.size()) + int(Row.empty());
      });
    });
  }
  int Bad = 0;
  for (int G = 0; G < N; ++G) {
    int Base = G / WG * WG, L = G % WG;
    int S = 0;
    for (int K = L; K < WG; ++K)
      S += In[Base + K];
    int Want = S + In[Base + 3] + In[Base + 2] + Usm[G] + In[Base] + (WG - L);
    Bad += Out[G] != Want;
  }
  std::printf("multi_ptr/span mismatches: %d\n", Bad);
  // CHECK: multi_ptr/span mismatches: 0

  // Host: span over std::array and vector, as_bytes, compatible conversions.
  std::array<int, 4> A{1, 2, 3, 4};
  span<int, 4> SA(A);
  span<const int> SC = SA;
  auto Bytes = as_bytes(SA);
  std::printf("sum %d last %d bytes %zu back %d vec %d\n", sum(SC), SA.last<2>()[0],
              size_t(Bytes.size()), SA.back(), sum(In));
  // CHECK: sum 10 last 3 bytes 16 back 4 vec 2080
  free(Usm, Q);
}
