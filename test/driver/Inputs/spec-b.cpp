#include "spec-shared.h"
namespace {
constexpr sycl::specialization_id<int> local_id{5};
}
int run_b(sycl::queue &q, int shared, int local) {
  int *r = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<shared_id>(shared);
     h.set_specialization_constant<local_id>(local);
     h.single_task([=](sycl::kernel_handler kh) {
       *r = kh.get_specialization_constant<shared_id>() * 10000 +
            kh.get_specialization_constant<local_id>() * 1000 +
            kh.get_specialization_constant<S::member_id>();
     });
   }).wait();
  int v = *r;
  sycl::free(r, q);
  return v;
}
