// BUF-19: a buffer's allocator provides the host memory the runtime allocates
// itself (range-constructed and const T*-constructed buffers), and frees it
// through the same allocator, possibly after the buffer is gone.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

using namespace sycl;

static std::atomic<int> Allocations{0}, Deallocations{0};
static std::atomic<void *> Last{nullptr};

template <typename T> struct counting_allocator {
  using value_type = T;
  int Tag = 0; // state, to check that the buffer's copy is the one used
  counting_allocator() = default;
  explicit counting_allocator(int Tag) : Tag(Tag) {}
  template <typename U> counting_allocator(const counting_allocator<U> &O) : Tag(O.Tag) {}
  T *allocate(size_t N) {
    if (Tag != 42)
      std::printf("allocate through an allocator the buffer was not given\n");
    ++Allocations;
    T *P = std::allocator<T>().allocate(N);
    Last = P;
    return P;
  }
  void deallocate(T *P, size_t N) {
    ++Deallocations;
    std::allocator<T>().deallocate(P, N);
  }
  friend bool operator==(const counting_allocator &, const counting_allocator &) { return true; }
  friend bool operator!=(const counting_allocator &, const counting_allocator &) { return false; }
};

// The memory is freed once the work is done, maybe on the runtime's pool
// after the destructor returned: wait for it (bounded, not a timing check).
static int wait_deallocations(int N) {
  for (int I = 0; I < 2000 && Deallocations.load() < N; ++I)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return Deallocations.load();
}

int main() {
  queue Q;
  {
    buffer<int, 1, counting_allocator<int>> B(range<1>(16), counting_allocator<int>(42));
    Q.submit([&](handler &H) {
      accessor A(B, H, write_only, no_init);
      H.parallel_for(range<1>(16), [=](id<1> I) { A[I] = int(I[0]) * 2; });
    });
    host_accessor HA(B, read_only); // brings the data to host memory from the allocator
    // CHECK: range buffer: allocations 1, host data from the allocator 1, HA[15]=30
    std::printf("range buffer: allocations %d, host data from the allocator %d, HA[15]=%d\n",
                Allocations.load(), (void *)&HA[0] == Last.load(), HA[15]);
  }
  // CHECK-NEXT: deallocations 1
  std::printf("deallocations %d\n", wait_deallocations(1));

  const int Src[4] = {1, 2, 3, 4};
  {
    buffer<int, 1, counting_allocator<int>> B(Src, range<1>(4), counting_allocator<int>(42));
    host_accessor HA(B, read_only);
    // CHECK-NEXT: const T* buffer: allocations 2, its copy from the allocator 1, sum 10
    std::printf("const T* buffer: allocations %d, its copy from the allocator %d, sum %d\n",
                Allocations.load(), (const void *)&HA[0] == Last.load(),
                HA[0] + HA[1] + HA[2] + HA[3]);
  }
  // CHECK-NEXT: deallocations 2
  std::printf("deallocations %d\n", wait_deallocations(2));

  // A buffer used only on a device with memory of its own never calls the
  // allocator; a device that uses host memory as it is (a CPU device sharing
  // the host's memory) uses the buffer's host memory, from the allocator.
  const device Dev = Q.get_device();
  const bool SharesHostMemory =
      Dev.has(aspect::usm_system_allocations) ||
      (Dev.is_cpu() && Dev.get_info<info::device::host_unified_memory>());
  {
    buffer<int, 1, counting_allocator<int>> B(range<1>(8), counting_allocator<int>(42));
    Q.submit([&](handler &H) {
      accessor A(B, H, write_only, no_init);
      H.parallel_for(range<1>(8), [=](id<1> I) { A[I] = 1; });
    });
  }
  Q.wait();
  // CHECK-NEXT: device-only buffer: host memory from the allocator as the device needs: yes
  std::printf("device-only buffer: host memory from the allocator as the device needs: %s\n",
              Allocations.load() == 2 + int(SharesHostMemory) ? "yes" : "no");
  return 0;
}
