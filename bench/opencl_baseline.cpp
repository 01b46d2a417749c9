// The native baseline: the same triad and the same empty kernel, written in
// OpenCL C and driven through the OpenCL API directly on the first CPU (or
// any) device. Prints "name value" lines for run.py.
#include "opencl_common.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

using Clock = std::chrono::steady_clock;

static const char *Source = R"CL(
__kernel void triad(__global float *a, __global const float *b, __global const float *c, float s) {
  size_t i = get_global_id(0);
  a[i] = b[i] + s * c[i];
}
__kernel void empty(void) {}
__kernel void inc(__global int *a) { a[get_global_id(0)] += 1; }
)CL";


static double seconds(Clock::time_point A, Clock::time_point B) {
  return std::chrono::duration<double>(B - A).count();
}

int main(int argc, char **argv) {
  const size_t N = size_t(1) << (argc > 1 ? std::atoi(argv[1]) : 25);
  const int Reps = 10, LatencyIters = 2000;
  opencl_setup Setup = opencl_build(Source);
  cl_context Ctx = Setup.context;
  cl_command_queue Q = Setup.queue;
  cl_program Prog = Setup.program;
  cl_int Err;
  cl_kernel Triad = clCreateKernel(Prog, "triad", &Err);
  CHECK(Err);
  cl_kernel Empty = clCreateKernel(Prog, "empty", &Err);
  CHECK(Err);

  size_t Bytes = N * sizeof(float);
  cl_mem A = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, Bytes, nullptr, &Err);
  cl_mem B = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, Bytes, nullptr, &Err);
  cl_mem C = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, Bytes, nullptr, &Err);
  float One = 1, Two = 2, S = 3;
  CHECK(clEnqueueFillBuffer(Q, B, &One, sizeof(float), 0, Bytes, 0, nullptr, nullptr));
  CHECK(clEnqueueFillBuffer(Q, C, &Two, sizeof(float), 0, Bytes, 0, nullptr, nullptr));
  CHECK(clSetKernelArg(Triad, 0, sizeof(cl_mem), &A));
  CHECK(clSetKernelArg(Triad, 1, sizeof(cl_mem), &B));
  CHECK(clSetKernelArg(Triad, 2, sizeof(cl_mem), &C));
  CHECK(clSetKernelArg(Triad, 3, sizeof(float), &S));
  CHECK(clFinish(Q));

  auto Run = [&] {
    CHECK(clEnqueueNDRangeKernel(Q, Triad, 1, nullptr, &N, nullptr, 0, nullptr, nullptr));
    CHECK(clFinish(Q));
  };
  Run();
  double Best = 1e30;
  for (int R = 0; R < Reps; ++R) {
    auto T0 = Clock::now();
    Run();
    Best = std::min(Best, seconds(T0, Clock::now()));
  }
  float Check = 0;
  CHECK(clEnqueueReadBuffer(Q, A, CL_TRUE, Bytes / 2, sizeof(float), &Check, 0, nullptr, nullptr));
  if (Check != 7.0f) {
    std::fprintf(stderr, "triad result wrong: %f\n", Check);
    return 1;
  }
  std::printf("triad_gbps %.3f\n", 3.0 * Bytes / Best / 1e9);

  size_t One1 = 1;
  CHECK(clEnqueueNDRangeKernel(Q, Empty, 1, nullptr, &One1, nullptr, 0, nullptr, nullptr));
  CHECK(clFinish(Q));
  auto T0 = Clock::now();
  for (int I = 0; I < LatencyIters; ++I) {
    CHECK(clEnqueueNDRangeKernel(Q, Empty, 1, nullptr, &One1, nullptr, 0, nullptr, nullptr));
    CHECK(clFinish(Q));
  }
  std::printf("latency_us %.3f\n", seconds(T0, Clock::now()) / LatencyIters * 1e6);

  // The chain of 1,000 small kernels on an in-order queue.
  const int Chain = 1000;
  const size_t Items = 64;
  cl_kernel Inc = clCreateKernel(Prog, "inc", &Err);
  CHECK(Err);
  cl_mem Counter = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, Items * sizeof(int), nullptr, &Err);
  CHECK(Err);
  CHECK(clSetKernelArg(Inc, 0, sizeof(cl_mem), &Counter));
  double BestChain = 1e30;
  for (int R = 0; R < 6; ++R) {
    int Zero = 0;
    CHECK(clEnqueueFillBuffer(Q, Counter, &Zero, sizeof(int), 0, Items * sizeof(int), 0, nullptr,
                              nullptr));
    CHECK(clFinish(Q));
    auto C0 = Clock::now();
    for (int I = 0; I < Chain; ++I)
      CHECK(clEnqueueNDRangeKernel(Q, Inc, 1, nullptr, &Items, nullptr, 0, nullptr, nullptr));
    CHECK(clFinish(Q));
    if (R > 0) // the first round warms up
      BestChain = std::min(BestChain, seconds(C0, Clock::now()) / Chain * 1e6);
  }
  int Last = 0;
  CHECK(clEnqueueReadBuffer(Q, Counter, CL_TRUE, (Items - 1) * sizeof(int), sizeof(int), &Last, 0,
                            nullptr, nullptr));
  if (Last != Chain) {
    std::fprintf(stderr, "chain result wrong: %d\n", Last);
    return 1;
  }
  std::printf("chain_us %.3f\n", BestChain);
  clReleaseKernel(Inc);
  clReleaseMemObject(Counter);
  clReleaseMemObject(A);
  clReleaseMemObject(B);
  clReleaseMemObject(C);
  clReleaseKernel(Triad);
  clReleaseKernel(Empty);
  opencl_release(Setup);
}
