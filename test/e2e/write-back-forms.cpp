// Buffer write-back is never lost (4.7.2.3): at the destructor with a host
// pointer, through set_final_data with a raw pointer, a shared_ptr, a
// weak_ptr and an output iterator, from sub-buffers, with use_host_ptr, and
// when the buffer's last command is a host task that throws (the kernels
// before it still write back; the exception reaches the async handler).
// Each form is written by a kernel, then checked element by element.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <vector>

using namespace sycl;

constexpr size_t N = 64;

template <typename T> void fill(queue &Q, buffer<T, 1> &B, T Base) {
  Q.submit([&](handler &H) {
    accessor A(B, H, write_only, no_init);
    H.parallel_for(range<1>(B.size()), [=](id<1> I) { A[I] = Base + T(I[0]); });
  });
}

template <typename It> bool holds(It First, size_t Count, int Base) {
  for (size_t I = 0; I < Count; ++I, ++First)
    if (*First != Base + int(I))
      return false;
  return true;
}

int main() {
  int AsyncErrors = 0;
  queue Q([&](exception_list L) {
    for (auto &E : L) {
      try {
        std::rethrow_exception(E);
      } catch (const std::runtime_error &) {
        ++AsyncErrors;
      }
    }
  });

  std::vector<int> Host(N, -1);
  { // the destructor writes back to the host pointer
    buffer<int> B(Host.data(), range<1>(N));
    fill(Q, B, 10);
  }
  EXPECT(holds(Host.begin(), N, 10));

  std::vector<int> Raw(N, -1);
  { // set_final_data(raw pointer) on a buffer without a host pointer
    buffer<int> B{range<1>(N)};
    B.set_final_data(Raw.data());
    fill(Q, B, 20);
  }
  EXPECT(holds(Raw.begin(), N, 20));

  auto Shared = std::shared_ptr<int[]>(new int[N]);
  std::fill_n(Shared.get(), N, -1);
  { // set_final_data(shared_ptr)
    buffer<int> B{range<1>(N)};
    B.set_final_data(std::shared_ptr<int>(Shared, Shared.get()));
    fill(Q, B, 30);
  }
  EXPECT(holds(Shared.get(), N, 30));

  auto Weak = std::make_shared<std::vector<int>>(N, -1);
  { // set_final_data(weak_ptr) whose owner is still alive
    buffer<int> B{range<1>(N)};
    B.set_final_data(std::weak_ptr<int>(std::shared_ptr<int>(Weak, Weak->data())));
    fill(Q, B, 40);
  }
  EXPECT(holds(Weak->begin(), N, 40));

  std::vector<int> Iterated(N, -1);
  { // set_final_data(output iterator)
    buffer<int> B{range<1>(N)};
    B.set_final_data(Iterated.begin());
    fill(Q, B, 50);
  }
  EXPECT(holds(Iterated.begin(), N, 50));

  std::vector<int> Parent(N, -1);
  { // sub-buffers: each half written by its own kernel, the parent writes back
    buffer<int> B(Parent.data(), range<1>(N));
    buffer<int> Lo(B, id<1>(0), range<1>(N / 2)), Hi(B, id<1>(N / 2), range<1>(N / 2));
    fill(Q, Lo, 60);
    fill(Q, Hi, 60 + int(N / 2));
  }
  EXPECT(holds(Parent.begin(), N, 60));

  std::vector<int> Used(N, -1);
  { // use_host_ptr: the host memory is the buffer's
    buffer<int> B(Used.data(), range<1>(N), {property::buffer::use_host_ptr()});
    fill(Q, B, 70);
  }
  EXPECT(holds(Used.begin(), N, 70));

  std::vector<int> Thrown(N, -1);
  { // the last command is a host task that throws: the kernel's data still lands
    buffer<int> B(Thrown.data(), range<1>(N));
    fill(Q, B, 80);
    Q.submit([&](handler &H) {
      accessor A(B, H, read_only_host_task);
      H.host_task([=] {
        if (A[0] == 80)
          throw std::runtime_error("host task failed on purpose");
      });
    });
  }
  Q.wait_and_throw();
  EXPECT(holds(Thrown.begin(), N, 80));
  EXPECT(AsyncErrors == 1);

  std::printf("write-back forms: %d failed\n", expect_failures());
  // CHECK: write-back forms: 0 failed
  return expect_failures() != 0;
}
