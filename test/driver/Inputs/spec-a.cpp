#include "spec-shared.h"
#include <cstdio>
namespace {
constexpr sycl::specialization_id<int> local_id{1}; // distinct from spec-b.cpp's
}
static constexpr sycl::specialization_id<long> static_id{2};
int main() {
  sycl::queue q;
  int *r = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<shared_id>(11);
     h.set_specialization_constant<local_id>(3);
     h.single_task([=](sycl::kernel_handler kh) {
       *r = kh.get_specialization_constant<shared_id>() * 10000 +
            kh.get_specialization_constant<local_id>() * 1000 +
            int(kh.get_specialization_constant<static_id>()) * 100 +
            kh.get_specialization_constant<S::member_id>();
     });
   }).wait();
  std::printf("a: %d\n", *r);
  std::printf("b: %d\n", run_b(q, 12, 4));
  sycl::free(r, q);
}
