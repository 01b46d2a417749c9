// libm in kernels (C names and std:: forms, float and double) becomes
// OpenCL.std extended instructions; results match the host within 1e-5.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdio>

template <typename T> T compute(T X) {
  return std::sqrt(X) + std::sin(X) + std::cos(X) + std::exp(X / 4) + std::log(X) +
         std::pow(X, T(1.5)) + std::fma(X, X, T(1)) + std::fabs(-X) + std::floor(X) +
         std::ceil(X) + std::tanh(X / 8) + std::atan2(X, T(2)) + std::fmin(X, T(2)) +
         std::fmax(X, T(2)) + std::exp2(X / 3) + std::log2(X) + std::trunc(X) + std::cbrt(X);
}

int main() {
  sycl::queue Q;
  constexpr int N = 16;
  float *F = sycl::malloc_shared<float>(N, Q);
  double *D = sycl::malloc_shared<double>(N, Q);
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     float X = 0.5f + float(I) * 0.75f;
     F[I] = compute(X) + sqrtf(X) + powf(X, 2.0f);
     D[I] = compute(double(X));
   }).wait();
  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    float X = 0.5f + float(I) * 0.75f;
    float WantF = compute(X) + sqrtf(X) + powf(X, 2.0f);
    double WantD = compute(double(X));
    Bad += std::fabs(F[I] - WantF) > 1e-5f * std::fabs(WantF);
    Bad += std::fabs(D[I] - WantD) > 1e-9 * std::fabs(WantD);
  }
  std::printf("math mismatches: %d\n", Bad);
  // CHECK: math mismatches: 0
  sycl::free(F, Q);
  sycl::free(D, Q);
}
