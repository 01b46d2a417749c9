// sgemm_data.hpp - the inputs and the check of sgemm.cpp and sgemm.cu, one
// definition for both sides.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <vector>

namespace gpubench {

inline void sgemm_inputs(size_t N, std::vector<float> &A, std::vector<float> &B) {
  A.resize(N * N);
  B.resize(N * N);
  for (size_t I = 0; I < N * N; ++I) {
    A[I] = float(I % 7) * 0.5f;
    B[I] = float(I % 5) * 0.25f;
  }
}

/// 64 entries spread over C against a double-precision dot product.
inline bool sgemm_check(size_t N, const std::vector<float> &A, const std::vector<float> &B,
                        const std::vector<float> &C) {
  for (size_t S = 0; S < 64; ++S) {
    size_t At = (S * 2654435761u + N / 2) % (N * N), R = At / N, Col = At % N;
    double Want = 0;
    for (size_t K = 0; K < N; ++K)
      Want += double(A[R * N + K]) * B[K * N + Col];
    if (std::fabs(C[At] - Want) > 1e-4 * std::fabs(Want) + 1e-3) {
      std::fprintf(stderr, "sgemm wrong at (%zu, %zu): %f, want %f\n", R, Col, C[At], Want);
      return false;
    }
  }
  return true;
}

} // namespace gpubench
