// CUDA baseline of peer_copy.cpp: cudaMemcpyPeerAsync from GPU 0 to GPU 1
// with peer access enabled both ways, on a stream of GPU 1. Built on the GPU
// machine by run.py with nvcc -O3 -arch=sm_90. With fewer than two GPUs it
// says so and prints no figure.
// Usage: peer_copy [log2 bytes, default 28]. Prints "name value" lines.
#include "cuda_check.h"
#include "gpubench.hpp"

#include <cstdio>
#include <cstring>
#include <vector>

int main(int argc, char **argv) {
  const size_t Log2 = gpubench::log2_sizes(argc > 1 ? argv[1] : "28").at(0);
  const size_t Bytes = size_t(1) << Log2;
  int Count = 0;
  if (cudaGetDeviceCount(&Count) != cudaSuccess || Count < 2) {
    std::fprintf(stderr, "peer_copy: skipped: %d GPU(s) here, two needed\n", Count);
    return 0;
  }
  int Can01 = 0, Can10 = 0;
  CHECK(cudaDeviceCanAccessPeer(&Can01, 0, 1));
  CHECK(cudaDeviceCanAccessPeer(&Can10, 1, 0));
  unsigned char *A, *B;
  CHECK(cudaSetDevice(0));
  if (Can01)
    CHECK(cudaDeviceEnablePeerAccess(1, 0));
  CHECK(cudaMalloc(&A, Bytes));
  CHECK(cudaSetDevice(1));
  if (Can10)
    CHECK(cudaDeviceEnablePeerAccess(0, 0));
  CHECK(cudaMalloc(&B, Bytes));
  cudaStream_t S;
  CHECK(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  std::vector<unsigned char> In(Bytes), Out(Bytes);
  for (size_t I = 0; I < Bytes; ++I)
    In[I] = static_cast<unsigned char>(I * 31 + 7);
  CHECK(cudaMemcpy(A, In.data(), Bytes, cudaMemcpyHostToDevice));
  const double T = gpubench::per_iteration(5, gpubench::iterations_for(Bytes, 10, 100), [&](int Iters) {
    for (int I = 0; I < Iters; ++I)
      CHECK(cudaMemcpyPeerAsync(B, 1, A, 0, Bytes, S));
    CHECK(cudaStreamSynchronize(S));
  });
  CHECK(cudaMemcpy(Out.data(), B, Bytes, cudaMemcpyDeviceToHost));
  if (std::memcmp(In.data(), Out.data(), Bytes) != 0) {
    std::fprintf(stderr, "peer_copy: the copy on GPU 1 differs from GPU 0's data\n");
    return 1;
  }
  std::printf("peer_copy_2^%zu_gbps %.3f\n", Log2, Bytes / T / 1e9);
  std::fprintf(stderr, "peer_copy: peer access 0->1 %s, 1->0 %s\n", Can01 ? "yes" : "no",
               Can10 ? "yes" : "no");
}
