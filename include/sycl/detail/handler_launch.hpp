// handler::smcp_launch: unpacks the compiler side's launch_range into the
// plain values the runtime takes. Included by <sycl/sycl.hpp> after
// kernel_launch.hpp, which defines launch_range.
#pragma once

#include "../handler.hpp"
#include "kernel_launch.hpp"

namespace sycl {

inline void handler::smcp_launch(const smcp::detail::kernel_info *Info, const void *Functor,
                                 size_t FunctorSize, const detail::launch_range &R) {
  smcp_launch_kernel(Info, Functor, FunctorSize, R.dims, R.global, R.local, R.offset);
}

} // namespace sycl
