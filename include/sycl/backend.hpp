// sycl::backend: the backends SMCP has adapters for.
#pragma once

namespace sycl {

enum class backend : int {
  opencl = 1,
  ext_oneapi_level_zero = 2,
  ext_oneapi_cuda = 3,
};

} // namespace sycl
