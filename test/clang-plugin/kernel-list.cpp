// The integration header lists every kernel with its parameter descriptors
// (kind, size, offset) and functor size, and the host compile accepts it.
// RUN: %clang_device -c -emit-llvm %s -o %t.bc %plugin_arg int-header=%t.h
// RUN: FileCheck %s < %t.h
// RUN: %clang_host -fsyntax-only -include %t.h %s

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

// CHECK: #include <sycl/detail/kernel_desc.hpp>
// CHECK: constexpr kernel_param_desc smcp_params_[[U:[0-9]+]][] = {
// CHECK-NEXT: {param_kind(3), 8, 0},
// CHECK-NEXT: {param_kind(1), 16, 8},
// CHECK-NEXT: {param_kind(1), 16, 24},
// CHECK-NEXT: {param_kind(1), 1, 40},
// CHECK-NEXT: };
// CHECK: constexpr kernel_param_desc smcp_params_[[F:[0-9]+]][] = {
// CHECK-NEXT: {param_kind(1), 4, 0},
// CHECK-NEXT: {param_kind(3), 8, 8},
// CHECK: template <> struct tu_kernels<tu_tag> {
// CHECK-NEXT: static constexpr unsigned count = 6;
// CHECK-DAG: {"_ZTSZ6submitR12mini_handlerPi4PairPfEUlvE_", 4, smcp_params_[[U]], 48},
// CHECK-DAG: {"_ZTSZ6submitR12mini_handlerPi4PairPfE5Empty", 0, nullptr, 1},
// CHECK-DAG: {"_ZTSZ6submitR12mini_handlerPi4PairPfE7Functor", 2, smcp_params_[[F]], 16},
// CHECK-DAG: {"_ZTSZ6submitR12mini_handlerPi4PairPfE4TwoD", 1, smcp_params_{{[0-9]+}}, 8},
// CHECK-DAG: {"_ZTSZ4fillIiEvR12mini_handlerPT_S2_E4Fill", 2, smcp_params_{{[0-9]+}}, 16},
// CHECK-DAG: {"_ZTSZ4fillIfEvR12mini_handlerPT_S2_E4Fill", 2, smcp_params_{{[0-9]+}}, 16},
