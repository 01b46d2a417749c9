// SMCP side of the benchmarks: STREAM triad over USM, the submit+wait
// latency of an empty single_task, and a chain of 1,000 small kernels linked
// through a buffer (accessor dependencies) or through an in-order queue on
// USM. Prints "name value" lines for run.py.
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

  // The chains: microseconds per command group, submission to completion.
  constexpr int Chain = 1000;
  constexpr size_t Items = 64;
  auto BufferChain = [&] {
    sycl::buffer<int> Buf{sycl::range<1>(Items)};
    Q.submit([&](sycl::handler &H) {
      sycl::accessor Acc(Buf, H, sycl::write_only, sycl::no_init);
      H.parallel_for<class ChainInit>(sycl::range<1>(Items), [=](sycl::id<1> I) { Acc[I] = 0; });
    });
    auto T0 = Clock::now();
    for (int I = 0; I < Chain; ++I)
      Q.submit([&](sycl::handler &H) {
        sycl::accessor Acc(Buf, H, sycl::read_write);
        H.parallel_for<class BufferStep>(sycl::range<1>(Items), [=](sycl::id<1> I) { Acc[I] += 1; });
      });
    sycl::host_accessor Result(Buf, sycl::read_only);
    const double Us = seconds(T0, Clock::now()) / Chain * 1e6;
    return Result[Items - 1] == Chain ? Us : -1.0;
  };
  sycl::queue InOrder{Q.get_context(), Q.get_device(), sycl::property::queue::in_order()};
  int *P = sycl::malloc_device<int>(Items, InOrder);
  auto UsmChain = [&] {
    InOrder.memset(P, 0, Items * sizeof(int));
    auto T0 = Clock::now();
    for (int I = 0; I < Chain; ++I)
      InOrder.parallel_for<class UsmStep>(sycl::range<1>(Items), [=](sycl::id<1> I) { P[I] += 1; });
    InOrder.wait();
    const double Us = seconds(T0, Clock::now()) / Chain * 1e6;
    int Last = 0;
    InOrder.memcpy(&Last, P + Items - 1, sizeof(int)).wait();
    return Last == Chain ? Us : -1.0;
  };
  BufferChain(); // warm-up: builds the programs
  UsmChain();
  double BestBuffer = 1e30, BestUsm = 1e30;
  for (int R = 0; R < 5; ++R) {
    BestBuffer = std::min(BestBuffer, BufferChain());
    BestUsm = std::min(BestUsm, UsmChain());
  }
  if (BestBuffer < 0 || BestUsm < 0) {
    std::fprintf(stderr, "chain result wrong\n");
    return 1;
  }
  std::printf("buffer_chain_us %.3f\n", BestBuffer);
  std::printf("usm_chain_us %.3f\n", BestUsm);
  sycl::free(P, InOrder);
}
