// device_image_scope (DG-10, DG-12): a variable a kernel uses can be copied
// to before that kernel ever ran (the copy initialises it), the kernel sees
// and updates the copied value, and copies back see the update; copying a
// device_image_scope variable that no kernel uses throws
// errc::kernel_not_supported, in either direction, for copy and memcpy,
// from the queue and the handler.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O2 -fsycl-device-code-split=per_kernel %s -o %t.split && %t.split | FileCheck %s
// RUN: %syclcc -O0 %s -o %t.O0 && %t.O0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

using namespace sycl::ext::oneapi::experimental;
using Scoped = decltype(properties(device_image_scope));

device_global<int, Scoped> used;
device_global<int[4], Scoped> used_arr;
device_global<int[2], Scoped> read_first; // first touched by a copy from it
device_global<int, Scoped> unused;
device_global<int, decltype(properties(device_image_scope, host_access_read))> unused_read;

class Inc;
struct IncKernel {
  void operator()() const {
    used += 1;
    for (int j = 0; j < 4; ++j)
      used_arr[j] += j;
    read_first[0] += 5;
  }
};

template <typename F> void expect_not_supported(const char *what, F f) {
  try {
    f();
    std::printf("%s: no exception\n", what);
  } catch (const sycl::exception &e) {
    std::printf("%s: %s\n", what,
                e.code() == sycl::errc::kernel_not_supported ? "kernel_not_supported" : e.what());
  }
}

int main() {
  sycl::queue q;

  int v = 10, a[4] = {1, 2, 3, 4}, r[2] = {-1, -1};
  q.copy(read_first, r).wait(); // the initial value, before any kernel
  q.copy(&v, used).wait();
  q.memcpy(used_arr, a + 1, 8, 4).wait(); // elements 1 and 2
  std::printf("before: [%d %d]\n", r[0], r[1]);
  // CHECK: before: [0 0]

  for (int i = 0; i < 3; ++i)
    q.single_task<Inc>(IncKernel{}).wait();

  int back = -1, arr[4] = {-1, -1, -1, -1};
  q.copy(used, &back).wait();
  q.copy(used_arr, arr).wait();
  q.copy(read_first, r).wait();
  std::printf("after: %d [%d %d %d %d] [%d %d]\n", back, arr[0], arr[1], arr[2], arr[3], r[0], r[1]);
  // CHECK: after: 13 [0 5 9 9] [15 0]

  // A host write between launches is seen by the next launch.
  v = 100;
  q.submit([&](sycl::handler &h) { h.copy(&v, used); }).wait();
  q.single_task<Inc>(IncKernel{}).wait();
  q.submit([&](sycl::handler &h) { h.memcpy(&back, used); }).wait();
  std::printf("host write: %d\n", back);
  // CHECK: host write: 101

  int x = 0;
  expect_not_supported("copy to unused", [&] { q.copy(&x, unused).wait(); });
  expect_not_supported("copy from unused", [&] { q.copy(unused, &x).wait(); });
  expect_not_supported("memcpy to unused", [&] { q.memcpy(unused, &x).wait(); });
  expect_not_supported("memcpy from unused", [&] { q.memcpy(&x, unused, 4, 0, sycl::event{}).wait(); });
  expect_not_supported("handler copy from unused",
                       [&] { q.submit([&](sycl::handler &h) { h.copy(unused, &x); }).wait(); });
  expect_not_supported("handler memcpy to unused",
                       [&] { q.submit([&](sycl::handler &h) { h.memcpy(unused, &x); }).wait(); });
  expect_not_supported("copy from unused_read", [&] { q.copy(unused_read, &x).wait(); });
  // CHECK: copy to unused: kernel_not_supported
  // CHECK-NEXT: copy from unused: kernel_not_supported
  // CHECK-NEXT: memcpy to unused: kernel_not_supported
  // CHECK-NEXT: memcpy from unused: kernel_not_supported
  // CHECK-NEXT: handler copy from unused: kernel_not_supported
  // CHECK-NEXT: handler memcpy to unused: kernel_not_supported
  // CHECK-NEXT: copy from unused_read: kernel_not_supported
  return 0;
}
