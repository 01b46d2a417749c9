// Texels of SYCL images (SYCL 2020 4.7.3): the channel orders and types, how
// an image's texels lie in memory, and the conversion of one texel between
// its memory format and the four channels (r, g, b, a) that reads return and
// writes take. The same code runs in kernels and in host accessors: an image
// is plain memory of the runtime's memory objects, read and written through
// these functions on every backend (docs/architecture.md, "SYCL images").
//
// Device code must not need aspect::fp16 for an image that does not hold half
// data, so fp16 channels are converted with integer operations here.
#pragma once

#include "image_layout.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace sycl {

enum class image_channel_order : unsigned {
  a,
  r,
  rx,
  rg,
  rgx,
  ra,
  rgb,
  rgbx,
  rgba,
  argb,
  bgra,
  intensity,
  luminance,
  abgr,
  ext_oneapi_srgba
};

enum class image_channel_type : unsigned {
  snorm_int8,
  snorm_int16,
  unorm_int8,
  unorm_int16,
  unorm_short_565,
  unorm_short_555,
  unorm_int_101010,
  signed_int8,
  signed_int16,
  signed_int32,
  unsigned_int8,
  unsigned_int16,
  unsigned_int32,
  fp16,
  fp32
};

namespace detail {

constexpr bool is_packed(image_channel_type t) {
  return t == image_channel_type::unorm_short_565 || t == image_channel_type::unorm_short_555 ||
         t == image_channel_type::unorm_int_101010;
}
constexpr bool is_integer(image_channel_type t) {
  return t >= image_channel_type::signed_int8 && t <= image_channel_type::unsigned_int32;
}

/// Channels a texel stores in memory (padding channels included).
constexpr unsigned channel_count(image_channel_order o) {
  switch (o) {
  case image_channel_order::a:
  case image_channel_order::r:
  case image_channel_order::intensity:
  case image_channel_order::luminance:
    return 1;
  case image_channel_order::rx:
  case image_channel_order::rg:
  case image_channel_order::ra:
    return 2;
  case image_channel_order::rgx:
  case image_channel_order::rgb:
    return 3;
  default:
    return 4;
  }
}

/// Bytes of one channel (0 for packed types, whose texel is one word).
constexpr unsigned channel_bytes(image_channel_type t) {
  switch (t) {
  case image_channel_type::snorm_int8:
  case image_channel_type::unorm_int8:
  case image_channel_type::signed_int8:
  case image_channel_type::unsigned_int8:
    return 1;
  case image_channel_type::snorm_int16:
  case image_channel_type::unorm_int16:
  case image_channel_type::signed_int16:
  case image_channel_type::unsigned_int16:
  case image_channel_type::fp16:
    return 2;
  case image_channel_type::signed_int32:
  case image_channel_type::unsigned_int32:
  case image_channel_type::fp32:
    return 4;
  default:
    return 0;
  }
}

constexpr unsigned texel_bytes(image_channel_order o, image_channel_type t) {
  if (t == image_channel_type::unorm_int_101010)
    return 4;
  if (is_packed(t))
    return 2;
  return channel_count(o) * channel_bytes(t);
}

/// Why (order, type) is no image format, or null when it is one (the
/// combinations OpenCL 3.0 5.3.1.1 defines, which SYCL images take over).
constexpr const char *format_problem(image_channel_order o, image_channel_type t) {
  if (unsigned(o) > unsigned(image_channel_order::ext_oneapi_srgba))
    return "an unknown image_channel_order";
  if (unsigned(t) > unsigned(image_channel_type::fp32))
    return "an unknown image_channel_type";
  if (is_packed(t) != (o == image_channel_order::rgb || o == image_channel_order::rgbx))
    return "the packed channel types (unorm_short_565, unorm_short_555, unorm_int_101010) "
           "go with the rgb and rgbx orders, and those orders with them only";
  if ((o == image_channel_order::intensity || o == image_channel_order::luminance) && is_integer(t))
    return "intensity and luminance images hold normalized or floating-point channels";
  if ((o == image_channel_order::argb || o == image_channel_order::bgra ||
       o == image_channel_order::abgr) &&
      channel_bytes(t) != 1)
    return "argb, bgra and abgr images have 8-bit channels";
  if (o == image_channel_order::ext_oneapi_srgba)
    return "ext_oneapi_srgba images are not supported by SMCP";
  return nullptr;
}

struct channel_format {
  image_channel_order order;
  image_channel_type type;
};

/// The layout of an image of `Range` texels (SYCL order: width first) with
/// the given pitches in bytes (null: tightly packed). Throws errc::invalid
/// for a format that is none or pitches smaller than the rows and slices
/// (runtime/api/image.cpp).
image_layout make_image_layout(channel_format Format, int Dims, const size_t *Range,
                               const size_t *Pitch);

// --- Memory access -------------------------------------------------------------

/// Channels are aligned to their size: image memory is an allocation's
/// start, and pitches are multiples of the texel (make_image_layout). GPUs
/// split loads they cannot prove aligned into bytes, so there the alignment
/// is stated; a CPU device may view a user's pointer, which SYCL does not
/// require to be aligned, and takes any address anyway.
#if defined(__NVPTX__) && defined(__SYCL_DEVICE_ONLY__)
template <size_t Align, typename P> P *aligned(P *p) {
  return static_cast<P *>(__builtin_assume_aligned(p, Align));
}
#else
template <size_t Align, typename P> P *aligned(P *p) { return p; }
#endif

template <typename T> T load(const unsigned char *p) {
  T v;
  __builtin_memcpy(&v, aligned<sizeof(T)>(p), sizeof(T));
  return v;
}
template <typename T> void store(unsigned char *p, T v) {
  __builtin_memcpy(aligned<sizeof(T)>(p), &v, sizeof(T));
}

inline float bits_to_float(uint32_t b) { return __builtin_bit_cast(float, b); }
inline uint32_t float_to_bits(float f) { return __builtin_bit_cast(uint32_t, f); }

/// IEEE binary16 to binary32 (exact).
inline float half_to_float(uint16_t h) {
  const uint32_t sign = uint32_t(h & 0x8000) << 16, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
  if (exp == 0x1f)
    return bits_to_float(sign | 0x7f800000 | (man << 13));
  if (exp != 0)
    return bits_to_float(sign | ((exp + 112) << 23) | (man << 13));
  // Zero or subnormal: man * 2^-24.
  const float magnitude = float(man) * bits_to_float(0x33800000);
  return sign ? -magnitude : magnitude;
}

/// binary32 to binary16, rounding to nearest even (OpenCL's write rounding).
inline uint16_t float_to_half(float f) {
  const uint32_t b = float_to_bits(f), sign = (b >> 16) & 0x8000;
  const uint32_t abs = b & 0x7fffffff;
  if (abs >= 0x7f800000) // inf, nan
    return uint16_t(sign | 0x7c00 | (abs > 0x7f800000 ? 0x200 : 0));
  if (abs >= 0x477ff000) // rounds past 65504
    return uint16_t(sign | 0x7c00);
  if (abs < 0x38800000) { // below 2^-14: a subnormal half (or zero)
    const float scaled = bits_to_float(abs) * bits_to_float(0x4b800000); // * 2^24
    return uint16_t(sign | uint32_t(__builtin_rintf(scaled)));
  }
  const uint32_t rounded = abs + 0xfff + ((abs >> 13) & 1); // to nearest even at bit 13
  return uint16_t(sign | ((rounded - 0x38000000) >> 13));
}

inline float clampf(float v, float lo, float hi) { return v < lo ? lo : (v > hi ? hi : v); }

/// A normalized channel: v in [lo, hi] as a stored integer of scale `scale`.
inline int32_t to_norm(float v, float lo, float scale) {
  if (v != v) // NaN
    return 0;
  return int32_t(__builtin_rintf(clampf(v, lo, 1.0f) * scale));
}

template <typename E> E saturate(int64_t v, int64_t lo, int64_t hi) {
  return E(v < lo ? lo : (v > hi ? hi : v));
}

/// A float channel read as E: integer reads of a float image are undefined in
/// SYCL; here they convert with saturation (NaN as 0), never undefined C++.
template <typename E> E real_to(float v) {
  if constexpr (std::is_integral_v<E>) {
    if (v != v)
      return E(0);
    const float lo = std::is_signed_v<E> ? -2147483648.0f : 0.0f;
    const float hi = std::is_signed_v<E> ? 2147483520.0f : 4294967040.0f; // largest below 2^31, 2^32
    return E(clampf(v, lo, hi));
  } else {
    return E(v);
  }
}

/// Channel c of a texel at p, as the element type E of the read.
template <typename E> E load_channel(const unsigned char *p, image_channel_type t, unsigned c) {
  using T = image_channel_type;
  constexpr bool real = !std::is_integral_v<E>; // float reads: normalized and fp values
  switch (t) {
  case T::unorm_int8:
    return real ? E(float(p[c]) / 255.0f) : E(p[c]);
  case T::unorm_int16:
    return real ? E(float(load<uint16_t>(p + 2 * c)) / 65535.0f) : E(load<uint16_t>(p + 2 * c));
  case T::snorm_int8: {
    const float v = float(int8_t(p[c])) / 127.0f;
    return real ? E(v < -1.0f ? -1.0f : v) : E(int8_t(p[c]));
  }
  case T::snorm_int16: {
    const int16_t raw = load<int16_t>(p + 2 * c);
    const float v = float(raw) / 32767.0f;
    return real ? E(v < -1.0f ? -1.0f : v) : E(raw);
  }
  case T::signed_int8:
    return E(int8_t(p[c]));
  case T::signed_int16:
    return E(load<int16_t>(p + 2 * c));
  case T::signed_int32:
    return E(load<int32_t>(p + 4 * c));
  case T::unsigned_int8:
    return E(p[c]);
  case T::unsigned_int16:
    return E(load<uint16_t>(p + 2 * c));
  case T::unsigned_int32:
    return E(load<uint32_t>(p + 4 * c));
  case T::fp16:
    return real_to<E>(half_to_float(load<uint16_t>(p + 2 * c)));
  case T::fp32:
    return real_to<E>(load<float>(p + 4 * c));
  default:
    return E(0);
  }
}

/// Stores channel c of a texel at p from the element type E of the write:
/// normalized channels round to nearest even and saturate, integer channels
/// saturate (OpenCL's write_image rules).
template <typename E>
void store_channel(unsigned char *p, image_channel_type t, unsigned c, E v) {
  using T = image_channel_type;
  const float f = float(v);
  // Float values for integer channels: rounded, NaN as 0, in range for int64_t.
  const int64_t i = std::is_integral_v<E> ? int64_t(v)
                    : f != f            ? 0
                                        : int64_t(__builtin_rintf(clampf(f, -4e18f, 4e18f)));
  switch (t) {
  case T::unorm_int8:
    return store<uint8_t>(p + c, uint8_t(to_norm(f, 0.0f, 255.0f)));
  case T::unorm_int16:
    return store<uint16_t>(p + 2 * c, uint16_t(to_norm(f, 0.0f, 65535.0f)));
  case T::snorm_int8:
    return store<int8_t>(p + c, int8_t(to_norm(f, -1.0f, 127.0f)));
  case T::snorm_int16:
    return store<int16_t>(p + 2 * c, int16_t(to_norm(f, -1.0f, 32767.0f)));
  case T::signed_int8:
    return store<int8_t>(p + c, saturate<int8_t>(i, -128, 127));
  case T::signed_int16:
    return store<int16_t>(p + 2 * c, saturate<int16_t>(i, -32768, 32767));
  case T::signed_int32:
    return store<int32_t>(p + 4 * c, saturate<int32_t>(i, INT32_MIN, INT32_MAX));
  case T::unsigned_int8:
    return store<uint8_t>(p + c, saturate<uint8_t>(i, 0, 255));
  case T::unsigned_int16:
    return store<uint16_t>(p + 2 * c, saturate<uint16_t>(i, 0, 65535));
  case T::unsigned_int32:
    return store<uint32_t>(p + 4 * c, std::is_integral_v<E> ? uint32_t(v) : saturate<uint32_t>(i, 0, UINT32_MAX));
  case T::fp16:
    return store<uint16_t>(p + 2 * c, float_to_half(f));
  case T::fp32:
    return store<float>(p + 4 * c, f);
  default:
    return;
  }
}

/// Where each of r, g, b, a sits among the stored channels (-1: not stored).
struct channel_map {
  int at[4];
};
constexpr channel_map map_of(image_channel_order o) {
  using O = image_channel_order;
  switch (o) {
  case O::a:
    return {{-1, -1, -1, 0}};
  case O::r:
  case O::rx:
    return {{0, -1, -1, -1}};
  case O::rg:
  case O::rgx:
    return {{0, 1, -1, -1}};
  case O::ra:
    return {{0, -1, -1, 1}};
  case O::rgb:
  case O::rgbx:
    return {{0, 1, 2, -1}};
  case O::argb:
    return {{1, 2, 3, 0}};
  case O::bgra:
    return {{2, 1, 0, 3}};
  case O::abgr:
    return {{3, 2, 1, 0}};
  case O::intensity:
    return {{0, 0, 0, 0}};
  case O::luminance:
    return {{0, 0, 0, -1}};
  default:
    return {{0, 1, 2, 3}};
  }
}

/// Packed rgb words: bits of each channel and where they start.
struct packing {
  unsigned bits, shift[3];
};
constexpr packing packing_of(image_channel_type t) {
  if (t == image_channel_type::unorm_short_565)
    return {5, {11, 5, 0}}; // g has 6 bits: handled in the loops below
  if (t == image_channel_type::unorm_short_555)
    return {5, {10, 5, 0}};
  return {10, {20, 10, 0}};
}
inline unsigned packed_bits(image_channel_type t, unsigned c) {
  return t == image_channel_type::unorm_short_565 && c == 1 ? 6 : packing_of(t).bits;
}

/// The texel at p as r, g, b, a: missing colour channels read 0, a missing
/// alpha 1.
template <typename E> void decode_texel(const unsigned char *p, const image_layout &l, E out[4]) {
  const auto t = image_channel_type(l.type);
  if (l.order == uint32_t(image_channel_order::rgba)) {
    // The order of most images, with one dispatch on the type for all four
    // channels rather than one per channel: the loop a vectorizer sees.
    switch (t) {
#define SMCP_RGBA_CASE(Type)                                                                       \
  case image_channel_type::Type: {                                                                 \
    /* a whole texel's alignment: one vector load on a GPU */                                      \
    const unsigned char *texel =                                                                   \
        aligned<4 * channel_bytes(image_channel_type::Type)>(p);                                   \
    for (unsigned c = 0; c < 4; ++c)                                                               \
      out[c] = load_channel<E>(texel, image_channel_type::Type, c);                                 \
    return;                                                                                        \
  }
      SMCP_RGBA_CASE(fp32)
      SMCP_RGBA_CASE(unorm_int8)
      SMCP_RGBA_CASE(signed_int32)
      SMCP_RGBA_CASE(unsigned_int32)
      SMCP_RGBA_CASE(fp16)
#undef SMCP_RGBA_CASE
    default:
      break;
    }
  }
  if (is_packed(t)) {
    const uint32_t word = t == image_channel_type::unorm_int_101010 ? load<uint32_t>(p)
                                                                     : load<uint16_t>(p);
    for (unsigned c = 0; c < 3; ++c) {
      const uint32_t max = (1u << packed_bits(t, c)) - 1;
      out[c] = E(float((word >> packing_of(t).shift[c]) & max) / float(max));
    }
    out[3] = E(1);
    return;
  }
  const channel_map m = map_of(image_channel_order(l.order));
  for (unsigned c = 0; c < 4; ++c)
    out[c] = m.at[c] < 0 ? E(c == 3 ? 1 : 0) : load_channel<E>(p, t, unsigned(m.at[c]));
}

/// Writes r, g, b, a into the texel at p (channels the format lacks are dropped).
template <typename E> void encode_texel(unsigned char *p, const image_layout &l, const E in[4]) {
  const auto t = image_channel_type(l.type);
  if (is_packed(t)) {
    uint32_t word = 0;
    for (unsigned c = 0; c < 3; ++c) {
      const uint32_t max = (1u << packed_bits(t, c)) - 1;
      word |= uint32_t(to_norm(float(in[c]), 0.0f, float(max))) << packing_of(t).shift[c];
    }
    if (t == image_channel_type::unorm_int_101010)
      store<uint32_t>(p, word);
    else
      store<uint16_t>(p, uint16_t(word));
    return;
  }
  const channel_map m = map_of(image_channel_order(l.order));
  for (unsigned c = 0; c < 4; ++c)
    if (m.at[c] >= 0 && (c == 0 || m.at[c] != m.at[0])) // intensity, luminance: r only
      store_channel<E>(p, t, unsigned(m.at[c]), in[c]);
}

/// What reads outside the image return (OpenCL 1.2 8.3): opaque black for
/// r, rg, rgb and luminance, transparent black for every other order (the
/// padded rx, rgx and rgbx too).
template <typename E> void border_texel(const image_layout &l, E out[4]) {
  using O = image_channel_order;
  const auto o = O(l.order);
  const bool opaque = o == O::r || o == O::rg || o == O::rgb || o == O::luminance;
  out[0] = out[1] = out[2] = E(0);
  out[3] = opaque ? E(1) : E(0);
}

/// The texel at (x, y, z), or the border colour outside the image.
template <typename E>
void fetch_texel(const unsigned char *base, const image_layout &l, int x, int y, int z, E out[4]) {
  if (l.inside(x, y, z))
    decode_texel(base + l.offset(x, y, z), l, out);
  else
    border_texel(l, out);
}

/// Writes the texel at (x, y, z); writes outside the image are dropped.
template <typename E>
void write_texel(unsigned char *base, const image_layout &l, int x, int y, int z, const E in[4]) {
  if (l.inside(x, y, z))
    encode_texel(base + l.offset(x, y, z), l, in);
}

} // namespace detail
} // namespace sycl
