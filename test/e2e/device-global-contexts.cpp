// One device_global instance per (device, context) (DG-5): a kernel writes
// 42 in context A; a queue on a second context of the same device reads the
// zero-initialised value of its own instance, by kernel and by copy, and its
// writes do not reach context A, which still reads 42. A second queue on
// context A shares A's instance, which outlives A's queues; contexts created
// one after another each get a fresh instance.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

using namespace sycl::ext::oneapi::experimental;

device_global<int> dg;
device_global<int[2]> arr;

class Write;
class Read;

static int read_kernel(sycl::queue &q) {
  int *out = sycl::malloc_shared<int>(3, q);
  q.single_task<Read>([=] {
    out[0] = dg;
    out[1] = arr[0];
    out[2] = arr[1];
  }).wait();
  int v = out[0] * 10000 + out[1] * 100 + out[2];
  sycl::free(out, q);
  return v;
}

static int read_copy(sycl::queue &q) {
  int v = -1, a[2] = {-1, -1};
  q.copy(dg, &v).wait();
  q.copy(arr, a).wait();
  return v * 10000 + a[0] * 100 + a[1];
}

int main() {
  sycl::device dev = sycl::device(sycl::default_selector_v);
  sycl::queue q1(sycl::context(dev), dev);
  q1.single_task<Write>([=] {
    dg = 42;
    arr[0] = 1;
    arr[1] = 2;
  }).wait();
  std::printf("A: kernel %d copy %d\n", read_kernel(q1), read_copy(q1));
  // CHECK: A: kernel 420102 copy 420102

  sycl::context other(dev);
  sycl::queue q2(other, dev);
  std::printf("contexts differ: %d\n", q1.get_context() != q2.get_context());
  // CHECK: contexts differ: 1
  int copied = read_copy(q2); // before any kernel ran in context B
  std::printf("B: copy %d kernel %d\n", copied, read_kernel(q2));
  // CHECK: B: copy 0 kernel 0

  // B's instance is its own: write it by copy and by kernel.
  int seven = 7;
  q2.copy(&seven, dg).wait();
  q2.single_task([=] { arr[1] = dg + 1; }).wait();
  std::printf("B after writes: kernel %d copy %d\n", read_kernel(q2), read_copy(q2));
  // CHECK: B after writes: kernel 70008 copy 70008

  std::printf("A again: kernel %d copy %d\n", read_kernel(q1), read_copy(q1));
  // CHECK: A again: kernel 420102 copy 420102

  // Another queue on context A shares its instance.
  sycl::queue q3(q1.get_context(), dev);
  std::printf("A, second queue: kernel %d copy %d\n", read_kernel(q3), read_copy(q3));
  // CHECK: A, second queue: kernel 420102 copy 420102

  // Context A's instances belong to the context, not to its queues.
  sycl::context ctx_a = q1.get_context();
  q1 = q2; // drops the last queues of A
  q3 = q2;
  {
    sycl::queue q5(ctx_a, dev);
    std::printf("A, after its queues went: copy %d\n", read_copy(q5));
    // CHECK: A, after its queues went: copy 420102
  }

  // Contexts created and destroyed one after the other each start afresh
  // (their handles may be reused).
  for (int i = 0; i < 3; ++i) {
    sycl::queue q4(sycl::context(dev), dev);
    int v = -1;
    q4.copy(dg, &v).wait();
    int k = read_kernel(q4);
    q4.single_task([=] { dg = 50 + i; }).wait();
    std::printf("C%d: copy %d kernel %d\n", i, v, k);
  }
  // CHECK: C0: copy 0 kernel 0
  // CHECK: C1: copy 0 kernel 0
  // CHECK: C2: copy 0 kernel 0
  return 0;
}
