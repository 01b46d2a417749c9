// CUDA baseline of image_conv.cpp: the 5x5 convolution of an N×N float4
// image through tex2D<float4> on a texture object over pitched cudaMalloc
// memory (clamp, point filtering, unnormalized coordinates), and over a
// pointer with the indices clamped; 32×8 blocks, as SMCP's adapter picks for
// that range. Built on the GPU machine by run.py with nvcc -O3 -arch=sm_90.
// Usage: image_conv [N, default 2048]. Prints "name value" lines (ms).
#include "cuda_check.h"
#include "gpubench.hpp"

#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int R = 2;

__host__ __device__ constexpr float weight(int dx, int dy) {
  return float((3 - (dx < 0 ? -dx : dx)) * (3 - (dy < 0 ? -dy : dy))) / 81.0f;
}

__device__ int clamp_index(int V, int N) { return V < 0 ? 0 : (V > N - 1 ? N - 1 : V); }

__device__ void accumulate(float4 &Sum, float W, float4 V) {
  Sum.x += W * V.x;
  Sum.y += W * V.y;
  Sum.z += W * V.z;
  Sum.w += W * V.w;
}

__global__ void conv_texture(cudaTextureObject_t T, float4 *Out, int N) {
  const int X = blockIdx.x * blockDim.x + threadIdx.x, Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X >= N || Y >= N)
    return;
  float4 Sum = {0, 0, 0, 0};
  for (int DY = -R; DY <= R; ++DY)
    for (int DX = -R; DX <= R; ++DX)
      accumulate(Sum, weight(DX, DY), tex2D<float4>(T, X + 0.5f + DX, Y + 0.5f + DY));
  Out[size_t(Y) * N + X] = Sum;
}

__global__ void conv_pointer(const float4 *In, float4 *Out, int N) {
  const int X = blockIdx.x * blockDim.x + threadIdx.x, Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X >= N || Y >= N)
    return;
  float4 Sum = {0, 0, 0, 0};
  for (int DY = -R; DY <= R; ++DY)
    for (int DX = -R; DX <= R; ++DX)
      accumulate(Sum, weight(DX, DY),
                 In[size_t(clamp_index(Y + DY, N)) * N + clamp_index(X + DX, N)]);
  Out[size_t(Y) * N + X] = Sum;
}

int main(int argc, char **argv) {
  const int N = argc > 1 ? std::atoi(argv[1]) : 2048;
  const size_t Bytes = size_t(N) * N * sizeof(float4);
  std::vector<float4> Pixels(size_t(N) * N);
  for (int Y = 0; Y < N; ++Y)
    for (int X = 0; X < N; ++X)
      Pixels[size_t(Y) * N + X] = make_float4(X % 7, Y % 5, (X + Y) % 11, 1.0f);
  float4 *In, *OutT, *OutP;
  CHECK(cudaMalloc(&In, Bytes));
  CHECK(cudaMalloc(&OutT, Bytes));
  CHECK(cudaMalloc(&OutP, Bytes));
  CHECK(cudaMemcpy(In, Pixels.data(), Bytes, cudaMemcpyHostToDevice));
  cudaResourceDesc Resource = {};
  Resource.resType = cudaResourceTypePitch2D;
  Resource.res.pitch2D.devPtr = In;
  Resource.res.pitch2D.desc = cudaCreateChannelDesc<float4>();
  Resource.res.pitch2D.width = N;
  Resource.res.pitch2D.height = N;
  Resource.res.pitch2D.pitchInBytes = size_t(N) * sizeof(float4);
  cudaTextureDesc How = {};
  How.addressMode[0] = How.addressMode[1] = cudaAddressModeClamp;
  How.filterMode = cudaFilterModePoint;
  How.readMode = cudaReadModeElementType;
  cudaTextureObject_t T;
  CHECK(cudaCreateTextureObject(&T, &Resource, &How, nullptr));
  cudaStream_t S;
  CHECK(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  const dim3 Block(32, 8), Grid((N + 31) / 32, (N + 7) / 8);
  auto Ms = [&](auto Launch) {
    return 1e3 * gpubench::per_iteration(5, 50, [&](int Iters) {
             for (int I = 0; I < Iters; ++I)
               Launch();
             CHECK(cudaStreamSynchronize(S));
           });
  };
  const double TextureMs = Ms([&] { conv_texture<<<Grid, Block, 0, S>>>(T, OutT, N); });
  const double PointerMs = Ms([&] { conv_pointer<<<Grid, Block, 0, S>>>(In, OutP, N); });
  CHECK(cudaGetLastError());
  std::vector<float4> A(size_t(N) * N), B(size_t(N) * N);
  CHECK(cudaMemcpy(A.data(), OutT, Bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(B.data(), OutP, Bytes, cudaMemcpyDeviceToHost));
  for (size_t I = 0; I < A.size(); I += 101)
    if (A[I].x != B[I].x || A[I].w != B[I].w) {
      std::fprintf(stderr, "image_conv: the two results differ at %zu\n", I);
      return 1;
    }
  std::printf("image_conv_sampled_ms %.4f\nimage_conv_buffer_ms %.4f\n", TextureMs, PointerMs);
  CHECK(cudaDestroyTextureObject(T));
  CHECK(cudaFree(In));
  CHECK(cudaFree(OutT));
  CHECK(cudaFree(OutP));
  CHECK(cudaStreamDestroy(S));
}
