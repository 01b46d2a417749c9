// OpenMP baselines of the CPU figures a user compares first: STREAM triad over
// 2^25 floats and a sum of 2^26 floats (the same data and timing as
// sycl_bench.cpp's triad and workgroup_bench.cpp's reduction), built with
// g++ -O3 -march=native -fopenmp. Prints "name value" lines.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

using Clock = std::chrono::steady_clock;

template <typename F> static double bestOf(int Reps, F Body) {
  double Best = 1e30;
  for (int R = 0; R < Reps; ++R) {
    auto T0 = Clock::now();
    Body();
    Best = std::min(Best, std::chrono::duration<double>(Clock::now() - T0).count());
  }
  return Best;
}

int main() {
  const size_t N = size_t(1) << 25;
  std::vector<float> A(N), B(N), C(N);
#pragma omp parallel for
  for (size_t I = 0; I < N; ++I) {
    B[I] = 1.0f;
    C[I] = 2.0f;
  }
  float *PA = A.data(), *PB = B.data(), *PC = C.data();
  const float S = 3.0f;
  double T = bestOf(11, [&] {
#pragma omp parallel for
    for (size_t I = 0; I < N; ++I)
      PA[I] = PB[I] + S * PC[I];
  });
  if (A[N / 2] != 7.0f)
    return 1;
  std::printf("triad_gbps %.3f\n", 3.0 * N * sizeof(float) / T / 1e9);

  const size_t R = size_t(1) << 26;
  std::vector<float> X(R);
#pragma omp parallel for
  for (size_t I = 0; I < R; ++I)
    X[I] = 0.5f;
  const float *PX = X.data();
  float Sum = 0;
  double TR = bestOf(4, [&] {
    float Local = 0;
#pragma omp parallel for simd reduction(+ : Local)
    for (size_t I = 0; I < R; ++I)
      Local += PX[I];
    Sum = Local;
  });
  if (Sum != 0.5f * R)
    return 1;
  std::printf("reduction_gbps %.3f\n", R * sizeof(float) / TR / 1e9);
}
