// [[sycl::device_has(...)]] is accepted, without a warning, after
// SYCL_EXTERNAL, on kernel functions and after a kernel lambda's parameters.
// Sema ignores SYCL's kernel attributes wherever they are written (the plugin
// reads them from the source), so one on a variable is not diagnosed; a
// misspelt one is an unknown attribute.
// RUN: %clang_device -c -emit-llvm -o /dev/null -Xclang -verify %s

#include "Inputs/mini_handler.hpp"
#include <sycl/aspect.hpp>

SYCL_EXTERNAL [[sycl::device_has(sycl::aspect::fp64)]] double twice(double X);
SYCL_EXTERNAL [[sycl::device_has(sycl::aspect::fp64, sycl::aspect::atomic64)]] double twice(double X) {
  return X * 2;
}

struct Kernel {
  double *Out;
  [[sycl::device_has(sycl::aspect::fp64)]] void operator()() const { *Out = twice(*Out); }
};

void submit(mini_handler &H, double *Out) {
  H.single_task<class WithAspects>(Kernel{Out});
  H.single_task<class LambdaAspects>([=]() [[sycl::device_has(sycl::aspect::fp64)]] { *Out = 1; });
}

[[sycl::device_hass(sycl::aspect::fp16)]] void typo(); // expected-warning {{unknown attribute 'device_hass' ignored}}
