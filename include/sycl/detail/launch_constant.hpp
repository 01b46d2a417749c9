// Launch constants: words of a kernel's arguments that select its code paths,
// which a program compiled at launch (spir64) is specialized on, so that the
// backend's compiler folds the choice away (device-passes/LaunchConstants.cpp,
// runtime/core/launch_constants.h). An image's format and sampler are such
// words: every read dispatches on them.
#pragma once

#include "image_layout.hpp"

#include <cstdint>

#if defined(__SYCL_DEVICE_ONLY__) && defined(__SPIR__)
// Where the runtime can read Value before the launch (a word of a by-value
// argument), the program is specialized on it; elsewhere it is Value.
extern "C" __attribute__((const, nothrow)) uint32_t __smcp_launch_constant(uint32_t Value);
#endif

namespace sycl::detail {

/// v, which selects a code path, marked for specialization at launch on
/// targets compiled when the program is built (spir64). A value the kernel's
/// own code fixes (a sampler made in the kernel) stays a constant that the
/// compiler folds, unmarked.
inline uint32_t launch_constant(uint32_t v) {
#if defined(__SYCL_DEVICE_ONLY__) && defined(__SPIR__)
  return __builtin_constant_p(v) ? v : __smcp_launch_constant(v);
#else
  return v;
#endif
}

#if defined(__SYCL_DEVICE_ONLY__) && defined(__SPIR__)
/// l with its format, texel size and sampler marked as launch constants:
/// specialized on them, a program holds only the code of the images it reads
/// (a 5x5 convolution through a sampled image ran 4.5 times faster on PoCL).
inline image_layout launch_specialized(const image_layout &l) {
  image_layout k = l;
  k.order = launch_constant(l.order);
  k.type = launch_constant(l.type);
  k.texel_bytes = launch_constant(l.texel_bytes);
  k.sampler = launch_constant(l.sampler);
  return k;
}
#else
inline const image_layout &launch_specialized(const image_layout &l) { return l; }
#endif

} // namespace sycl::detail
