// SMCP side of the benchmarks: STREAM triad over USM and the submit+wait
// latency of an empty single_task. Prints "name value" lines for run.py.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

using Clock = std::chrono::steady_clock;

static double seconds(Clock::time_point A, Clock::time_point B) {
  return std::chrono::duration<double>(B - A).count();
}

int main(int argc, char **argv) {
  const size_t N = size_t(1) << (argc > 1 ? std::atoi(argv[1]) : 25);
  const int Reps = 10, LatencyIters = 2000;
  sycl::queue Q;
  float *A = sycl::malloc_device<float>(N, Q);
  float *B = sycl::malloc_device<float>(N, Q);
  float *C = sycl::malloc_device<float>(N, Q);
  Q.fill(B, 1.0f, N);
  Q.fill(C, 2.0f, N);
  Q.wait();
  const float S = 3.0f;
  auto Triad = [&] {
    Q.parallel_for<class Triad>(sycl::range<1>(N), [=](sycl::id<1> I) { A[I] = B[I] + S * C[I]; })
        .wait();
  };
  Triad(); // first launch builds the program
  double Best = 1e30;
  for (int R = 0; R < Reps; ++R) {
    auto T0 = Clock::now();
    Triad();
    Best = std::min(Best, seconds(T0, Clock::now()));
  }
  float Check = 0;
  Q.memcpy(&Check, A + N / 2, sizeof(float)).wait();
  if (Check != 7.0f) {
    std::fprintf(stderr, "triad result wrong: %f\n", Check);
    return 1;
  }
  std::printf("triad_gbps %.3f\n", 3.0 * N * sizeof(float) / Best / 1e9);

  auto Empty = [&] { Q.single_task<class Empty>([] {}).wait(); };
  Empty();
  auto T0 = Clock::now();
  for (int I = 0; I < LatencyIters; ++I)
    Empty();
  std::printf("latency_us %.3f\n", seconds(T0, Clock::now()) / LatencyIters * 1e6);
  sycl::free(A, Q);
  sycl::free(B, Q);
  sycl::free(C, Q);
}
