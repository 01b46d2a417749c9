// Reduction forms of SYCL 2020 4.9.2: the standard function objects
// (std::plus<>, std::multiplies<>, std::bit_and<>, std::bit_or<>,
// std::bit_xor<>, std::logical_and<>, std::logical_or<>) as combiners with
// the known identities and reducer operators of their SYCL counterparts;
// reductions over span<T, N> (with a known identity, a given one, and
// none); errc::invalid for a buffer reduction variable of more than one
// element; empty ranges, with and without initialize_to_identity.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"

#include <functional>

using namespace sycl;

static_assert(has_known_identity_v<std::plus<>, int> && known_identity_v<std::plus<int>, int> == 0);
static_assert(known_identity_v<std::multiplies<>, float> == 1.0f);
static_assert(known_identity_v<std::bit_and<>, unsigned> == ~0u);
static_assert(known_identity_v<std::bit_or<unsigned>, unsigned> == 0u);
static_assert(known_identity_v<std::bit_xor<>, int> == 0);
static_assert(known_identity_v<std::logical_and<>, bool> && !known_identity_v<std::logical_or<>, bool>);
static_assert(!has_known_identity_v<std::minus<>, int>);

int main() {
  queue Q;
  constexpr size_t N = 1000;
  int *R = malloc_shared<int>(8, Q);
  bool *B = malloc_shared<bool>(2, Q);
  for (int K = 0; K < 8; ++K)
    R[K] = 0;
  R[1] = 1;
  R[2] = -1;
  B[0] = true;
  B[1] = false;

  // The shorthand operators of the standard function objects.
  Q.parallel_for(range<1>(N), reduction(R + 0, std::plus<>()),
                 reduction(R + 1, std::multiplies<int>()), reduction(R + 2, std::bit_and<>()),
                 reduction(R + 3, std::bit_or<>()), reduction(R + 4, std::bit_xor<int>()),
                 [=](id<1> I, auto &Sum, auto &Prod, auto &And, auto &Or, auto &Xor) {
                   int V = int(I[0]);
                   Sum += V;
                   ++Sum;
                   Prod *= (V % 100 == 7) ? 2 : 1;
                   And &= ~(1 << (V % 16));
                   Or |= 1 << (V % 20);
                   Xor ^= V;
                 })
      .wait();
  EXPECT(R[0] == int(N * (N - 1) / 2 + N));
  EXPECT(R[1] == 1 << 10);
  EXPECT(R[2] == int(0xffff0000u));
  EXPECT(R[3] == (1 << 20) - 1);
  int Xor = 0;
  for (size_t I = 0; I < N; ++I)
    Xor ^= int(I);
  EXPECT(R[4] == Xor);

  // logical_and / logical_or over an nd_range, with identity() of the reducer.
  Q.parallel_for(nd_range<1>(range<1>(256), range<1>(64)), reduction(B, std::logical_and<>()),
                 reduction(B + 1, std::logical_or<bool>()), reduction(R + 5, std::plus<>()),
                 [=](nd_item<1> It, auto &All, auto &Any, auto &Ident) {
                   size_t I = It.get_global_id(0);
                   All.combine(I != 100);
                   Any.combine(I == 200);
                   if (I == 0)
                     Ident.combine(int(All.identity()) * 10 + int(Any.identity()));
                 })
      .wait();
  EXPECT(!B[0] && B[1] && R[5] == 10);

  // Spans: N counters with a known identity; a given identity (maximum);
  // none (a lambda: elements nobody combined into keep their value).
  int *Hist = malloc_shared<int>(8, Q);
  int *Max = malloc_shared<int>(4, Q);
  int *Last = malloc_shared<int>(3, Q);
  for (int K = 0; K < 8; ++K)
    Hist[K] = 100;
  for (int K = 0; K < 4; ++K)
    Max[K] = -1;
  for (int K = 0; K < 3; ++K)
    Last[K] = 7;
  Q.parallel_for(range<1>(N), reduction(span<int, 8>(Hist, 8), std::plus<>()),
                 reduction(span<int, 4>(Max, 4), -1000, sycl::maximum<>(),
                           property_list{property::reduction::initialize_to_identity()}),
                 reduction(span<int, 3>(Last, 3), [](int A, int B) { return A > B ? A : B; }),
                 [=](id<1> I, auto &H, auto &M, auto &L) {
                   int V = int(I[0]);
                   H[V % 8] += 1;
                   H[0] += 0;
                   M[V % 4].combine(V);
                   if (V % 3 != 2)
                     L[V % 3].combine(V * 2);
                 })
      .wait();
  EXPECT(Hist[0] == 100 + 125 && Hist[7] == 100 + 125);
  EXPECT(Max[0] == 996 && Max[3] == 999 && Max[1] == 997);
  EXPECT(Last[0] == 1998 && Last[1] == 1994 && Last[2] == 7);

  // Span reductions over an nd_range, with a sub-range of the kernel.
  for (int K = 0; K < 8; ++K)
    Hist[K] = 0;
  Q.parallel_for(nd_range<1>(range<1>(512), range<1>(128)),
                 reduction(span<int, 8>(Hist, 8), sycl::plus<int>()),
                 [=](nd_item<1> It, auto &H) {
                   H[It.get_group_linear_id()] += int(It.get_local_linear_id());
                 })
      .wait();
  EXPECT(Hist[0] == 127 * 128 / 2 && Hist[3] == 127 * 128 / 2 && Hist[4] == 0);

  // A buffer reduction variable has exactly one element.
  {
    buffer<int> Two{range<1>(2)};
    bool Threw = false;
    try {
      Q.submit([&](handler &H) {
        H.parallel_for(range<1>(4), reduction(Two, H, plus<int>()), [=](id<1>, auto &S) { S += 1; });
      });
    } catch (const exception &E) {
      Threw = E.code() == errc::invalid;
    }
    EXPECT(Threw);
    buffer<int> One{range<1>(1)};
    Q.submit([&](handler &H) {
      H.parallel_for(range<1>(40), reduction(One, H, std::plus<>(),
                                             property_list{property::reduction::initialize_to_identity()}),
                     [=](id<1>, auto &S) { S += 2; });
    });
    EXPECT(host_accessor<int>(One)[0] == 80);
  }

  // Empty ranges: the variable keeps its value, or becomes the identity
  // with initialize_to_identity (one kernel finds the result; none runs).
  {
    int *Empty = malloc_shared<int>(2, Q);
    Empty[0] = 5;
    Empty[1] = 7;
    Q.parallel_for(nd_range<1>(0, 16),
                   reduction(Empty, plus<int>(),
                             property_list{property::reduction::initialize_to_identity()}),
                   [=](nd_item<1>, auto &S) { S += 1; });
    Q.parallel_for(range<1>(0), reduction(Empty + 1, multiplies<int>()),
                   [=](id<1>, auto &S) { S *= 3; });
    Q.wait();
    EXPECT(Empty[0] == 0 && Empty[1] == 7);
    free(Empty, Q);
  }

  free(R, Q);
  free(B, Q);
  free(Hist, Q);
  free(Max, Q);
  free(Last, Q);
  std::printf("failures: %d\n", expect_failures());
  // CHECK: failures: 0
  return expect_failures() != 0;
}
