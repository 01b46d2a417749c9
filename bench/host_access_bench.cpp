// Host access to buffers a kernel wrote, and a buffer's upload from the
// user's pointer, each against memcpy of the same bytes in the same run.
// On a device that uses host memory as it is (PoCL's CPU device) a range
// buffer lives in host memory: its host_accessor neither allocates nor
// copies (mem_object.h). Prints "name value" lines (best of 3, ms):
//   host_access_ms   3 range buffers of 2^26 floats written by a kernel,
//                    then per buffer a host_accessor and a memcpy out of it
//   memcpy_ms        the same three memcpys out of plain host arrays that
//                    two threads wrote just before (as the kernel's work-items
//                    did: the data sits in those cores' caches, which on this
//                    machine's large L3 matters more than the copy itself)
//   upload_ms        3 buffers over user pointers, each read whole by a kernel
//   upload_kernel_ms the same kernels on buffers already on the device
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

using Clock = std::chrono::steady_clock;
constexpr size_t N = size_t(1) << 26;
constexpr int Buffers = 3;

static double ms_since(Clock::time_point T0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - T0).count();
}

// A kernel reading every element (the sum goes to one element: it must run).
static void read_all(sycl::queue &Q, sycl::buffer<float> &B) {
  Q.submit([&](sycl::handler &H) {
    sycl::accessor A(B, H, sycl::read_write);
    H.parallel_for(sycl::range<1>(N / 1024), [=](sycl::id<1> I) {
      float S = 0;
      for (size_t J = 0; J < 1024; ++J)
        S += A[I[0] * 1024 + J];
      if (S < 0)
        A[0] = S;
    });
  });
}

int main() {
  sycl::queue Q;
  std::vector<float> Dst(N);
  std::vector<std::vector<float>> Plain(Buffers, std::vector<float>(N));
  std::vector<std::vector<float>> User(Buffers, std::vector<float>(N, 2.0f));
  double HostAccess = 1e30, Memcpy = 1e30, Upload = 1e30, UploadKernel = 1e30;
  float Check = 0;
  for (int Rep = 0; Rep < 3; ++Rep) {
    {
      std::vector<sycl::buffer<float>> Bs;
      for (int I = 0; I < Buffers; ++I) {
        Bs.emplace_back(sycl::range<1>(N));
        Q.submit([&](sycl::handler &H) {
          sycl::accessor A(Bs.back(), H, sycl::write_only, sycl::no_init);
          H.parallel_for(sycl::range<1>(N), [=](sycl::id<1> J) { A[J] = 3.0f; });
        });
      }
      Q.wait();
      auto T0 = Clock::now();
      for (auto &B : Bs) {
        sycl::host_accessor H(B, sycl::read_only);
        std::memcpy(Dst.data(), &H[0], N * sizeof(float));
      }
      HostAccess = std::min(HostAccess, ms_since(T0));
      Check += Dst[N - 1];
    }
    for (auto &S : Plain) {
      std::thread Half([&] { std::fill(S.begin(), S.begin() + N / 2, 1.0f); });
      std::fill(S.begin() + N / 2, S.end(), 1.0f);
      Half.join();
    }
    auto T0 = Clock::now();
    for (auto &S : Plain)
      std::memcpy(Dst.data(), S.data(), N * sizeof(float));
    Memcpy = std::min(Memcpy, ms_since(T0));
    Check += Dst[N / 2];
    {
      std::vector<sycl::buffer<float>> Bs;
      for (auto &U : User)
        Bs.emplace_back(U.data(), sycl::range<1>(N));
      T0 = Clock::now();
      for (auto &B : Bs)
        read_all(Q, B);
      Q.wait();
      Upload = std::min(Upload, ms_since(T0));
      T0 = Clock::now();
      for (auto &B : Bs)
        read_all(Q, B);
      Q.wait();
      UploadKernel = std::min(UploadKernel, ms_since(T0));
    }
  }
  if (Check != 3 * (3.0f + 1.0f))
    return 1;
  std::printf("host_access_ms %.3f\nmemcpy_ms %.3f\nupload_ms %.3f\nupload_kernel_ms %.3f\n",
              HostAccess, Memcpy, Upload, UploadKernel);
}
