// How an image's texels lie in memory: the one description that image
// accessors carry into kernels, that host accessors read through and that
// the runtime turns into a backend texture for a sampled image accessor
// (runtime/core/texture_cache.h). Kept apart from the texel conversions
// (image_texels.hpp) so that memory_base.hpp can name it cheaply.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__SYCL_DEVICE_ONLY__) && defined(__SPIR__)
// A word of the kernel's arguments that selects a code path: where the
// runtime can read it before the launch, the program is specialized on it
// (device-passes/LaunchConstants.cpp); elsewhere it is Value.
extern "C" __attribute__((const, nothrow)) uint32_t __smcp_launch_constant(uint32_t Value);
#endif

namespace sycl::detail {

/// How an image's texels lie in memory (x fastest, then rows, then slices or
/// array layers). Part of every image accessor, host and device alike.
struct image_layout {
  int32_t size[3] = {1, 1, 1}; // width, height, depth (or layers); 1 beyond the image's dimensions
  uint32_t order = 0;          // image_channel_order
  uint32_t type = 0;           // image_channel_type
  uint32_t texel_bytes = 0;
  uint32_t sampler = 0;        // a sampled accessor's sampler (sampler_bits)
  uint32_t reserved = 0;
  uint64_t row_pitch = 0, slice_pitch = 0;

  size_t offset(int x, int y, int z) const {
    return size_t(z) * slice_pitch + size_t(y) * row_pitch + size_t(x) * texel_bytes;
  }
  bool inside(int x, int y, int z) const {
    return x >= 0 && y >= 0 && z >= 0 && x < size[0] && y < size[1] && z < size[2];
  }
};

/// v, which selects a code path, marked for specialization at launch on
/// targets compiled when the program is built (spir64).
inline uint32_t launch_constant(uint32_t v) {
#if defined(__SYCL_DEVICE_ONLY__) && defined(__SPIR__)
  return __builtin_constant_p(v) ? v : __smcp_launch_constant(v);
#else
  return v;
#endif
}

#if defined(__SYCL_DEVICE_ONLY__) && defined(__SPIR__)
/// l with its format, texel size and sampler marked as launch constants: each
/// read and write dispatches on them, and specialized on them a program has
/// only the code of the image it reads (3 times faster on PoCL).
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
