// OpenMP baselines of the CPU figures a user compares first: STREAM triad over
// 2^25 floats, a sum of 2^26 floats (and its sum and maximum in one loop) and
// a dot product of 2^25 doubles (the
// same data and timing as sycl_bench.cpp's triad and workgroup_bench.cpp's
// reductions), built with
// g++ -O3 -march=native -fopenmp. Prints "name value" lines.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

using Clock = std::chrono::steady_clock;

// The reductions are functions of plain pointers: written inline in the
// timing lambdas (pointers captured by reference), g++ 12 turned the simd
// loop into gathers and ran at a quarter of the speed (3.5 vs 11-16 GB/s).
__attribute__((noinline)) static float sum(const float *X, size_t N) {
  float Local = 0;
#pragma omp parallel for simd reduction(+ : Local)
  for (size_t I = 0; I < N; ++I)
    Local += X[I];
  return Local;
}

__attribute__((noinline)) static double dot(const double *X, const double *Y, size_t N) {
  double Local = 0;
#pragma omp parallel for simd reduction(+ : Local)
  for (size_t I = 0; I < N; ++I)
    Local += X[I] * Y[I];
  return Local;
}

__attribute__((noinline)) static void sum_max(const float *X, size_t N, float &Sum,
                                              float &Max) {
  float LocalSum = 0, LocalMax = X[0];
#pragma omp parallel for simd reduction(+ : LocalSum) reduction(max : LocalMax)
  for (size_t I = 0; I < N; ++I) {
    LocalSum += X[I];
    LocalMax = X[I] > LocalMax ? X[I] : LocalMax;
  }
  Sum = LocalSum;
  Max = LocalMax;
}

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
  double TR = bestOf(4, [&] { Sum = sum(PX, R); });
  if (Sum != 0.5f * R)
    return 1;
  std::printf("reduction_gbps %.3f\n", R * sizeof(float) / TR / 1e9);
  float Max = 0;
  double TM = bestOf(4, [&] { sum_max(PX, R, Sum, Max); });
  if (Sum != 0.5f * R || Max != 0.5f) {
    std::fprintf(stderr, "sum and max wrong: %f %f\n", Sum, Max);
    return 1;
  }
  std::printf("sum_max_gbps %.3f\n", R * sizeof(float) / TM / 1e9);

  const size_t D = size_t(1) << 25;
  std::vector<double> DX(D), DY(D);
#pragma omp parallel for
  for (size_t I = 0; I < D; ++I) {
    DX[I] = 0.5;
    DY[I] = 2.0;
  }
  const double *PDX = DX.data(), *PDY = DY.data();
  double Dot = 0;
  double TD = bestOf(4, [&] { Dot = dot(PDX, PDY, D); });
  if (Dot != double(D))
    return 1;
  std::printf("dot_double_gbps %.3f\n", 2 * D * sizeof(double) / TD / 1e9);
}
