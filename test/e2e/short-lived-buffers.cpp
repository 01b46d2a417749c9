// Regression: short-lived buffers whose last command is an accessor fill or
// copy (host work today) hung most runs of a loop: the worker that finished
// the task destroyed it under the pool's lock, the buffer it released posted
// its release to the same pool, and the worker deadlocked on itself.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

using namespace sycl;

int main() {
  queue q;
  long errors = 0;
  for (int i = 0; i < 300; ++i) {
    std::vector<int> out(32, -1);
    {
      // No host data: its release goes to the pool when the last accessor dies.
      buffer<int> scratch{range<1>(32)};
      buffer<int> result{out.data(), range<1>(32)};
      q.submit([&](handler &h) { h.fill(accessor(scratch, h, write_only), i); });
      q.submit([&](handler &h) {
        h.copy(accessor(scratch, h, read_only), accessor(result, h, write_only));
      });
    }
    for (int v : out)
      errors += v != i;
  }
  // Buffers dropped with their fill still pending, never waited on by name.
  for (int i = 0; i < 300; ++i) {
    buffer<float> b{range<1>(16)};
    q.submit([&](handler &h) { h.fill(accessor(b, h, write_only), 1.0f); });
  }
  q.wait();
  std::printf("errors %ld\n", errors);
  // CHECK: errors 0
}
