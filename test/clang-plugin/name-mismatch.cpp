// A lambda that exists only in the device compile renumbers the lambdas after
// it; the host compile must reject the disagreement at compile time, naming
// the problem, instead of failing at run time with "kernel not found".
// RUN: %clang_device -c -emit-llvm %s -o %t.bc %plugin_arg int-header=%t.h
// RUN: not %clang_host -fsyntax-only -include %t.h %s 2>&1 | FileCheck %s

#include "Inputs/mini_handler.hpp"

void submit(mini_handler &H, int *P) {
#ifdef __SYCL_DEVICE_ONLY__
  auto DeviceOnly = [] { return 1; };
  (void)DeviceOnly;
#endif
  H.single_task([=] { P[0] = 1; });
}

// CHECK: error: static assertion failed{{.*}}SMCP: this kernel is missing from the device compile's integration header
// CHECK: note: in instantiation of function template specialization 'sycl::detail::host_kernel_info<(lambda at
