// Two different kernels may not share a name: the runtime looks kernels up
// by name.
// RUN: %clang_device -c -emit-llvm -o /dev/null -Xclang -verify %s

#include "Inputs/mini_handler.hpp"

class Same;

void submit(mini_handler &H, int *P) {
  H.single_task<Same>([=] { P[0] = 1; }); // expected-note {{the other kernel is here}}
  H.single_task<Same>([=] { P[0] = 2; }); // expected-error {{the kernel name '_ZTS4Same' is used by two different kernels}}
}
