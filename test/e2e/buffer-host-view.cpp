// Buffers on a device that uses host memory as it is (a CPU device sharing the
// host's memory, or one with system allocations): the device works on the
// buffer's host memory itself, so nothing is copied between the two -- for
// buffers whose host memory the runtime owns (a range, iterators, a const
// pointer) and for use_host_ptr. The user's own pointer without use_host_ptr
// keeps its copy (set_write_back(false) must leave it untouched), and so does
// use_mutex. Elsewhere (a GPU with memory of its own) the same program copies.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// The OpenCL lane's device is PoCL's CPU device: no copies at all for the
// viewed buffers, and the user's pointer's buffer still copies both ways.
// RUN: %if opencl %{ env SMCP_TRACE=1 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=TRACE %}

#include <sycl/sycl.hpp>

#include <cstdint>
#include <cstdio>
#include <mutex>
#include <numeric>
#include <vector>

using namespace sycl;

// The address the kernel saw for the buffer's first element.
template <typename Buffer> uintptr_t fill_and_tell(queue &Q, Buffer &B, int Base, uintptr_t *Seen) {
  Q.submit([&](handler &H) {
     accessor A(B, H, read_write);
     H.parallel_for(B.get_range(), [=](id<1> I) {
       A[I] += Base + int(I[0]);
       if (I[0] == 0)
         *Seen = reinterpret_cast<uintptr_t>(&A[0]);
     });
   }).wait();
  return *Seen;
}

int main() {
  queue Q;
  const device Dev = Q.get_device();
  const bool Shares = Dev.has(aspect::usm_system_allocations) ||
                      (Dev.is_cpu() && Dev.get_info<info::device::host_unified_memory>());
  auto *Seen = malloc_shared<uintptr_t>(1, Q);
  auto report = [&](const char *What, bool Viewed, uintptr_t Kernel, const int *Host, bool Right) {
    const bool Same = Kernel == reinterpret_cast<uintptr_t>(Host);
    std::printf("%s: values %s, memory %s\n", What, Right ? "right" : "WRONG",
                Same == (Shares && Viewed) ? "as expected" : "UNEXPECTED");
  };

  {
    buffer<int> B{range<1>(1024)};
    Q.submit([&](handler &H) {
      accessor A(B, H, write_only, no_init);
      H.parallel_for(range<1>(1024), [=](id<1> I) { A[I] = 1; });
    });
    const uintptr_t K = fill_and_tell(Q, B, 10, Seen);
    host_accessor HA(B, read_only);
    report("range buffer", true, K, &HA[0], HA[0] == 11 && HA[1023] == 1034);
  }
  // CHECK: range buffer: values right, memory as expected

  {
    std::vector<int> Src(256, 2);
    buffer<int> B(Src.begin(), Src.end());
    const uintptr_t K = fill_and_tell(Q, B, 0, Seen);
    host_accessor HA(B, read_only);
    report("iterator buffer", true, K, &HA[0], HA[255] == 257 && Src[255] == 2);
  }
  // CHECK: iterator buffer: values right, memory as expected

  std::vector<int> Used(512, 3);
  {
    buffer<int> B(Used.data(), range<1>(512), {property::buffer::use_host_ptr()});
    const uintptr_t K = fill_and_tell(Q, B, 0, Seen);
    host_accessor HA(B, read_only);
    report("use_host_ptr buffer", true, K, Used.data(), HA[511] == 514);
  }
  std::printf("use_host_ptr written back: %s\n", Used[511] == 514 ? "yes" : "no");
  // CHECK: use_host_ptr buffer: values right, memory as expected
  // CHECK: use_host_ptr written back: yes

  std::vector<int> Own(128, 4);
  {
    buffer<int> B(Own.data(), range<1>(128));
    B.set_write_back(false);
    // (No host accessor: it would bring the data into the user's memory.)
    const uintptr_t K = fill_and_tell(Q, B, 0, Seen);
    report("user pointer buffer", false, K, Own.data(), true);
  }
  std::printf("user pointer left alone: %s\n", Own[127] == 4 ? "yes" : "no");
  // CHECK: user pointer buffer: values right, memory as expected
  // CHECK: user pointer left alone: yes

  std::mutex M;
  std::vector<int> Guarded(64, 5);
  {
    buffer<int> B(Guarded.data(), range<1>(64),
                  {property::buffer::use_host_ptr(), property::buffer::use_mutex(M)});
    const uintptr_t K = fill_and_tell(Q, B, 0, Seen);
    std::lock_guard<std::mutex> Held(M);
    report("use_mutex buffer", false, K, Guarded.data(), true);
  }
  std::printf("use_mutex written back: %s\n", Guarded[63] == 68 ? "yes" : "no");
  // CHECK: use_mutex buffer: values right, memory as expected
  // CHECK: use_mutex written back: yes
  free(Seen, Q);
  return 0;
}

// The user pointer's buffer (128 ints) copies in only (no write-back), the
// use_mutex one (64) in and out; the others never copy.
// TRACE-NOT: copy {{.*}}, 4096 bytes
// TRACE-NOT: copy {{.*}}, 1024 bytes
// TRACE-NOT: copy {{.*}}, 2048 bytes
// TRACE: copy host->device, 512 bytes
// TRACE-NOT: copy device->host, 512 bytes
// TRACE: copy host->device, 256 bytes
// TRACE: copy device->host, 256 bytes
