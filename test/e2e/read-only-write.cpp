// Writing through a read_only accessor is a compile error (SYCL 2020
// 4.7.6.9: operator[] returns a const reference), in the device compile and
// in the host compile alike.
// RUN: not %syclcc -O2 -c %s -o %t.o 2>&1 | FileCheck %s
#include <sycl/sycl.hpp>

int main() {
  sycl::queue Q;
  sycl::buffer<int> B{sycl::range<1>(4)};
  Q.submit([&](sycl::handler &H) {
    sycl::accessor A(B, H, sycl::read_only);
    H.parallel_for(sycl::range<1>(4), [=](sycl::id<1> I) { A[I] = 1; });
  });
  return 0;
}
// CHECK: read-only-write.cpp:12:{{[0-9]+}}: error: cannot assign to return value because function 'operator[]{{.*}}' returns a const value
