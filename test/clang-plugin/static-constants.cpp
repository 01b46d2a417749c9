// Constant variables with static storage that device code uses by address
// get their initial values in the device IR: a static local of a host
// function (main()) that its kernel lambda reads, a namespace-scope table
// reached only through another variable's initializer, and a class-scope
// static member. Host-side dynamic initialisers are rejected instead of
// reading as zero on the device.
// RUN: %clang_device -O0 -c -emit-llvm %s -o - %plugin_arg emit-llvm | FileCheck %s
// RUN: %clang_device -DERRORS -c -emit-llvm -o /dev/null -Xclang -verify %s

#include "Inputs/mini_handler.hpp"

int use(const int *P) { return *P; }

#ifndef ERRORS
namespace tables {
static const int Inner[2] = {5, 6};
static const int *const Outer = Inner; // only this one is named by device code
} // namespace tables
struct Holder {
  static constexpr int Member[3] = {10, 20, 30};
};

int main() {
  mini_handler H;
  int *Out = nullptr;
  static const int Table[4] = {1, 2, 3, 4};
  static constexpr int K = 42;
  H.single_task<class Statics>([=] {
    Out[0] = Table[Out[1]] + use(&K) + tables::Outer[1] + Holder::Member[Out[2]];
  });
}

// CHECK-DAG: @_ZZ4mainE5Table = internal addrspace(1) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
// CHECK-DAG: @_ZZ4mainE1K = internal addrspace(1) constant i32 42
// CHECK-DAG: @_ZN6tablesL5InnerE = internal addrspace(1) constant [2 x i32] [i32 5, i32 6]
// CHECK-DAG: @_ZN6Holder6MemberE = linkonce_odr {{.*}}addrspace(1) constant [3 x i32] [i32 10, i32 20, i32 30]
// The function that declares main()'s statics for code generation, never called.
// CHECK-DAG: define internal spir_func void @_ZL24__smcp_static_local_initv(
// CHECK-NOT: define {{.*}}@main(

#else
int compute();
const int Computed = compute();

void submit(mini_handler &H, int *Out) {
  static const int Late = compute();
  H.single_task<class Dynamic>([=] { // expected-note 2 {{reached from the SYCL kernel}}
    Out[0] = Computed; // expected-error {{SYCL device code cannot use 'Computed': its value is computed at run time on the host (make it constexpr)}}
    Out[1] = Late;     // expected-error {{SYCL device code cannot use 'Late': its value is computed at run time on the host (make it constexpr)}}
  });
}
#endif
