// CUDA baseline of reduction.cpp: cub::DeviceReduce::Sum of 2^Log2 floats
// (CUB ships with the CUDA toolkit), temporary storage allocated once, one
// stream. Built on the GPU machine by run.py with nvcc -O3 -arch=sm_90.
// Usage: reduction [log2 size, default 28]. Prints "reduction_gbps value".
#include "cuda_check.h"
#include "gpubench.hpp"

#include <cub/device/device_reduce.cuh>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  const size_t N = size_t(1) << (argc > 1 ? std::atoi(argv[1]) : 28);
  float *X, *Sum;
  CHECK(cudaMalloc(&X, N * sizeof(float)));
  CHECK(cudaMalloc(&Sum, sizeof(float)));
  std::vector<float> Ones(N, 1.0f);
  CHECK(cudaMemcpy(X, Ones.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  cudaStream_t S;
  CHECK(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  void *Temp = nullptr;
  size_t TempBytes = 0;
  CHECK(cub::DeviceReduce::Sum(Temp, TempBytes, X, Sum, N, S));
  CHECK(cudaMalloc(&Temp, TempBytes));
  double T = gpubench::per_iteration(5, gpubench::iterations_for(N * sizeof(float)), [&](int Iters) {
    for (int I = 0; I < Iters; ++I)
      CHECK(cub::DeviceReduce::Sum(Temp, TempBytes, X, Sum, N, S));
    CHECK(cudaStreamSynchronize(S));
  });
  float Result = 0;
  CHECK(cudaMemcpy(&Result, Sum, sizeof(float), cudaMemcpyDeviceToHost));
  if (std::fabs(Result - double(N)) > 1e-5 * N) {
    std::fprintf(stderr, "reduction wrong: %f, want %zu\n", Result, N);
    return 1;
  }
  std::printf("reduction_gbps %.3f\n", N * sizeof(float) / T / 1e9);
  CHECK(cudaFree(X));
  CHECK(cudaFree(Sum));
  CHECK(cudaFree(Temp));
  CHECK(cudaStreamDestroy(S));
}
