// SYCL 1.2.1 names that SYCL 2020 deprecates but keeps, as existing
// benchmark suites use them: the device_selector class hierarchy (a derived
// user selector, cpu_selector, default_selector::select_device), on
// whatever device runs the suite,
// accessor<..., target::local> as a local accessor, group::get_id.
// RUN: %syclcc -O1 -Wno-deprecated-declarations %s -o %t && %t | FileCheck %s
// CHECK: 3 107 104 selectors agree
#include <sycl/sycl.hpp>
#include <cstdio>
class Sel : public sycl::device_selector {
public:
  int operator()(const sycl::device &D) const override { return D.is_gpu() ? 20 : D.is_cpu() ? 10 : -1; }
};
int main() {
  sycl::queue Q{Sel{}};
  sycl::device Dev = sycl::default_selector{}.select_device();
  // cpu_selector scores CPUs, and only CPUs, as acceptable.
  const bool CpuScored = (sycl::cpu_selector{}(Q.get_device()) >= 0) == Q.get_device().is_cpu();
  int *Out = sycl::malloc_shared<int>(8, Q);
  Q.submit([&](sycl::handler &H) {
    sycl::accessor<int, 1, sycl::access::mode::read_write, sycl::access::target::local> S{sycl::range<1>{4}, H};
    H.parallel_for(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1> It) {
      S[It.get_local_id(0)] = int(It.get_global_id(0));
      sycl::group_barrier(It.get_group());
      Out[It.get_global_id(0)] = S[3 - It.get_local_id(0)] + int(It.get_group().get_id(0)) * 100;
    });
  }).wait();
  std::printf("%d %d %d %s\n", Out[0], Out[4], Out[7],
              CpuScored && Dev == Q.get_device() ? "selectors agree" : "selectors disagree");
  sycl::free(Out, Q);
}
