// The kernel list names every kernel of the TU with its functor size and its
// parameters (kind:info:offset; info is a size for std_layout and pointer),
// one kernel annotation per line. The host compile needs nothing of it.
// RUN: %clang_device -c -emit-llvm %s -o %t.bc %plugin_arg kernel-list=%t.kernels
// RUN: FileCheck %s < %t.kernels
// RUN: %clang_host -fsyntax-only %s

#include "Inputs/mini_handler.hpp"

struct Pair {
  int A;
  double B;
};

struct Scale {
  float Factor;
  float *Out;
  void operator()() const { Out[0] *= Factor; }
};

template <typename T> void fill(mini_handler &H, T *Data, T Value) {
  H.parallel_for<class Fill>(sycl::range<1>(4), [=](sycl::id<1> I) { Data[I] = Value; });
}

void submit(mini_handler &H, int *Usm, Pair P, float *F) {
  int Arr[4] = {1, 2, 3, 4};
  char C = 'x';
  // Unnamed lambda: pointer, struct, array, char.
  H.single_task([=] { Usm[0] = P.A + int(P.B) + Arr[3] + C; });
  // Named lambda without captures.
  H.single_task<class Empty>([] {});
  // Functor object.
  H.single_task<class Functor>(Scale{2.0f, F});
  // Two-dimensional range with an item.
  H.parallel_for<class TwoD>(sycl::range<2>(2, 3), [=](sycl::item<2> It) {
    Usm[It.get_linear_id()] = int(It[0]);
  });
  fill<int>(H, Usm, 1);
  fill<float>(H, F, 2.0f);
}

// Unnamed lambda: pointer, struct, array, char.
// CHECK-DAG: smcp.kernel _ZTSZ6submitR12mini_handlerPi4PairPfEUlvE_ 48 3:8:0 1:16:8 1:16:24 1:1:40{{$}}
// CHECK-DAG: smcp.kernel _ZTSZ6submitR12mini_handlerPi4PairPfE5Empty 1{{$}}
// CHECK-DAG: smcp.kernel _ZTSZ6submitR12mini_handlerPi4PairPfE7Functor 16 1:4:0 3:8:8{{$}}
// CHECK-DAG: smcp.kernel _ZTSZ6submitR12mini_handlerPi4PairPfE4TwoD 8 3:8:0{{$}}
// CHECK-DAG: smcp.kernel _ZTSZ4fillIiEvR12mini_handlerPT_S2_E4Fill 16 3:8:0 1:4:8{{$}}
// CHECK-DAG: smcp.kernel _ZTSZ4fillIfEvR12mini_handlerPT_S2_E4Fill 16 3:8:0 1:4:8{{$}}
