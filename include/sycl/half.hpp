// sycl::half: clang's _Float16 in host and device compiles. Kernels that use
// it need aspect::fp16: the runtime raises errc::kernel_not_supported on
// devices without it (runtime/core/kernel_requirements.h).
#pragma once

namespace sycl {
using half = _Float16;
} // namespace sycl
