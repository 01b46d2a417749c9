// Sampled image reads (SYCL 2020 4.7.8): how a sampler's addressing,
// filtering and coordinate normalisation turn floating-point coordinates into
// texels, following the rules of OpenCL 1.2 8.2 that SYCL takes over. Shared
// by kernels and host sampled accessors (image_texels.hpp says why).
#pragma once

#include "image_texels.hpp"

#if defined(__NVPTX__) && defined(__SYCL_DEVICE_ONLY__)
// Reads of a 2-D backend texture at (x, y) in the texture's own coordinates:
// its four channels as float, int or unsigned (device-passes/LowerToNVPTX.cpp
// makes each one PTX tex.2d.v4 instruction).
typedef float __smcp_float4 __attribute__((ext_vector_type(4)));
typedef int __smcp_int4 __attribute__((ext_vector_type(4)));
typedef unsigned __smcp_uint4 __attribute__((ext_vector_type(4)));
extern "C" __attribute__((pure, nothrow)) __smcp_float4
__smcp_texture_2d_f32(unsigned long long Texture, float X, float Y);
extern "C" __attribute__((pure, nothrow)) __smcp_int4
__smcp_texture_2d_i32(unsigned long long Texture, float X, float Y);
extern "C" __attribute__((pure, nothrow)) __smcp_uint4
__smcp_texture_2d_u32(unsigned long long Texture, float X, float Y);
// Whether a sampled accessor's texture word holds a texture. Each kernel that
// asks has a second version in which every answer is true, launched when all
// its sampled accessors have one (device-passes/TexturedKernelVariants.cpp):
// its reads then have no branch to the code path between them.
extern "C" __attribute__((const, nothrow)) bool __smcp_has_texture(unsigned long long Texture);
#endif

namespace sycl {

enum class addressing_mode : unsigned { mirrored_repeat, repeat, clamp_to_edge, clamp, none };
enum class filtering_mode : unsigned { nearest, linear };
enum class coordinate_normalization_mode : unsigned { normalized, unnormalized };

namespace detail {

/// A sampler in one word, as image accessors carry it: addressing in bits
/// 0-2, linear filtering in bit 3, normalized coordinates in bit 4.
constexpr uint32_t sampler_bits(addressing_mode a, filtering_mode f,
                                coordinate_normalization_mode c) {
  return uint32_t(a) | (f == filtering_mode::linear ? 8u : 0u) |
         (c == coordinate_normalization_mode::normalized ? 16u : 0u);
}
constexpr addressing_mode sampler_addressing(uint32_t bits) { return addressing_mode(bits & 7); }
constexpr bool sampler_linear(uint32_t bits) { return (bits & 8) != 0; }
constexpr bool sampler_normalized(uint32_t bits) { return (bits & 16) != 0; }

/// floor to an integer: the built-in floor becomes a library call on some
/// devices (PoCL), in the innermost loop of every sampled read, so it is
/// integer arithmetic there and PTX's own conversion on NVPTX. Coordinates
/// beyond +-2^31 are clamped (no image has such sizes).
inline int floor_to_int(float v) {
#if defined(__NVPTX__) && defined(__SYCL_DEVICE_ONLY__)
  return __nvvm_f2i_rm(v); // one instruction: rounds down, saturates, NaN to 0
#else
  v = v != v ? 0.0f : clampf(v, -2e9f, 2e9f); // NaN coordinates address texel 0
  const int i = int(v);
  return i - (float(i) > v ? 1 : 0);
#endif
}
inline float floorf_(float v) { return float(floor_to_int(v)); }
inline int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

/// The texels one coordinate reaches along one axis of n texels: i0 alone
/// (weight 1) for nearest filtering, i0 and i1 with weights 1-a and a for
/// linear filtering.
struct axis_taps {
  int i0, i1;
  float a;
};

inline axis_taps address_repeat(float s, int n, bool linear, bool mirrored) {
  float u;
  if (mirrored) {
    const float m = 2.0f * __builtin_rintf(0.5f * s);
    u = __builtin_fabsf(s - m) * float(n);
  } else {
    u = (s - floorf_(s)) * float(n);
  }
  if (!linear) {
    const int i = floor_to_int(u);
    return {i > n - 1 ? (mirrored ? n - 1 : i - n) : i, 0, 0.0f};
  }
  const float v = u - 0.5f;
  int i0 = floor_to_int(v), i1 = i0 + 1;
  if (mirrored) {
    i0 = i0 < 0 ? 0 : i0;
    i1 = i1 > n - 1 ? n - 1 : i1;
  } else {
    i0 = i0 < 0 ? i0 + n : i0;
    i1 = i1 > n - 1 ? i1 - n : i1;
  }
  return {i0, i1, v - floorf_(v)};
}

inline axis_taps address_axis(float s, int n, uint32_t sampler, bool linear) {
  const addressing_mode mode = sampler_addressing(sampler);
  if (mode == addressing_mode::repeat || mode == addressing_mode::mirrored_repeat)
    return address_repeat(s, n, linear, mode == addressing_mode::mirrored_repeat);
  const float u = sampler_normalized(sampler) ? s * float(n) : s;
  // clamp_to_edge stays inside; clamp may reach one texel of border on each
  // side; none leaves the index as it is (fetch_texel keeps memory safe).
  auto fix = [&](int i) {
    if (mode == addressing_mode::clamp_to_edge)
      return clampi(i, 0, n - 1);
    if (mode == addressing_mode::clamp)
      return clampi(i, -1, n);
    return i;
  };
  if (!linear)
    return {fix(floor_to_int(u)), 0, 0.0f};
  const float v = u - 0.5f;
  const int i0 = floor_to_int(v);
  return {fix(i0), fix(i0 + 1), v - floorf_(v)};
}

#if defined(__NVPTX__) && defined(__SYCL_DEVICE_ONLY__)
/// The texture read that returns channels of type E.
template <typename E> auto texture_2d(uint64_t texture, float x, float y) {
  if constexpr (std::is_same_v<E, float>)
    return __smcp_texture_2d_f32(texture, x, y);
  else if constexpr (std::is_signed_v<E>)
    return __smcp_texture_2d_i32(texture, x, y);
  else
    return __smcp_texture_2d_u32(texture, x, y);
}
#endif

/// A sampled read of the image at `base` with `Dims` coordinates; `layer` is
/// the index along the axis after them (an image array's layer, else 0). Linear
/// filtering applies to floating-point reads; integer reads take the nearest
/// texel.
template <int Dims, typename E>
void sample_texel(const unsigned char *base, const image_layout &l, uint32_t sampler,
                  const float *coords, int layer, E out[4]) {
  const bool linear = sampler_linear(sampler) && !std::is_integral_v<E>;
  axis_taps taps[3];
  for (int d = 0; d < 3; ++d) {
    const int fixed = d == Dims ? layer : 0;
    taps[d] = d < Dims ? address_axis(coords[d], l.size[d], sampler, linear)
                       : axis_taps{fixed, fixed, 0.0f};
  }
  if (!linear) {
    fetch_texel(base, l, taps[0].i0, taps[1].i0, taps[2].i0, out);
    return;
  }
  float sum[4] = {0, 0, 0, 0};
  for (int corner = 0; corner < (1 << Dims); ++corner) {
    int at[3];
    float weight = 1.0f;
    for (int d = 0; d < 3; ++d) {
      const bool far = d < Dims && (corner >> d) & 1;
      at[d] = far ? taps[d].i1 : taps[d].i0;
      if (d < Dims)
        weight *= far ? taps[d].a : 1.0f - taps[d].a;
    }
    E texel[4];
    fetch_texel(base, l, at[0], at[1], at[2], texel);
    for (int c = 0; c < 4; ++c)
      sum[c] += weight * float(texel[c]);
  }
  for (int c = 0; c < 4; ++c)
    out[c] = E(sum[c]);
}

} // namespace detail
} // namespace sycl
