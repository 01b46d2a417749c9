// A stand-in for sycl::handler that exercises only the kernel-launch contract
// of include/sycl/detail/kernel_launch.hpp, so that the plugin tests do not
// depend on the runtime.
#pragma once
#include <sycl/detail/kernel_launch.hpp>

struct mini_handler {
  template <typename Name = sycl::detail::auto_name, typename F> void single_task(const F &K) {
    sycl::detail::launch_single_task<Name>(*this, K);
  }
  template <typename Name = sycl::detail::auto_name, int Dims, typename F>
  void parallel_for(sycl::range<Dims> R, const F &K) {
    sycl::detail::launch_parallel_for<Name>(*this, R, K);
  }
  void launch(const smcp::detail::kernel_info *Info, const void *, size_t,
              const sycl::detail::launch_range &) {
    Last = Info;
  }
  const smcp::detail::kernel_info *Last = nullptr;
};
