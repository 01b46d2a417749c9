// Shutdown in every order (issue: nothing crashes, hangs or loses data): a
// queue destroyed before or after the buffers it used, while kernels are in
// flight; buffers and queues leaked at exit with work in flight; a host task
// that throws while main returns. Each order is one run; the write-backs are
// checked element by element.
// RUN: %syclcc -O2 %s -o %t
// RUN: %t buffer-first | FileCheck %s --check-prefix=DATA
// RUN: %t queue-first | FileCheck %s --check-prefix=DATA
// RUN: %t interleaved | FileCheck %s --check-prefix=DATA
// RUN: %t leak-at-exit | FileCheck %s --check-prefix=LEAK
// RUN: %t throw-at-exit | FileCheck %s --check-prefix=THROW
// DATA: write-back: 0 wrong of 4096
// LEAK: leaving with work in flight
// THROW: leaving while a host task throws
#include <sycl/sycl.hpp>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace sycl;

constexpr size_t N = 4096;

/// Slow kernels First..First+Rounds-1 on B (the first sets A[i] = i, each
/// other adds 1), so that work is in flight when the caller destroys things.
void busy(queue &Q, buffer<int> &B, int Rounds, int First = 0) {
  for (int R = First; R < First + Rounds; ++R)
    Q.submit([&](handler &H) {
      accessor A(B, H, read_write);
      H.parallel_for(range<1>(N), [=](id<1> I) {
        int V = A[I];
        for (int J = 0; J < 500; ++J)
          V = (V * 7 + J) % 1000003;
        A[I] = R == 0 ? int(I[0]) : A[I] + 1;
        (void)V;
      });
    });
}

int wrong(const std::vector<int> &Data, int Rounds) {
  int Wrong = 0;
  for (size_t I = 0; I < N; ++I)
    Wrong += Data[I] != int(I) + Rounds - 1;
  return Wrong;
}

int main(int argc, char **argv) {
  const char *Order = argc > 1 ? argv[1] : "buffer-first";
  std::vector<int> Data(N, -1);
  const int Rounds = 6;
  if (!std::strcmp(Order, "buffer-first")) {
    queue Q;
    {
      buffer<int> B(Data.data(), range<1>(N));
      busy(Q, B, Rounds);
    } // the buffer waits for its kernels and writes back; the queue lives on
  } else if (!std::strcmp(Order, "queue-first")) {
    auto B = std::make_unique<buffer<int>>(Data.data(), range<1>(N));
    {
      queue Q;
      busy(Q, *B, Rounds);
    } // the queue goes first, its kernels still running
    B.reset();
  } else if (!std::strcmp(Order, "interleaved")) {
    auto Q1 = std::make_unique<queue>();
    auto B = std::make_unique<buffer<int>>(Data.data(), range<1>(N));
    busy(*Q1, *B, Rounds / 2);
    auto Q2 = std::make_unique<queue>();
    busy(*Q2, *B, Rounds - Rounds / 2, Rounds / 2); // continues on another queue
    Q1.reset();
    B.reset();
    Q2.reset();
  } else if (!std::strcmp(Order, "leak-at-exit")) {
    auto *Q = new queue;
    auto *B = new buffer<int>(range<1>(N));
    busy(*Q, *B, Rounds);
    std::printf("leaving with work in flight\n");
    return 0; // neither is destroyed: the runtime drains at exit
  } else if (!std::strcmp(Order, "throw-at-exit")) {
    static queue Q([](exception_list) {});
    Q.submit([&](handler &H) {
      H.host_task([] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        throw std::runtime_error("thrown while main returns");
      });
    });
    std::printf("leaving while a host task throws\n");
    return 0;
  }
  std::printf("write-back: %d wrong of %zu\n", wrong(Data, Rounds), N);
  return 0;
}
