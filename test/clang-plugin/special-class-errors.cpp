// A class with clang's sycl_special_class but without the SMCP mark (so
// without its accessor info) is an error, not silently bytes.
// RUN: %clang_device -c -emit-llvm -o /dev/null %s %plugin_arg kernel-list=%t.kernels -Xclang -verify

#include "Inputs/mini_handler.hpp"

struct __attribute__((sycl_special_class)) unmarked {
  void __init(int *P) { Ptr = P; }
  int *Ptr;
};

void submit(mini_handler &H, unmarked U) {
  // expected-error@+1 {{SYCL special class 'unmarked' must start with a pointer and be marked SMCP_KERNEL_PARAM(<accessor info>)}}
  H.single_task<class K>([=] { U.Ptr[0] = 1; });
}
