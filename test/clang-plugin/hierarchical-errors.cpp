// parallel_for_work_group's kernel must take a group of the range's
// dimensions: anything else is a compile error that says so.
// RUN: %clang_device -fsyntax-only -Xclang -verify %s

#include <sycl/sycl.hpp>

void submit(sycl::handler &H) {
  // expected-error-re@sycl/detail/kernel_launch.hpp:* 2 {{static assertion failed{{.*}}parallel_for_work_group: the kernel must take a sycl::group of the range's dimensions}}
  // expected-note@sycl/handler.hpp:* 2 {{in instantiation of function template specialization 'sycl::detail::launch_work_group}}
  H.parallel_for_work_group(sycl::range<1>(4), [=](sycl::nd_item<1>) {}); // expected-note {{requested here}}
  H.parallel_for_work_group(sycl::range<2>(4, 4), sycl::range<2>(2, 2), // expected-note {{requested here}}
                            [=](sycl::group<1>) {});
  H.parallel_for_work_group(sycl::range<1>(4), [=](sycl::group<1> G) {
    G.parallel_for_work_item([&](sycl::h_item<1>) {});
  });
}
