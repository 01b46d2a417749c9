// Regression: a program that returns from main with work in flight - a
// kernel's first run (PoCL compiles its work-group function in its own
// threads then), a host task, a buffer released on the pool, a queue
// destroyed while busy - aborted or crashed in most runs as the backends'
// static state was torn down under them. The runtime now drains at exit.
// PoCL's kernel cache is off so that every run compiles (the crash needs a
// first build; with the cache warm it hid), and so is SMCP's program cache:
// a program loaded from it as a binary leaves PoCL's first use of LLVM to
// the kernel compile that races with exit, the case exit_drain.h says is
// not covered.
// RUN: %syclcc -O2 %s -o %t
// RUN: env POCL_KERNEL_CACHE=0 SMCP_CACHE_DIR=off %t && env POCL_KERNEL_CACHE=0 SMCP_CACHE_DIR=off %t
// RUN: env POCL_KERNEL_CACHE=0 SMCP_CACHE_DIR=off %t && env POCL_KERNEL_CACHE=0 SMCP_CACHE_DIR=off %t
// RUN: env POCL_KERNEL_CACHE=0 SMCP_CACHE_DIR=off %t && env POCL_KERNEL_CACHE=0 SMCP_CACHE_DIR=off %t
// RUN: env POCL_KERNEL_CACHE=0 SMCP_CACHE_DIR=off %t verbose | FileCheck %s
#include <sycl/sycl.hpp>

#include <chrono>
#include <cstdio>
#include <thread>

using namespace sycl;

static int *Shared;

int main(int argc, char **) {
  queue *busy = new queue;
  Shared = malloc_shared<int>(1024, *busy);
  for (int k = 0; k < 4; ++k)
    busy->parallel_for(range<1>(1024), [=, p = Shared](id<1> i) {
      int acc = 0;
      for (int j = 0; j < 2000; ++j)
        acc += (int(i[0]) * j + k) % 7;
      p[i] = acc;
    });
  {
    queue q; // destroyed while its kernel may still run: must neither block nor crash
    buffer<float> b{range<1>(1 << 16)};
    q.submit([&](handler &h) {
      accessor a(b, h, write_only, no_init);
      h.parallel_for(range<1>(1 << 16), [=](id<1> i) { a[i] = float(i[0]) * 0.5f; });
    });
    q.submit([&](handler &h) {
      h.host_task([] { std::this_thread::sleep_for(std::chrono::milliseconds(30)); });
    });
  }
  if (argc > 1)
    std::printf("returning with work in flight\n");
  // CHECK: returning with work in flight
  return 0; // no wait, no free, `busy` leaked
}
