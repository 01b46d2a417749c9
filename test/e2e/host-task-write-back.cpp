// Regression: when a buffer's last command was a host_task with a
// target::host_task accessor, nothing was written back at its destruction -
// not even an earlier kernel's result. The task's captured accessor kept the
// buffer's memory alive, and the destructor rules (4.7.2.3) only ran when
// that last reference went, after main had read the host data.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

using namespace sycl;

template <typename Acc> void slow_host_task(handler &h, Acc a, int add) {
  h.host_task([=] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    a[0] += add;
  });
}

int main() {
  queue q;
  std::vector<int> v(16, 0), w(16, 0), s(16, 0);
  {
    buffer<int> b{v.data(), range<1>(16)};
    q.submit([&](handler &h) {
      accessor a(b, h, write_only);
      h.parallel_for(range<1>(16), [=](id<1> i) { a[i] = int(i[0]) + 1; });
    });
    q.submit([&](handler &h) { slow_host_task(h, accessor(b, h, read_write_host_task), 100); });
  }
  // CHECK: read_write: 101 2 16
  std::printf("read_write: %d %d %d\n", v[0], v[1], v[15]);

  {
    buffer<int> b{w.data(), range<1>(16)};
    q.submit([&](handler &h) {
      accessor a(b, h, write_only);
      h.parallel_for(range<1>(16), [=](id<1> i) { a[i] = 7; });
    });
    q.submit([&](handler &h) {
      accessor a(b, h, read_only_host_task);
      h.host_task([=] { std::this_thread::sleep_for(std::chrono::milliseconds(20)); (void)a[0]; });
    });
  }
  // CHECK: read_only: 7 7
  std::printf("read_only: %d %d\n", w[0], w[15]);

  // A sub-buffer's host task is the last command; the parent goes first.
  {
    buffer<int> parent{s.data(), range<1>(16)};
    buffer<int> sub{parent, id<1>(8), range<1>(8)};
    q.submit([&](handler &h) {
      accessor a(parent, h, write_only);
      h.parallel_for(range<1>(16), [=](id<1> i) { a[i] = 3; });
    });
    q.submit([&](handler &h) { slow_host_task(h, accessor(sub, h, read_write_host_task), 40); });
  }
  // CHECK: sub-buffer: 3 43 3
  std::printf("sub-buffer: %d %d %d\n", s[0], s[8], s[15]);
}
