// CUDA baseline of sgemm.cpp: the same 16×16 tiling, blocks of 16×16 threads,
// __syncthreads() as the barrier; threadIdx.x walks the columns. Two kinds of
// shared memory, as sgemm.cpp has two kinds of local memory: static
// __shared__ arrays (sgemm_gflops; SYCL's group_local_memory), and one
// extern __shared__ block whose tiles have a run-time row stride
// (sgemm_dynamic_gflops; SYCL's local_accessor, whose range is a run-time
// value). Built on the GPU machine by run.py with nvcc -O3 -arch=sm_90.
// Usage: sgemm [N, default 4096, a multiple of 16].
#include "cuda_check.h"
#include "sgemm_data.hpp"
#include "gpubench.hpp"

#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr size_t Tile = 16;

__global__ void sgemm(const float *A, const float *B, float *C, size_t N) {
  __shared__ float TA[Tile][Tile], TB[Tile][Tile];
  const size_t Row = size_t(blockIdx.y) * Tile + threadIdx.y, Col = size_t(blockIdx.x) * Tile + threadIdx.x;
  const size_t LR = threadIdx.y, LC = threadIdx.x;
  float Sum = 0;
  for (size_t K0 = 0; K0 < N; K0 += Tile) {
    TA[LR][LC] = A[Row * N + K0 + LC];
    TB[LR][LC] = B[(K0 + LR) * N + Col];
    __syncthreads();
    for (size_t K = 0; K < Tile; ++K)
      Sum += TA[LR][K] * TB[K][LC];
    __syncthreads();
  }
  C[Row * N + Col] = Sum;
}

/// The tiles in dynamic shared memory, rows `Stride` floats apart.
__global__ void sgemm_dynamic(const float *A, const float *B, float *C, size_t N, size_t Stride) {
  extern __shared__ float Tiles[];
  float *TA = Tiles, *TB = Tiles + Tile * Stride;
  const size_t Row = size_t(blockIdx.y) * Tile + threadIdx.y, Col = size_t(blockIdx.x) * Tile + threadIdx.x;
  const size_t LR = threadIdx.y, LC = threadIdx.x;
  float Sum = 0;
  for (size_t K0 = 0; K0 < N; K0 += Tile) {
    TA[LR * Stride + LC] = A[Row * N + K0 + LC];
    TB[LR * Stride + LC] = B[(K0 + LR) * N + Col];
    __syncthreads();
    for (size_t K = 0; K < Tile; ++K)
      Sum += TA[LR * Stride + K] * TB[K * Stride + LC];
    __syncthreads();
  }
  C[Row * N + Col] = Sum;
}

int main(int argc, char **argv) {
  const size_t N = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 4096;
  if (N % Tile) {
    std::fprintf(stderr, "N must be a multiple of %zu\n", Tile);
    return 1;
  }
  std::vector<float> HA, HB, HC(N * N);
  gpubench::sgemm_inputs(N, HA, HB);
  float *A, *B, *C;
  CHECK(cudaMalloc(&A, N * N * sizeof(float)));
  CHECK(cudaMalloc(&B, N * N * sizeof(float)));
  CHECK(cudaMalloc(&C, N * N * sizeof(float)));
  CHECK(cudaMemcpy(A, HA.data(), N * N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(B, HB.data(), N * N * sizeof(float), cudaMemcpyHostToDevice));
  cudaStream_t S;
  CHECK(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  const dim3 Block(Tile, Tile), Grid(unsigned(N / Tile), unsigned(N / Tile));
  auto Measure = [&](const char *Figure, auto Launch) {
    double T = gpubench::per_iteration(3, 10, [&](int Iters) {
      for (int I = 0; I < Iters; ++I)
        Launch();
      CHECK(cudaStreamSynchronize(S));
    });
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(HC.data(), C, N * N * sizeof(float), cudaMemcpyDeviceToHost));
    if (!gpubench::sgemm_check(N, HA, HB, HC))
      std::exit(1);
    std::printf("%s %.3f\n", Figure, 2.0 * N * N * N / T / 1e9);
    CHECK(cudaMemset(C, 0, N * N * sizeof(float)));
  };
  Measure("sgemm_gflops", [&] { sgemm<<<Grid, Block, 0, S>>>(A, B, C, N); });
  Measure("sgemm_dynamic_gflops", [&] {
    sgemm_dynamic<<<Grid, Block, 2 * Tile * Tile * sizeof(float), S>>>(A, B, C, N, Tile);
  });
  CHECK(cudaFree(A));
  CHECK(cudaFree(B));
  CHECK(cudaFree(C));
  CHECK(cudaStreamDestroy(S));
}
