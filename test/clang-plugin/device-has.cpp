// [[sycl::device_has(...)]] is accepted, without a warning, after
// SYCL_EXTERNAL and on kernel functions; it applies to functions only.
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

void submit(mini_handler &H, double *Out) { H.single_task<class WithAspects>(Kernel{Out}); }

[[sycl::device_has(sycl::aspect::fp16)]] int Variable; // expected-warning {{'device_has' attribute only applies to functions}}
[[sycl::device_hass(sycl::aspect::fp16)]] void typo(); // expected-warning {{unknown attribute 'device_hass' ignored}}
