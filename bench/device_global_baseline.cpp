// The native baseline of device_global_bench.cpp: an OpenCL C kernel that
// increments an int through a cl_mem argument, enqueued and finished 1,000
// times, and blocking clEnqueueReadBuffer of 4 B, 4 KiB and 1 MiB. Prints
// "name value" lines (microseconds) for run.py.
#include "opencl_common.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

using Clock = std::chrono::steady_clock;

static const char *Source = R"CL(
__kernel void inc(__global int *c) { ++*c; }
)CL";

template <typename F> double us_per_call(int n, F f) {
  auto t0 = Clock::now();
  for (int i = 0; i < n; ++i)
    f();
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count() / n;
}

int main() {
  constexpr int Launches = 1000;
  opencl_setup Setup = opencl_build(Source);
  cl_command_queue Q = Setup.queue;
  cl_int Err;
  cl_kernel Inc = clCreateKernel(Setup.program, "inc", &Err);
  CHECK(Err);
  cl_mem Counter = clCreateBuffer(Setup.context, CL_MEM_READ_WRITE, sizeof(int), nullptr, &Err);
  CHECK(Err);
  CHECK(clSetKernelArg(Inc, 0, sizeof(cl_mem), &Counter));
  size_t One = 1;
  auto Launch = [&] {
    CHECK(clEnqueueNDRangeKernel(Q, Inc, 1, nullptr, &One, nullptr, 0, nullptr, nullptr));
    CHECK(clFinish(Q));
  };
  Launch(); // warm-up
  double Best = 1e30;
  for (int R = 0; R < 5; ++R) {
    int Value = 0;
    CHECK(clEnqueueWriteBuffer(Q, Counter, CL_TRUE, 0, sizeof(int), &Value, 0, nullptr, nullptr));
    Best = std::min(Best, us_per_call(Launches, Launch));
    CHECK(clEnqueueReadBuffer(Q, Counter, CL_TRUE, 0, sizeof(int), &Value, 0, nullptr, nullptr));
    if (Value != Launches) {
      std::fprintf(stderr, "counter %d, expected %d\n", Value, Launches);
      return 1;
    }
  }
  std::printf("inc_launch_us %.3f\n", Best);

  for (auto [Bytes, Tag] : {std::pair<size_t, const char *>{4, "4b"}, {4096, "4k"}, {1 << 20, "1m"}}) {
    cl_mem Buf = clCreateBuffer(Setup.context, CL_MEM_READ_WRITE, Bytes, nullptr, &Err);
    CHECK(Err);
    int Zero = 0;
    CHECK(clEnqueueFillBuffer(Q, Buf, &Zero, sizeof(int), 0, Bytes, 0, nullptr, nullptr));
    std::vector<char> Host(Bytes);
    const int N = Bytes >= (1 << 20) ? 100 : 1000;
    double BestRead = 1e30;
    for (int R = 0; R < 5; ++R)
      BestRead = std::min(BestRead, us_per_call(N, [&] {
                            CHECK(clEnqueueReadBuffer(Q, Buf, CL_TRUE, 0, Bytes, Host.data(), 0,
                                                      nullptr, nullptr));
                          }));
    std::printf("read_%s_us %.3f\n", Tag, BestRead);
    clReleaseMemObject(Buf);
  }
  clReleaseMemObject(Counter);
  clReleaseKernel(Inc);
  opencl_release(Setup);
}
