// sycl::backend: the backends SMCP has adapters for.
#pragma once

#include "detail/abi/backends.h"

namespace sycl {

/// Numbered as the runtime's backend ids (detail/abi/backends.h).
enum class backend : int {
  opencl = int(smcp::abi::backend_id::opencl),
  ext_oneapi_level_zero = int(smcp::abi::backend_id::level_zero),
  ext_oneapi_cuda = int(smcp::abi::backend_id::cuda),
};

} // namespace sycl
