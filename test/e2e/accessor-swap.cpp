// ACC-10: swap on accessor, host_accessor and local_accessor exchanges the
// two handles: after swap(A, B) a kernel writing through A writes B's buffer,
// and each accessor reports the other's range and offset.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>
#include <utility>

using namespace sycl;

int main() {
  queue Q;
  buffer<int> X(range<1>(8)), Y(range<1>(8));
  {
    host_accessor HX(X, write_only), HY(Y, write_only);
    for (int I = 0; I < 8; ++I)
      HX[I] = 0, HY[I] = 0;
  }

  Q.submit([&](handler &H) {
    accessor A(X, H, range<1>(8), write_only);
    accessor B(Y, H, range<1>(4), id<1>(2), write_only);
    A.swap(B); // A: Y[2..6), B: X[0..8)
    // CHECK: member swap: A range 4 offset 2, B range 8 offset 0
    std::printf("member swap: A range %zu offset %zu, B range %zu offset %zu\n", A.get_range()[0],
                A.get_offset()[0], B.get_range()[0], B.get_offset()[0]);
    H.single_task([=] {
      for (int I = 0; I < 4; ++I)
        A[I] = 10 + I;
      for (int I = 0; I < 8; ++I)
        B[I] = 100 + I;
    });
  });
  {
    host_accessor HX(X, read_only), HY(Y, read_only);
    // CHECK-NEXT: X: 100 101 102 103 104 105 106 107
    // CHECK-NEXT: Y: 0 0 10 11 12 13 0 0
    std::printf("X:");
    for (int I = 0; I < 8; ++I)
      std::printf(" %d", HX[I]);
    std::printf("\nY:");
    for (int I = 0; I < 8; ++I)
      std::printf(" %d", HY[I]);
    std::printf("\n");
  }

  // The non-member swap (found by ADL, as std::swap's users expect) on host accessors.
  {
    host_accessor HX(X, read_write), HY(Y, range<1>(2), id<1>(4), read_write);
    using std::swap;
    swap(HX, HY); // HX: Y[4..6), HY: X
    HX[0] = -1;
    HY[0] = -2;
    // CHECK-NEXT: host swap: HX size 2, HY size 8
    std::printf("host swap: HX size %zu, HY size %zu\n", HX.size(), HY.size());
  }
  {
    host_accessor HX(X, read_only), HY(Y, read_only);
    // CHECK-NEXT: after host swap: X[0]=-2 Y[4]=-1
    std::printf("after host swap: X[0]=%d Y[4]=%d\n", HX[0], HY[4]);
  }

  // local_accessor: the swapped ranges.
  buffer<int> Out(range<1>(2));
  Q.submit([&](handler &H) {
    local_accessor<int> L4(range<1>(4), H), L16(range<1>(16), H);
    swap(L4, L16);
    accessor O(Out, H, write_only, no_init);
    H.parallel_for(nd_range<1>(range<1>(4), range<1>(4)), [=](nd_item<1> It) {
      L4[It.get_local_id(0)] = 1; // now 16 elements
      if (It.get_local_id(0) == 0) {
        O[0] = int(L4.size());
        O[1] = int(L16.size());
      }
    });
  });
  host_accessor HO(Out, read_only);
  // CHECK-NEXT: local swap: 16 4
  std::printf("local swap: %d %d\n", HO[0], HO[1]);
  return 0;
}
