// [[sycl::reqd_work_group_size(N...)]] on a kernel functor's operator(), or
// after a kernel lambda's parameter list (SYCL 2020 §5.8.1's two places),
// reaches the kernel: the plugin reads the sizes back from the source (clang-15
// passes plugins no arguments, and makes the lambda's a type attribute), puts
// them on the kernel entry as the
// "smcp.reqd_work_group_size" annotation, and the kernel-wrapper pass writes
// them on the kernel, SYCL's order and the backend's (fastest first).
// Arguments other than integer literals are an error; none of the forms warns.
// RUN: %clang_device -O0 -c -emit-llvm %s -o %t.ll %plugin_arg emit-llvm 2>&1 \
// RUN:   | FileCheck %s --allow-empty --check-prefix=QUIET --implicit-check-not=warning:
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: %opt_smcp -passes=smcp-kernel-wrapper -S %t.ll | FileCheck %s --check-prefix=KERNEL
// RUN: sed 's/spir64-unknown-unknown/nvptx64-nvidia-cuda/' %t.ll \
// RUN:   | %opt_smcp -passes=smcp-kernel-wrapper -S | FileCheck %s --check-prefix=PTX
// RUN: %clang_device -c -emit-llvm -o /dev/null -DBAD -Xclang -verify %s

#include "Inputs/mini_handler.hpp"

struct Fixed {
  int *Out;
  [[sycl::reqd_work_group_size(2, 0x4)]] void operator()() const { *Out = 1; }
};

struct Hinted {
  int *Out;
  [[sycl::reqd_sub_group_size(16)]] [[sycl::work_group_size_hint(8)]] void operator()() const { *Out = 2; }
};

// A templated functor's operator() keeps the attribute of its pattern.
template <int N> struct Templated {
  int *Out;
  [[sycl::reqd_work_group_size(16)]] void operator()() const { *Out = N; }
};

void submit(mini_handler &H, int *Out) {
  H.single_task<class FixedKernel>(Fixed{Out});
  H.single_task<class HintedKernel>(Hinted{Out});
  H.single_task<class LambdaKernel>([=]() [[sycl::reqd_work_group_size(8, 2, 1)]] { *Out = 3; });
  H.single_task<class NoexceptLambda>(
      [=]() noexcept [[sycl::reqd_sub_group_size(16)]] [[sycl::reqd_work_group_size(32)]] { *Out = 4; });
  H.single_task<class PlainLambda>([=] { *Out = 5; });
  H.single_task<class TemplatedKernel>(Templated<6>{Out});
}

#ifdef BAD
constexpr int N = 4;
struct NotLiteral {
  [[sycl::reqd_work_group_size(N)]] void operator()() const {} // expected-error {{'reqd_work_group_size' takes 1 to 3 positive integer literals}}
};
struct Zero {
  [[sycl::reqd_work_group_size(0)]] void operator()() const {} // expected-error {{'reqd_work_group_size' takes 1 to 3 positive integer literals}}
};
void lambdas(mini_handler &H) {
  H.single_task<class NotLiteralLambda>([=]() [[sycl::reqd_work_group_size(N, 2)]] {}); // expected-error {{'reqd_work_group_size' takes 1 to 3 positive integer literals}}
  H.single_task<class TooMany>([=]() [[sycl::reqd_work_group_size(1, 2, 3, 4)]] {}); // expected-error {{'reqd_work_group_size' takes 1 to 3 positive integer literals}}
  H.single_task(NotLiteral{});
  H.single_task(Zero{});
}
#endif

// IR: c"smcp.reqd_work_group_size\00"
// IR-NEXT: @[[ARGS:.*]] = private unnamed_addr constant { i32, i32 } { i32 2, i32 4 }
// IR: @llvm.global.annotations
// IR-SAME: FixedKernel5Fixed{{.*}} @[[ARGS]]

// QUIET-NOT: warning

// KERNEL-NOT: @llvm.global.annotations
// KERNEL: define spir_kernel void @_ZTSZ6submitR12mini_handlerPiE11FixedKernel({{.*}}) #{{[0-9]+}} !smcp.kernel_params !{{[0-9]+}} !smcp.reqd_work_group_size ![[SYCL:[0-9]+]] !reqd_work_group_size ![[BACKEND:[0-9]+]] {
// KERNEL: define spir_kernel void @_ZTSZ6submitR12mini_handlerPiE12HintedKernel({{.*}}) #{{[0-9]+}} !smcp.kernel_params !{{[0-9]+}} {
// KERNEL: define spir_kernel void @_ZTSZ6submitR12mini_handlerPiE12LambdaKernel({{.*}}) #{{[0-9]+}} !smcp.kernel_params !{{[0-9]+}} !smcp.reqd_work_group_size ![[LAMBDA_SYCL:[0-9]+]] !reqd_work_group_size ![[LAMBDA:[0-9]+]] {
// KERNEL: define spir_kernel void @_ZTSZ6submitR12mini_handlerPiE14NoexceptLambda({{.*}}) #{{[0-9]+}} !smcp.kernel_params !{{[0-9]+}} !smcp.reqd_work_group_size ![[MUTABLE_SYCL:[0-9]+]] !reqd_work_group_size ![[MUTABLE:[0-9]+]] {
// KERNEL: define spir_kernel void @_ZTSZ6submitR12mini_handlerPiE11PlainLambda({{.*}}) #{{[0-9]+}} !smcp.kernel_params !{{[0-9]+}} {
// KERNEL: define spir_kernel void @_ZTSZ6submitR12mini_handlerPiE15TemplatedKernel({{.*}}) #{{[0-9]+}} !smcp.kernel_params !{{[0-9]+}} !smcp.reqd_work_group_size ![[TEMPLATED:[0-9]+]] !reqd_work_group_size
// KERNEL-DAG: ![[LAMBDA]] = !{i32 1, i32 2, i32 8}
// KERNEL-DAG: ![[LAMBDA_SYCL]] = !{i32 8, i32 2, i32 1}
// KERNEL-DAG: ![[MUTABLE]] = !{i32 32, i32 1, i32 1}
// KERNEL-DAG: ![[MUTABLE_SYCL]] = !{i32 32}
// KERNEL-DAG: ![[TEMPLATED]] = !{i32 16}
// KERNEL-DAG: ![[BACKEND]] = !{i32 4, i32 2, i32 1}
// KERNEL-DAG: ![[SYCL]] = !{i32 2, i32 4}

// PTX-DAG: !{{{.*}}FixedKernel{{.*}}, !"reqntidx", i32 4}
// PTX-DAG: !{{{.*}}FixedKernel{{.*}}, !"reqntidy", i32 2}
// PTX-DAG: !{{{.*}}FixedKernel{{.*}}, !"reqntidz", i32 1}
