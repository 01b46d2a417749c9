// SYCL 2020 §5.8.1's kernel attributes on a kernel functor, after a kernel
// lambda's parameters and on a SYCL_EXTERNAL function (kernel-attributes.test).
#include <sycl/sycl.hpp>

SYCL_EXTERNAL [[sycl::device_has(sycl::aspect::fp64)]] double twice(double X);
SYCL_EXTERNAL [[sycl::device_has(sycl::aspect::fp64)]] double twice(double X) { return 2 * X; }

struct Kernel {
  double *Out;
  [[sycl::device_has(sycl::aspect::fp64)]] [[sycl::reqd_work_group_size(4)]]
  [[sycl::reqd_sub_group_size(8)]] [[sycl::work_group_size_hint(4)]]
  void operator()(sycl::nd_item<1> It) const { Out[It.get_global_id(0)] = twice(1.0); }
};

#ifdef TYPO
[[sycl::device_hass(sycl::aspect::fp64)]] void typo();
#endif

void run(sycl::queue &Q, double *Out) {
  Q.parallel_for(sycl::nd_range<1>(8, 4), Kernel{Out});
  Q.parallel_for(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1> It)
                     [[sycl::device_has(sycl::aspect::fp64)]] [[sycl::reqd_work_group_size(4)]]
                     [[sycl::reqd_sub_group_size(8)]] [[sycl::work_group_size_hint(4)]] {
                       Out[It.get_global_id(0)] = twice(2.0);
                     });
}
