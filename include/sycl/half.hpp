// sycl::half: clang's _Float16 in host and device compiles. Kernels that use
// it need aspect::fp16: the runtime raises errc::kernel_not_supported on
// devices without it (runtime/core/kernel_requirements.h).
//
// clang-15 has no _Float16 for NVPTX; there the device compile uses __fp16
// with native half arithmetic (syclcc passes -fnative-half-type), the same
// two-byte IEEE binary16 in the same layout.
#pragma once

namespace sycl {
#if defined(__NVPTX__) && defined(__SYCL_DEVICE_ONLY__)
using half = __fp16;
#else
using half = _Float16;
#endif
} // namespace sycl
