// CUDA baseline of triad.cpp: the same kernel, one thread per element in
// blocks of 256, on cudaMalloc'ed arrays and one stream. Built on the GPU
// machine by run.py with nvcc -O3 -arch=sm_90.
// Usage: triad [log2 sizes, default 25,28]. Prints "name value" lines.
#include "cuda_check.h"
#include "gpubench.hpp"

#include <cstdio>
#include <vector>

template <typename T> __global__ void triad(T *A, const T *B, const T *C, T S, size_t N) {
  size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = B[I] + S * C[I];
}

template <typename T> __global__ void fill(T *A, T Value, size_t N) {
  size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = Value;
}

template <typename T> __global__ void count_wrong(const T *A, T Want, size_t N, int *Wrong) {
  size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (I < N && A[I] != Want)
    atomicAdd(Wrong, 1);
}

template <typename T> bool run(cudaStream_t S, size_t Log2, const char *Type) {
  const size_t N = size_t(1) << Log2;
  const unsigned Block = 256, Grid = unsigned((N + Block - 1) / Block);
  T *A, *B, *C;
  int *Wrong;
  CHECK(cudaMalloc(&A, N * sizeof(T)));
  CHECK(cudaMalloc(&B, N * sizeof(T)));
  CHECK(cudaMalloc(&C, N * sizeof(T)));
  CHECK(cudaMalloc(&Wrong, sizeof(int)));
  fill<<<Grid, Block, 0, S>>>(B, T(1), N);
  fill<<<Grid, Block, 0, S>>>(C, T(2), N);
  CHECK(cudaStreamSynchronize(S));
  const double Bytes = 3.0 * N * sizeof(T);
  double T1 = gpubench::per_iteration(5, gpubench::iterations_for(3 * N * sizeof(T)), [&](int Iters) {
    for (int I = 0; I < Iters; ++I)
      triad<<<Grid, Block, 0, S>>>(A, B, C, T(3), N);
    CHECK(cudaStreamSynchronize(S));
  });
  CHECK(cudaGetLastError());
  CHECK(cudaMemsetAsync(Wrong, 0, sizeof(int), S));
  count_wrong<<<Grid, Block, 0, S>>>(A, T(7), N, Wrong);
  int HostWrong = 0;
  CHECK(cudaMemcpyAsync(&HostWrong, Wrong, sizeof(int), cudaMemcpyDeviceToHost, S));
  CHECK(cudaStreamSynchronize(S));
  CHECK(cudaFree(A));
  CHECK(cudaFree(B));
  CHECK(cudaFree(C));
  CHECK(cudaFree(Wrong));
  if (HostWrong) {
    std::fprintf(stderr, "triad %s 2^%zu: %d elements wrong\n", Type, Log2, HostWrong);
    return false;
  }
  std::printf("triad_%s_2^%zu_gbps %.3f\n", Type, Log2, Bytes / T1 / 1e9);
  return true;
}

int main(int argc, char **argv) {
  const std::vector<size_t> Sizes = gpubench::log2_sizes(argc > 1 ? argv[1] : "25,28");
  cudaStream_t S;
  CHECK(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  for (size_t Log2 : Sizes)
    if (!run<float>(S, Log2, "float") || !run<double>(S, Log2, "double"))
      return 1;
  CHECK(cudaStreamDestroy(S));
}
