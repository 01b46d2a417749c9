// id, range and nd_range operators (SYCL 2020 §4.9.1): every operator of
// the synopses, element-wise relational and logical ones returning id/range,
// scalars of every integral type on either side (id<1> * int used to be
// ambiguous with the built-in operator reached through id<1> -> size_t),
// compound assignment, unary +/-, ++/--. The kernel computes the same table
// as the host and the two are compared; constexpr evaluation and the result
// types are checked at compile time, as is SYCL_LANGUAGE_VERSION.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>
#include <type_traits>

static_assert(std::is_same_v<decltype(SYCL_LANGUAGE_VERSION), long>);
static_assert(SYCL_LANGUAGE_VERSION == 202012L);

// Result types: each mixed operation picks the class, never the built-in.
template <typename S> constexpr bool mixes_with() {
  using I1 = sycl::id<1>;
  using R2 = sycl::range<2>;
  return std::is_same_v<decltype(I1() * S(2)), I1> && std::is_same_v<decltype(S(2) * I1()), I1> &&
         std::is_same_v<decltype(I1() + S(1)), I1> && std::is_same_v<decltype(I1() < S(1)), I1> &&
         std::is_same_v<decltype(I1() == S(1)), bool> &&
         std::is_same_v<decltype(R2(1, 2) % S(2)), R2> &&
         std::is_same_v<decltype(std::declval<I1 &>() *= S(2)), I1 &>;
}
static_assert(mixes_with<int>() && mixes_with<unsigned>() && mixes_with<long>() &&
              mixes_with<unsigned long long>() && mixes_with<short>() && mixes_with<char>() &&
              mixes_with<size_t>() && mixes_with<int8_t>());
static_assert(
    std::is_same_v<decltype(sycl::range<3>(1, 2, 3) && sycl::range<3>(0, 1, 1)), sycl::range<3>>);

// constexpr all the way.
static_assert((sycl::id<2>(3, 4) * 2)[1] == 8);
static_assert((sycl::range<2>(3, 4) > sycl::range<2>(4, 3)) == sycl::range<2>(0, 1));
static_assert((-sycl::id<1>(1))[0] == size_t(-1));
static_assert(sycl::range<3>().size() == 0);

constexpr int NumResults = 42; // the Put calls of compute()

/// The table of results, the same code on the host and in the kernel.
template <int Dims> void compute(sycl::id<Dims> A, sycl::id<Dims> B, int S, size_t *Out) {
  int K = 0;
  auto Put = [&](auto V) {
    for (int D = 0; D < Dims; ++D)
      Out[K * Dims + D] = V[D];
    ++K;
  };
  Put(A + B), Put(A - B), Put(A * B), Put(A / B), Put(A % B);
  Put(A << 1), Put(A >> 1), Put(A & B), Put(A | B), Put(A ^ B);
  Put(A && B), Put(A || B), Put(A < B), Put(A > B), Put(A <= B), Put(A >= B);
  Put(A * S), Put(S * A), Put(A + long(S)), Put(3u - A), Put(A / short(S)), Put(100 % A);
  Put(A < S), Put(S >= A), Put(A && 0), Put(A || 0u);
  Put(+A), Put(-A);
  sycl::id<Dims> C = A;
  Put(C += B), Put(C -= 1), Put(C *= S), Put(C /= 2), Put(C %= 7), Put(C <<= 2);
  Put(C >>= 1u), Put(C &= B), Put(C |= 9), Put(C ^= A);
  Put(++C), Put(C++), Put(--C);
  sycl::range<Dims> R;
  for (int D = 0; D < Dims; ++D)
    R[D] = A[D] + 1;
  Put(R * S + R / 2 - (R > 1));
}

template <int Dims> int check(sycl::queue &Q, sycl::id<Dims> A, sycl::id<Dims> B, int S) {
  constexpr size_t N = NumResults * Dims;
  size_t *Dev = sycl::malloc_shared<size_t>(N, Q);
  Q.single_task([=] { compute(A, B, S, Dev); }).wait();
  size_t Host[N];
  compute(A, B, S, Host);
  int Bad = 0;
  for (size_t J = 0; J < N; ++J)
    Bad += Dev[J] != Host[J];
  sycl::free(Dev, Q);
  return Bad;
}

int main() {
  sycl::queue Q;
  int Bad = check<1>(Q, sycl::id<1>(13), sycl::id<1>(5), 3) +
            check<2>(Q, sycl::id<2>(13, 2), sycl::id<2>(5, 7), 4) +
            check<3>(Q, sycl::id<3>(13, 2, 40), sycl::id<3>(5, 7, 1), 6);
  // Host spot checks: the values, not only device/host agreement.
  sycl::id<2> P(6, 9);
  Bad += (P * 2 != sycl::id<2>(12, 18)) + ((P > 7) != sycl::id<2>(0, 1));
  Bad += ((P && sycl::id<2>(0, 3)) != sycl::id<2>(0, 1));
  sycl::id<1> One(5);
  Bad += (One * 3 != 15) + (size_t(One++) != 5) + (One != 6) + (-One != size_t(-6));
  sycl::nd_range<2> ND(sycl::range<2>(8, 6), sycl::range<2>(4, 3), sycl::id<2>(1, 1));
  Bad += (ND.get_group_range() != sycl::range<2>(2, 2)) + (ND.get_offset() != sycl::id<2>(1, 1));
  Bad += !(ND == sycl::nd_range<2>(sycl::range<2>(8, 6), sycl::range<2>(4, 3), sycl::id<2>(1, 1)));
  Bad += !(ND != sycl::nd_range<2>(sycl::range<2>(8, 6), sycl::range<2>(2, 3)));
  std::printf("id/range operator mismatches: %d\n", Bad);
  // CHECK: id/range operator mismatches: 0
}
