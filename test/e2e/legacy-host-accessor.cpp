// BUF-10 / ACC-16: the deprecated host forms. buffer::get_access<Mode>() and
// get_access<Mode, target::host_buffer>() (whole and ranged) return
// accessor<..., target::host_buffer>, which is constructible directly and
// behaves as a host_accessor: it waits for the kernel and sees its data.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>
#include <type_traits>

using namespace sycl;

int main() {
  queue Q;
  buffer<int> B(range<1>(8));
  Q.submit([&](handler &H) {
    accessor A(B, H, write_only, no_init);
    H.parallel_for(range<1>(8), [=](id<1> I) { A[I] = int(I[0]) + 1; });
  });
  {
    auto R = B.get_access<access::mode::read>(); // seed 002's printResults form
    static_assert(std::is_same_v<decltype(R), accessor<int, 1, access_mode::read,
                                                       target::host_buffer>>);
    // CHECK: get_access<read>: 1 8
    std::printf("get_access<read>: %d %d\n", R[0], R[7]);
  }
  {
    auto W = B.get_access<access::mode::read_write, access::target::host_buffer>(range<1>(2),
                                                                                  id<1>(3));
    W[0] = 40; // B[3]
    W[1] = 50; // B[4]
  }
  {
    accessor<int, 1, access::mode::read, access::target::host_buffer> R(B);
    host_accessor<int, 1, access_mode::read> &AsHost = R; // it is a host_accessor
    // CHECK-NEXT: host_buffer accessor: 3 40 50 6, size 8, placeholder 0
    std::printf("host_buffer accessor: %d %d %d %d, size %zu, placeholder %d\n", R[2], R[3],
                AsHost[4], R[5], R.size(), R.is_placeholder());
  }
  return 0;
}
