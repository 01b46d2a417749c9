// The kernel class and device images of a bundle (SYCL 2020 4.11.13-14):
// get_kernel by id and by name, its info queries (the work-group size comes
// from the backend), its bundle, context and backend, and iteration over the
// bundle's device images.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

class K;
class Other;

int main() {
  sycl::queue q;
  sycl::device dev = q.get_device();
  sycl::context ctx = q.get_context();
  int *out = sycl::malloc_shared<int>(2, q);
  q.single_task<K>([=] { out[0] = 1; }).wait();
  q.single_task<Other>([=] { out[1] = 2; }).wait();

  auto exe = sycl::get_kernel_bundle<K, sycl::bundle_state::executable>(ctx);
  sycl::kernel k = exe.get_kernel<K>();
  size_t wg = k.get_info<sycl::info::kernel_device_specific::work_group_size>(dev);
  std::printf("wg >= 1: %d, <= device max: %d\n", int(wg >= 1),
              int(wg <= dev.get_info<sycl::info::device::max_work_group_size>()));
  // CHECK: wg >= 1: 1, <= device max: 1
  std::printf("num_args >= 1: %d\n", int(k.get_info<sycl::info::kernel::num_args>() >= 1));
  // CHECK: num_args >= 1: 1
  std::printf("same kernel: %d, bundle has K: %d, context: %d, backend: %d\n",
              int(k == exe.get_kernel(sycl::get_kernel_id<K>())),
              int(k.get_kernel_bundle().has_kernel<K>()), int(k.get_context() == ctx),
              int(k.get_backend() == q.get_backend()));
  // CHECK: same kernel: 1, bundle has K: 1, context: 1, backend: 1

  // Iteration finds the image holding K; Other is not in this bundle, so no
  // image of it claims Other even where the image holds both.
  int holding_k = 0, holding_other = 0;
  for (const sycl::device_image<sycl::bundle_state::executable> &img : exe) {
    holding_k += img.has_kernel(sycl::get_kernel_id<K>(), dev);
    holding_other += img.has_kernel(sycl::get_kernel_id<Other>());
  }
  std::printf("images holding K: %d, holding Other: %d\n", holding_k, holding_other);
  // CHECK: images holding K: 1, holding Other: 0

  try {
    (void)exe.get_kernel<Other>();
    std::printf("get_kernel<Other>: no exception\n");
  } catch (const sycl::exception &e) {
    std::printf("get_kernel<Other>: %s\n", e.code() == sycl::errc::invalid ? "errc::invalid" : e.what());
  }
  // CHECK: get_kernel<Other>: errc::invalid

  sycl::free(out, q);
  std::printf("done\n");
  // CHECK: done
}
