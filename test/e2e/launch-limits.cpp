// Regression: a range beyond what the device can run (2^62 work-items) aborted
// inside PoCL (its CPU scheduler counts work-groups in 32 bits and asserts).
// It is a synchronous errc::nd_range exception naming the limit, and the
// queue stays usable.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

using namespace sycl;

template <typename F> void expect_nd_range_error(const char *what, F launch) {
  try {
    launch();
    std::printf("%s: no exception\n", what);
  } catch (const sycl::exception &e) {
    std::printf("%s: %s, %s\n", what, e.code() == errc::nd_range ? "nd_range" : "other",
                std::strstr(e.what(), "work-groups") ? "names the limit" : e.what());
  }
}

int main() {
  queue q;
  int *p = malloc_shared<int>(1, q);
  *p = 0;
  // CHECK: range 2^62: nd_range, names the limit
  expect_nd_range_error("range 2^62", [&] {
    q.parallel_for(range<1>(size_t(1) << 62), [=](id<1> i) {
       if (i[0] == 0)
         *p = 1;
     }).wait();
  });
  // CHECK: 3-d range: nd_range, names the limit
  expect_nd_range_error("3-d range", [&] {
    q.parallel_for(range<3>(size_t(1) << 21, size_t(1) << 21, size_t(1) << 21),
                   [=](item<3>) {}).wait();
  });
  // CHECK: nd_range of 2^40 groups: nd_range, names the limit
  expect_nd_range_error("nd_range of 2^40 groups", [&] {
    q.parallel_for(nd_range<1>(size_t(1) << 41, 2), [=](nd_item<1>) {}).wait();
  });
  q.single_task([=] { *p = 42; }).wait();
  // CHECK: queue still runs kernels: 42
  std::printf("queue still runs kernels: %d\n", *p);
  free(p, q);
}
