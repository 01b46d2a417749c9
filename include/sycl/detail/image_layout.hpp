// How an image's texels lie in memory: the one description that image
// accessors carry into kernels, that host accessors read through and that
// the runtime turns into a backend texture for a sampled image accessor
// (runtime/core/texture_cache.h). Kept apart from the texel conversions
// (image_texels.hpp) so that memory_base.hpp can name it cheaply.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sycl::detail {

/// How an image's texels lie in memory (x fastest, then rows, then slices or
/// array layers). Part of every image accessor, host and device alike.
struct image_layout {
  /// The most texels an axis may hold: coordinates are int (SMCP's own limit,
  /// which the image size queries report on every backend).
  static constexpr int32_t max_extent = INT32_MAX;

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

} // namespace sycl::detail
