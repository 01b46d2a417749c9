// The whole of sycl::vec (SYCL 2020 §4.14.2) in a kernel and on the host:
// sycl::elem and swizzle<...>(), the simple swizzles of SYCL_SIMPLE_SWIZZLES
// (repeated indices included), s0..sF, lo/hi/even/odd as writable views,
// scalar assignment and broadcast, every operator with a scalar on either
// side, load/store through multi_ptr, convert<> with each rounding mode,
// as<>, the deduction guide and the vec and marray aliases. The kernel and
// the host run the same code and must agree; the rounding modes are also
// checked against known values.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t0 && %t0 | FileCheck %s
#define SYCL_SIMPLE_SWIZZLES
#include <sycl/sycl.hpp>

#include <cstdio>
#include <type_traits>

using sycl::elem;
using sycl::rounding_mode;

static_assert(elem::w == 3 && elem::a == 3 && elem::sA == 10 && elem::sF == 15);
static_assert(std::is_same_v<decltype(sycl::vec(1.0f, 2.0f, 3.0f)), sycl::float3>);
static_assert(std::is_same_v<decltype(sycl::vec(1, 2)), sycl::int2>);
static_assert(std::is_same_v<decltype(sycl::marray(1.0, 2.0)), sycl::mdouble2>);
static_assert(std::is_same_v<sycl::uchar16, sycl::vec<uint8_t, 16>>);
static_assert(std::is_same_v<sycl::half8, sycl::vec<sycl::half, 8>>);
static_assert(std::is_same_v<sycl::double4, sycl::vec<double, 4>>);
static_assert(std::is_same_v<sycl::char2, sycl::vec<int8_t, 2>>);
static_assert(std::is_same_v<sycl::ulong3, sycl::vec<uint64_t, 3>>);
static_assert(std::is_same_v<sycl::mfloat4, sycl::marray<float, 4>>);
static_assert(std::is_same_v<sycl::mbool3, sycl::marray<bool, 3>>);
static_assert(std::is_same_v<sycl::mushort16, sycl::marray<uint16_t, 16>>);
static_assert(std::is_same_v<decltype(sycl::float4() < 1.0f), sycl::int4>);
static_assert(std::is_same_v<decltype(2.0 >= sycl::double2()), sycl::long2>);
static_assert(std::is_same_v<decltype(sycl::mint2() == 1), sycl::mbool2>);
static_assert(std::is_same_v<decltype(sycl::float4().xxyy())::result_type, sycl::float4>);
static_assert(std::is_same_v<decltype(sycl::float4().zx())::result_type, sycl::float2>);
static_assert(sycl::float3::byte_size() == 16 && sycl::float3::size() == 3);

// The simple swizzles exist exactly on the vecs the specification gives them.
template <typename V, typename = void> struct has_rgba : std::false_type {};
template <typename V> struct has_rgba<V, std::void_t<decltype(V().abgr())>> : std::true_type {};
template <typename V, typename = void> struct has_zw : std::false_type {};
template <typename V> struct has_zw<V, std::void_t<decltype(V().zw())>> : std::true_type {};
static_assert(has_rgba<sycl::int4>::value && !has_rgba<sycl::int3>::value);
static_assert(has_zw<sycl::int4>::value && !has_zw<sycl::int3>::value &&
              !has_zw<sycl::int8>::value);

constexpr int NumInts = 128, NumFloats = 32;

struct Results {
  int I[NumInts];
  float F[NumFloats];
  int UsedI, UsedF; // how many compute() wrote
};

/// Everything the test checks, the same code on the host and the device.
void compute(int Seed, Results &R) {
  int K = 0, L = 0;
  auto PutI = [&](auto V) {
    for (size_t J = 0; J < V.size(); ++J, ++K)
      R.I[K < NumInts ? K : 0] = int(V[J]);
  };
  auto PutF = [&](auto V) {
    for (size_t J = 0; J < V.size(); ++J, ++L)
      R.F[L < NumFloats ? L : 0] = float(V[J]);
  };
  sycl::int4 A(Seed, Seed + 1, Seed * 2, -Seed);
  PutI(A.xxyy());                               // repeated indices
  PutI(A.swizzle<elem::w, elem::x, elem::x>()); // member template
  PutI(A.abgr() + A.wzyx());
  sycl::int4 B = A;
  B.zw() = sycl::int2(7, 8); // write through a swizzle
  B.xy() += B.wz();
  B.lo() = B.hi() * 2; // lo/hi are views
  B.odd() -= 1;
  PutI(B);
  sycl::int16 S(Seed);
  S.s3() = 3, S.sA() = 10, S.sF() = -1;
  S.even() = S.odd() + 1;
  PutI(sycl::int8(S.lo()).lo()), PutI(sycl::int4(S.sF(), S.sA(), S.s9(), S.s3()));
  sycl::int3 T3(1, 2, 3);
  T3 = 5; // scalar assignment
  T3.y() = Seed;
  PutI(T3 * 3 + 1), PutI(100 / (T3 * T3 + 1)), PutI(17 % (T3 * T3 + 1)), // no zero divisor PutI(1 << T3.xz()), PutI(~T3 ^ 6);
  PutI(T3 < 6), PutI(6 >= T3), PutI(T3 && 0), PutI(!T3), PutI(T3 == T3.zyx());
  PutI(-T3.xy()), PutI(++T3), PutI(T3--), PutI(T3 >> 1);
  sycl::float4 F(0.5f * Seed, -1.25f, 2.5f, -2.5f);
  PutI(F.convert<int, rounding_mode::rte>()), PutI(F.convert<int, rounding_mode::rtp>());
  PutI(F.convert<int, rounding_mode::rtn>()), PutI(F.convert<int, rounding_mode::rtz>());
  PutI(F.convert<int>());
  PutF(F.yzx() * 2.0f - F.www()), PutF(1.0f / F), PutF(F.as<sycl::int4>().convert<float>());
  sycl::double2 D(1.0 / 3.0, -1.0 / 3.0);
  sycl::float2 Up = D.convert<float, rounding_mode::rtp>();
  sycl::float2 Down = D.convert<float, rounding_mode::rtn>();
  PutF(Up), PutF(Down), PutI((Up > Down).convert<int>());
  float Buf[8] = {};
  auto Ptr = sycl::address_space_cast<sycl::access::address_space::private_space,
                                      sycl::access::decorated::no>(Buf);
  F.store(1, Ptr);
  sycl::float4 Back;
  Back.load(1, Ptr);
  PutF(sycl::float2(Buf[4], Buf[7])), PutI(Back == F);
  R.UsedI = K, R.UsedF = L;
}

int main() {
  sycl::queue Q;
  constexpr int N = 16;
  Results *Out = sycl::malloc_shared<Results>(N, Q);
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) { compute(int(I[0]) - 5, Out[I]); }).wait();
  int Bad = 0;
  for (int J = 0; J < N; ++J) {
    Results Want;
    compute(J - 5, Want);
    if (Want.UsedI > NumInts || Want.UsedF > NumFloats)
      std::printf("Results too small: %d ints, %d floats\n", Want.UsedI, Want.UsedF);
    Bad += Out[J].UsedI != Want.UsedI || Out[J].UsedF != Want.UsedF;
    for (int K = 0; K < Want.UsedI; ++K)
      Bad += Out[J].I[K] != Want.I[K];
    for (int K = 0; K < Want.UsedF; ++K)
      Bad += Out[J].F[K] != Want.F[K];
  }
  // CHECK-NOT: too small
  std::printf("vec device/host mismatches: %d\n", Bad);
  // CHECK: vec device/host mismatches: 0

  // Rounding modes against known values.
  sycl::float4 F(2.5f, -2.5f, 1.5f, -0.5f);
  auto Rte = F.convert<int, rounding_mode::rte>(), Rtz = F.convert<int, rounding_mode::rtz>();
  auto Rtp = F.convert<int, rounding_mode::rtp>(), Rtn = F.convert<int, rounding_mode::rtn>();
  std::printf("rte %d %d %d %d rtz %d %d %d %d\n", Rte[0], Rte[1], Rte[2], Rte[3], Rtz[0], Rtz[1],
              Rtz[2], Rtz[3]);
  // CHECK: rte 2 -2 2 0 rtz 2 -2 1 0
  std::printf("rtp %d %d %d %d rtn %d %d %d %d\n", Rtp[0], Rtp[1], Rtp[2], Rtp[3], Rtn[0], Rtn[1],
              Rtn[2], Rtn[3]);
  // CHECK: rtp 3 -2 2 0 rtn 2 -3 1 -1
  sycl::int2 Big(16777217, -16777217); // 2^24 + 1: between two floats
  auto BigZ = Big.convert<float, rounding_mode::rtz>(),
       BigP = Big.convert<float, rounding_mode::rtp>();
  std::printf("int->float rtz %.0f %.0f rtp %.0f %.0f\n", BigZ[0], BigZ[1], BigP[0], BigP[1]);
  // CHECK: int->float rtz 16777216 -16777216 rtp 16777218 -16777216
  sycl::double2 Third(1.0 / 3.0, -1.0 / 3.0);
  auto Up = Third.convert<float, rounding_mode::rtp>(),
       Down = Third.convert<float, rounding_mode::rtn>();
  std::printf("double->float brackets: %d %d\n",
              double(Down[0]) < Third[0] && Third[0] < double(Up[0]),
              double(Down[1]) < Third[1] && Third[1] < double(Up[1]));
  // CHECK: double->float brackets: 1 1
  sycl::free(Out, Q);
}
