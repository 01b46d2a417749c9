// The native baseline of workgroup_bench.cpp: the same tiled SGEMM, and the
// same reduction (each work-item sums every global-size-th element, about 16;
// each group of 256 is folded in order by its first work-item through local
// memory; then the group partials are folded by one work-item), in OpenCL C
// through the OpenCL API on the first device. Also the group algorithms'
// hand-written equivalents (one float per work-item, groups of 256): a
// group's sum through local memory folded by its first work-item, and an
// inclusive scan of each group computed in place by its first work-item.
// Prints "name value" lines.
#include "opencl_common.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using Clock = std::chrono::steady_clock;
constexpr size_t N = 1024;

static const char *Source = R"CL(
#define TILE 16
__kernel void sgemm(__global const float *A, __global const float *B, __global float *C, int N) {
  __local float TA[TILE][TILE], TB[TILE][TILE];
  size_t Row = get_global_id(1), Col = get_global_id(0);
  size_t LR = get_local_id(1), LC = get_local_id(0);
  float Sum = 0;
  for (int K0 = 0; K0 < N; K0 += TILE) {
    TA[LR][LC] = A[Row * N + K0 + LC];
    TB[LR][LC] = B[(K0 + LR) * N + Col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int K = 0; K < TILE; ++K)
      Sum += TA[LR][K] * TB[K][LC];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[Row * N + Col] = Sum;
}

__kernel void reduce_groups(__global const float *X, __global float *Partials, ulong N) {
  __local float Values[256];
  size_t L = get_local_id(0);
  float Mine = 0;
  for (size_t I = get_global_id(0); I < N; I += get_global_size(0))
    Mine += X[I];
  Values[L] = Mine;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (L == 0) {
    float Acc = Values[0];
    for (int K = 1; K < 256; ++K)
      Acc += Values[K];
    Partials[get_group_id(0)] = Acc;
  }
}

__kernel void group_sums(__global const float *X, __global float *Out) {
  __local float Values[256];
  size_t L = get_local_id(0);
  Values[L] = X[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (L == 0) {
    float Acc = Values[0];
    for (int K = 1; K < 256; ++K)
      Acc += Values[K];
    Out[get_group_id(0)] = Acc;
  }
}

__kernel void group_scans(__global const float *X, __global float *Out) {
  __local float Values[256];
  size_t L = get_local_id(0);
  Values[L] = X[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (L == 0)
    for (int K = 1; K < 256; ++K)
      Values[K] += Values[K - 1];
  barrier(CLK_LOCAL_MEM_FENCE);
  Out[get_global_id(0)] = Values[L];
}

__kernel void reduce_partials(__global const float *Partials, __global float *Sum, int Groups) {
  float Acc = *Sum;
  for (int K = 0; K < Groups; ++K)
    Acc += Partials[K];
  *Sum = Acc;
}
)CL";


int main() {
  opencl_setup Setup = opencl_build(Source);
  cl_context Ctx = Setup.context;
  cl_command_queue Q = Setup.queue;
  cl_program Prog = Setup.program;
  cl_int Err;
  cl_kernel K = clCreateKernel(Prog, "sgemm", &Err);
  CHECK(Err);
  std::vector<float> HA(N * N), HB(N * N);
  for (size_t I = 0; I < N * N; ++I) {
    HA[I] = float(I % 7) * 0.5f;
    HB[I] = float(I % 5) * 0.25f;
  }
  size_t Bytes = N * N * sizeof(float);
  cl_mem A = clCreateBuffer(Ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, Bytes, HA.data(), &Err);
  cl_mem B = clCreateBuffer(Ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, Bytes, HB.data(), &Err);
  cl_mem C = clCreateBuffer(Ctx, CL_MEM_WRITE_ONLY, Bytes, nullptr, &Err);
  int NI = int(N);
  CHECK(clSetKernelArg(K, 0, sizeof(cl_mem), &A));
  CHECK(clSetKernelArg(K, 1, sizeof(cl_mem), &B));
  CHECK(clSetKernelArg(K, 2, sizeof(cl_mem), &C));
  CHECK(clSetKernelArg(K, 3, sizeof(int), &NI));
  size_t Global[2] = {N, N}, Local[2] = {16, 16};
  auto Run = [&] {
    CHECK(clEnqueueNDRangeKernel(Q, K, 2, nullptr, Global, Local, 0, nullptr, nullptr));
    CHECK(clFinish(Q));
  };
  Run();
  double Best = 1e30;
  for (int R = 0; R < 3; ++R) {
    auto T0 = Clock::now();
    Run();
    Best = std::min(Best, std::chrono::duration<double>(Clock::now() - T0).count());
  }
  std::printf("sgemm_gflops %.3f\n", 2.0 * N * N * N / Best / 1e9);

  constexpr size_t R = size_t(1) << 26, GroupSize = 256, Groups = R / (GroupSize * 16);
  cl_kernel KG = clCreateKernel(Prog, "reduce_groups", &Err);
  CHECK(Err);
  cl_kernel KP = clCreateKernel(Prog, "reduce_partials", &Err);
  CHECK(Err);
  cl_mem X = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, R * sizeof(float), nullptr, &Err);
  cl_mem Partials = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, Groups * sizeof(float), nullptr, &Err);
  cl_mem Sum = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, sizeof(float), nullptr, &Err);
  float Half = 0.5f, Zero = 0;
  CHECK(clEnqueueFillBuffer(Q, X, &Half, sizeof(float), 0, R * sizeof(float), 0, nullptr, nullptr));
  int GroupsI = int(Groups);
  CHECK(clSetKernelArg(KG, 0, sizeof(cl_mem), &X));
  CHECK(clSetKernelArg(KG, 1, sizeof(cl_mem), &Partials));
  cl_ulong NU = R;
  CHECK(clSetKernelArg(KG, 2, sizeof(cl_ulong), &NU));
  CHECK(clSetKernelArg(KP, 0, sizeof(cl_mem), &Partials));
  CHECK(clSetKernelArg(KP, 1, sizeof(cl_mem), &Sum));
  CHECK(clSetKernelArg(KP, 2, sizeof(int), &GroupsI));
  size_t RG = Groups * GroupSize, RL = GroupSize, One = 1;
  auto Reduce = [&] {
    CHECK(clEnqueueWriteBuffer(Q, Sum, CL_FALSE, 0, sizeof(float), &Zero, 0, nullptr, nullptr));
    CHECK(clEnqueueNDRangeKernel(Q, KG, 1, nullptr, &RG, &RL, 0, nullptr, nullptr));
    CHECK(clEnqueueNDRangeKernel(Q, KP, 1, nullptr, &One, &One, 0, nullptr, nullptr));
    CHECK(clFinish(Q));
  };
  Reduce();
  Best = 1e30;
  for (int Rep = 0; Rep < 3; ++Rep) {
    auto T0 = Clock::now();
    Reduce();
    Best = std::min(Best, std::chrono::duration<double>(Clock::now() - T0).count());
  }
  float Result = 0;
  CHECK(clEnqueueReadBuffer(Q, Sum, CL_TRUE, 0, sizeof(float), &Result, 0, nullptr, nullptr));
  if (Result != 0.5f * R) {
    std::fprintf(stderr, "reduction wrong: %f\n", Result);
    return 1;
  }
  std::printf("reduction_gbps %.3f\n", R * sizeof(float) / Best / 1e9);

  // Group algorithms by hand: 2^26 floats, one per work-item.
  cl_mem Out = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, R * sizeof(float), nullptr, &Err);
  CHECK(Err);
  // Each kernel's check: group 0's total (group_sums), or the scan at group
  // 0's last work-item (group_scans): 128 either way.
  struct {
    const char *Name;
    size_t CheckAt;
  } GroupKernels[] = {{"group_sums", 0}, {"group_scans", 255}};
  for (auto [Name, CheckAt] : GroupKernels) {
    cl_kernel KA = clCreateKernel(Prog, Name, &Err);
    CHECK(Err);
    CHECK(clSetKernelArg(KA, 0, sizeof(cl_mem), &X));
    CHECK(clSetKernelArg(KA, 1, sizeof(cl_mem), &Out));
    size_t Global = R;
    auto Launch = [&] {
      CHECK(clEnqueueNDRangeKernel(Q, KA, 1, nullptr, &Global, &RL, 0, nullptr, nullptr));
      CHECK(clFinish(Q));
    };
    Launch();
    Best = 1e30;
    for (int Rep = 0; Rep < 3; ++Rep) {
      auto T0 = Clock::now();
      Launch();
      Best = std::min(Best, std::chrono::duration<double>(Clock::now() - T0).count());
    }
    float Check = 0;
    CHECK(clEnqueueReadBuffer(Q, Out, CL_TRUE, CheckAt * sizeof(float), sizeof(float), &Check, 0,
                              nullptr, nullptr));
    if (Check != 128.0f) {
      std::fprintf(stderr, "%s wrong: %f\n", Name, Check);
      return 1;
    }
    std::printf("%s_gbps %.3f\n", Name, R * sizeof(float) / Best / 1e9);
    clReleaseKernel(KA);
  }
  clReleaseMemObject(Out);
  clReleaseMemObject(X);
  clReleaseMemObject(Partials);
  clReleaseMemObject(Sum);
  clReleaseKernel(KG);
  clReleaseKernel(KP);
  clReleaseMemObject(A);
  clReleaseMemObject(B);
  clReleaseMemObject(C);
  clReleaseKernel(K);
  opencl_release(Setup);
}
