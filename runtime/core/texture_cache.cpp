// texture_cache.cpp - which sampled images the texture hardware reads, and
// one context's textures over them.
#include "texture_cache.h"

#include "adapter.h"
#include "device_impl.h"

#include <sycl/detail/image_sampling.hpp>

#include <algorithm>

namespace sycl::detail {
namespace {

/// Channels of a texture over the image: rgba images only (the formats of
/// SYCL 2020's sampled_image; bgra's are swizzled, which textures are not).
uint32_t texture_channels(image_channel_order order) {
  return order == image_channel_order::rgba ? 4 : 0;
}

bool texel_type_of(image_channel_type type, smcp_texel_type &out) {
  switch (type) {
  case image_channel_type::unorm_int8: out = SMCP_TEXEL_UNORM_INT8; return true;
  case image_channel_type::unorm_int16: out = SMCP_TEXEL_UNORM_INT16; return true;
  case image_channel_type::signed_int8: out = SMCP_TEXEL_SIGNED_INT8; return true;
  case image_channel_type::signed_int16: out = SMCP_TEXEL_SIGNED_INT16; return true;
  case image_channel_type::signed_int32: out = SMCP_TEXEL_SIGNED_INT32; return true;
  case image_channel_type::unsigned_int8: out = SMCP_TEXEL_UNSIGNED_INT8; return true;
  case image_channel_type::unsigned_int16: out = SMCP_TEXEL_UNSIGNED_INT16; return true;
  case image_channel_type::unsigned_int32: out = SMCP_TEXEL_UNSIGNED_INT32; return true;
  case image_channel_type::fp16: out = SMCP_TEXEL_HALF; return true;
  case image_channel_type::fp32: out = SMCP_TEXEL_FLOAT; return true;
  default: return false; // snorm (another rounding of -128) and packed types: read in code
  }
}

smcp_texture_addressing addressing_of(addressing_mode mode) {
  switch (mode) {
  case addressing_mode::repeat: return SMCP_TEXTURE_REPEAT;
  case addressing_mode::mirrored_repeat: return SMCP_TEXTURE_MIRRORED_REPEAT;
  case addressing_mode::clamp_to_edge: return SMCP_TEXTURE_CLAMP_TO_EDGE;
  default: return SMCP_TEXTURE_CLAMP_TO_BORDER; // clamp; none leaves outside undefined
  }
}

bool same(const smcp_texture_desc &a, const smcp_texture_desc &b) {
  return a.base == b.base && a.channels == b.channels && a.type == b.type &&
         a.width == b.width && a.height == b.height && a.row_pitch == b.row_pitch &&
         a.addressing == b.addressing && a.linear == b.linear && a.normalized == b.normalized;
}

} // namespace

bool describe_texture(const image_layout &l, int dims, void *base, smcp_texture_desc &out) {
  out = {};
  out.channels = texture_channels(image_channel_order(l.order));
  if (dims != 2 || !base || !out.channels || !texel_type_of(image_channel_type(l.type), out.type))
    return false;
  const addressing_mode mode = sampler_addressing(l.sampler);
  const bool normalized = sampler_normalized(l.sampler);
  // repeat without normalized coordinates is no SYCL sampler (the code path
  // gives it a meaning of its own; the hardware has none)
  if (!normalized && (mode == addressing_mode::repeat || mode == addressing_mode::mirrored_repeat))
    return false;
  out.base = base;
  out.width = uint64_t(l.size[0]);
  out.height = uint64_t(l.size[1]);
  out.row_pitch = l.row_pitch;
  out.addressing = addressing_of(mode);
  out.linear = sampler_linear(l.sampler);
  out.normalized = normalized;
  return true;
}

texture_cache::~texture_cache() {
  for (const entry &e : _entries)
    release(e);
}

uint64_t texture_cache::texture_for(const device_impl &device, void *base,
                                    const image_layout &layout, int dims) {
  const auto &table = _adapter.table();
  smcp_texture_desc desc;
  if (!table.texture_create || !describe_texture(layout, dims, base, desc))
    return 0;
  std::lock_guard<std::mutex> lock(_mutex);
  for (const entry &e : _entries)
    if (e.device == device.handle() && same(e.desc, desc))
      return e.texture;
  uint64_t texture = 0;
  const smcp_result r =
      _adapter.try_call("texture_create", table.texture_create, _context, device.handle(), &desc,
                        &texture);
  if (r != SMCP_SUCCESS) {
    texture = 0;
    smcp::rt::trace("sampled image read in code: %s",
                    _adapter.describe_last_error("texture_create", r).c_str());
  }
  _entries.push_back({device.handle(), desc, texture});
  return texture;
}

void texture_cache::forget(const void *base) {
  std::lock_guard<std::mutex> lock(_mutex);
  auto gone = std::stable_partition(_entries.begin(), _entries.end(),
                                    [&](const entry &e) { return e.desc.base != base; });
  for (auto it = gone; it != _entries.end(); ++it)
    release(*it);
  _entries.erase(gone, _entries.end());
}

void texture_cache::release(const entry &e) {
  if (e.texture)
    _adapter.try_call("texture_release", _adapter.table().texture_release, _context, e.device,
                      e.texture);
}

} // namespace sycl::detail
