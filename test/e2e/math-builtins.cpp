// SYCL math, common and integer built-ins in kernels against the same
// functions on the host: integers exactly, floats within 1e-5 relative
// (native:: and half_precision:: within 1e-3).
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdio>

struct Results {
  float F[12];
  double D[4];
  int I[14];
  unsigned U[4];
  long long L[2];
  float Native[4];
};

Results compute(float X, int A, int B) {
  Results R;
  R.F[0] = sycl::rsqrt(X);
  R.F[1] = sycl::mad(X, 2.0f, 1.0f);
  R.F[2] = sycl::clamp(X, 1.0f, 2.0f);
  R.F[3] = sycl::fmin(X, 1.5f) + sycl::fmax(X, 1.5f);
  R.F[4] = sycl::sqrt(X) + sycl::exp(X / 4) + sycl::log(X) + sycl::sin(X) + sycl::cos(X);
  R.F[5] = sycl::pow(X, 1.5f) + sycl::fma(X, X, 1.0f) + sycl::exp2(X) + sycl::log2(X);
  R.F[6] = sycl::degrees(X) + sycl::radians(X);
  R.F[7] = sycl::mix(1.0f, 3.0f, 0.25f) + sycl::step(1.0f, X) + sycl::smoothstep(0.0f, 4.0f, X);
  R.F[8] = sycl::sign(X - 2.0f) + sycl::min(X, 2.0f) + sycl::max(X, 2.0f);
  R.F[9] = sycl::tanh(X / 8) + sycl::atan2(X, 2.0f) + sycl::cbrt(X) + sycl::hypot(X, 1.0f);
  R.F[10] = sycl::pown(X, 3) + sycl::rootn(X, 2) + sycl::sinpi(0.25f * X);
  R.F[11] = sycl::floor(X) + sycl::ceil(X) + sycl::trunc(-X) + sycl::round(X);
  R.D[0] = sycl::rsqrt(double(X));
  R.D[1] = sycl::sqrt(double(X)) * sycl::exp(double(X) / 8);
  R.D[2] = sycl::clamp(double(X), 0.5, 1.0);
  R.D[3] = sycl::mad(double(X), 3.0, -1.0);
  R.I[0] = int(sycl::abs(A));
  R.I[1] = int(sycl::abs_diff(A, B));
  R.I[2] = sycl::add_sat(A, 2147483000);
  R.I[3] = sycl::sub_sat(A, 2147483000);
  R.I[4] = sycl::hadd(A, B);
  R.I[5] = sycl::rhadd(A, B);
  R.I[6] = sycl::popcount(A);
  R.I[7] = sycl::clz(A);
  R.I[8] = sycl::ctz(A);
  R.I[9] = sycl::rotate(A, 5);
  R.I[10] = sycl::mul_hi(A, 123456789);
  R.I[11] = sycl::mad_hi(A, B, 7);
  R.I[12] = sycl::clamp(A, -10, 10) + sycl::min(A, B) + sycl::max(A, B);
  R.I[13] = sycl::mul24(A, 3) + sycl::mad24(A, 2, B);
  R.U[0] = sycl::abs_diff(unsigned(A), unsigned(B));
  R.U[1] = sycl::clz(unsigned(A));
  R.U[2] = sycl::rotate(unsigned(A), 31u);
  R.U[3] = sycl::mul_hi(unsigned(A), 3000000000u);
  R.L[0] = sycl::mul_hi((long long)A << 40, 1LL << 40);
  R.L[1] = sycl::popcount((long long)A << 20);
  R.Native[0] = sycl::native::sin(X) + sycl::native::cos(X);
  R.Native[1] = sycl::native::exp(X / 4) + sycl::native::log(X) + sycl::native::sqrt(X);
  R.Native[2] = sycl::half_precision::sqrt(X) + sycl::half_precision::recip(X);
  R.Native[3] = sycl::native::divide(X, 3.0f) + sycl::native::recip(X);
  return R;
}

int main() {
  sycl::queue Q;
  constexpr int N = 64;
  Results *Out = sycl::malloc_shared<Results>(N, Q);
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     int K = int(I[0]);
     Out[K] = compute(0.25f + 0.125f * float(K), K * 977 - 20000, 31 - K * 5);
   }).wait();
  int Bad = 0;
  for (int K = 0; K < N; ++K) {
    Results Want = compute(0.25f + 0.125f * float(K), K * 977 - 20000, 31 - K * 5);
    auto Close = [](double A, double B, double Tol) {
      return std::fabs(A - B) <= Tol * std::fmax(1.0, std::fabs(B));
    };
    for (int J = 0; J < 12; ++J)
      Bad += !Close(Out[K].F[J], Want.F[J], 1e-5);
    for (int J = 0; J < 4; ++J)
      Bad += !Close(Out[K].D[J], Want.D[J], 1e-12);
    for (int J = 0; J < 14; ++J)
      Bad += Out[K].I[J] != Want.I[J];
    for (int J = 0; J < 4; ++J)
      Bad += Out[K].U[J] != Want.U[J];
    for (int J = 0; J < 2; ++J)
      Bad += Out[K].L[J] != Want.L[J];
    for (int J = 0; J < 4; ++J)
      Bad += !Close(Out[K].Native[J], Want.Native[J], 1e-3);
  }
  std::printf("math built-in mismatches: %d\n", Bad);
  // CHECK: math built-in mismatches: 0
  sycl::free(Out, Q);
}
