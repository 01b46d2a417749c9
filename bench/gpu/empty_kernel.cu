// CUDA baseline of empty_kernel.cpp: an empty <<<1, 1>>> kernel on one
// non-blocking stream, launched through the driver API (cuLaunchKernel on the
// kernel's CUfunction, as the SMCP CUDA adapter launches) and through the
// runtime API (<<<>>>, which adds the runtime's layer). Throughput: N launches
// then one synchronize (µs per launch); latency: launch + synchronize (µs).
// Also the launches spread over 4 streams in turn, as an out-of-order queue
// spreads independent kernels (the driver's cost per launch differs).
// Built on the GPU machine by run.py with nvcc -O3 -arch=sm_90 ... -lcuda.
// Usage: empty_kernel [launches, default 20000] [latency iterations, default 5000].
#include "cuda_check.h"
#include "gpubench.hpp"

#include <cstdio>
#include <cstdlib>

__global__ void empty() {}

int main(int argc, char **argv) {
  const int Launches = argc > 1 ? std::atoi(argv[1]) : 20000;
  const int Latency = argc > 2 ? std::atoi(argv[2]) : 5000;
  cudaStream_t S;
  CHECK(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  cudaFunction_t Runtime;
  CHECK(cudaGetFuncBySymbol(&Runtime, reinterpret_cast<const void *>(empty)));
  CUfunction F = reinterpret_cast<CUfunction>(Runtime);

  auto Driver = [&] { CHECK_CU(cuLaunchKernel(F, 1, 1, 1, 1, 1, 1, 0, S, nullptr, nullptr)); };
  cudaStream_t Four[4];
  for (auto &Each : Four)
    CHECK(cudaStreamCreateWithFlags(&Each, cudaStreamNonBlocking));
  unsigned Next = 0;
  auto InTurn = [&] {
    CHECK_CU(cuLaunchKernel(F, 1, 1, 1, 1, 1, 1, 0, Four[Next++ % 4], nullptr, nullptr));
  };
  auto RuntimeLaunch = [&] { empty<<<1, 1, 0, S>>>(); };
  auto Throughput = [&](auto Launch) {
    return gpubench::per_iteration(3, Launches, [&](int Iters) {
      for (int I = 0; I < Iters; ++I)
        Launch();
      CHECK(cudaStreamSynchronize(S));
    });
  };
  auto Waited = [&](auto Launch) {
    return gpubench::per_iteration(3, Latency, [&](int Iters) {
      for (int I = 0; I < Iters; ++I) {
        Launch();
        CHECK(cudaStreamSynchronize(S));
      }
    });
  };
  std::printf("empty_launch_us %.3f\n", Throughput(Driver) * 1e6);
  std::printf("empty_launch_4streams_us %.3f\n", gpubench::per_iteration(3, Launches, [&](int Iters) {
                for (int I = 0; I < Iters; ++I)
                  InTurn();
                for (auto Each : Four)
                  CHECK(cudaStreamSynchronize(Each));
              }) * 1e6);
  std::printf("empty_latency_us %.3f\n", Waited(Driver) * 1e6);
  std::printf("empty_launch_rt_us %.3f\n", Throughput(RuntimeLaunch) * 1e6);
  std::printf("empty_latency_rt_us %.3f\n", Waited(RuntimeLaunch) * 1e6);
  CHECK(cudaGetLastError());
  CHECK(cudaStreamDestroy(S));
  for (auto Each : Four)
    CHECK(cudaStreamDestroy(Each));
}
