// ACC-4 / ACC-8: 0-dimensional accessors on a one-element buffer<T, 1> (and
// on the first element of a longer one): device accessors with a handler,
// placeholders bound by require, host_task and host accessors; reading
// through the implicit conversion to T& and writing through operator=.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

using namespace sycl;

int main() {
  queue Q;
  buffer<int, 1> One(range<1>(1));
  {
    host_accessor<int, 0, access_mode::write> H(One);
    H = 5; // operator=
  }
  Q.submit([&](handler &H) {
    accessor<int, 0, access_mode::read_write> A(One, H);
    static_assert(std::is_same_v<decltype(A)::reference, int &>);
    H.single_task([=] {
      int &R = A; // implicit conversion to reference
      R = R * 3;
      A = A + 1; // conversion, then operator=
    });
  });
  {
    host_accessor<int, 0, access_mode::read> H(One);
    const int &V = H;
    // CHECK: device: 16 (size 1, byte_size 4)
    std::printf("device: %d (size %zu, byte_size %zu)\n", V, H.size(), H.byte_size());
  }

  // The first element of a longer buffer; a read accessor reads it.
  buffer<int, 1> Many(range<1>(4));
  {
    host_accessor H(Many, write_only);
    for (int I = 0; I < 4; ++I)
      H[I] = 7 + I;
  }
  buffer<int, 1> Out(range<1>(1));
  Q.submit([&](handler &H) {
    accessor<int, 0, access_mode::read> In(Many, H);
    accessor<int, 0, access_mode::write> O(Out, H);
    H.single_task([=] { O = In * 2; });
  });
  {
    host_accessor<int, 0> H(Out);
    // CHECK-NEXT: first element: 14
    std::printf("first element: %d\n", int(H));
  }

  // A placeholder bound with require, and a host_task accessor.
  accessor<int, 0, access_mode::read_write> P(One);
  Q.submit([&](handler &H) {
    H.require(P);
    H.single_task([=] { P = P + 100; });
  });
  Q.submit([&](handler &H) {
    accessor<int, 0, access_mode::read_write, target::host_task> T(One, H);
    H.host_task([=] { T = T * 2; });
  });
  {
    host_accessor<int, 0, access_mode::read> H(One);
    // CHECK-NEXT: placeholder and host_task: 232
    std::printf("placeholder and host_task: %d\n", int(H));
  }
  return 0;
}
