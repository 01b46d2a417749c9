// texture.cpp - texture objects over a sampled image's pitched device memory
// (cuTexObjectCreate with a CU_RESOURCE_TYPE_PITCH2D resource), so that the
// texture units convert, address and filter its reads: the image stays the
// buffer memory libsycl allocated, and no CUDA array is made. What the
// hardware cannot serve (base or pitch alignment, sizes) is
// SMCP_ERROR_UNSUPPORTED, which makes libsycl read those texels in code.
#include "context.h"

#include "entry_points.h"

#include <string>

namespace smcp::cuda {
namespace {

bool texture_functions_bound() { return driver.cuTexObjectCreate && driver.cuTexObjectDestroy; }

/// The driver's element format, and whether reads return integers.
bool format_of(smcp_texel_type type, CUarray_format &format, bool &integer) {
  integer = true;
  switch (type) {
  case SMCP_TEXEL_UNORM_INT8:
    integer = false;
    format = CU_AD_FORMAT_UNSIGNED_INT8;
    return true;
  case SMCP_TEXEL_UNORM_INT16:
    integer = false;
    format = CU_AD_FORMAT_UNSIGNED_INT16;
    return true;
  case SMCP_TEXEL_SIGNED_INT8: format = CU_AD_FORMAT_SIGNED_INT8; return true;
  case SMCP_TEXEL_SIGNED_INT16: format = CU_AD_FORMAT_SIGNED_INT16; return true;
  case SMCP_TEXEL_SIGNED_INT32: format = CU_AD_FORMAT_SIGNED_INT32; return true;
  case SMCP_TEXEL_UNSIGNED_INT8: format = CU_AD_FORMAT_UNSIGNED_INT8; return true;
  case SMCP_TEXEL_UNSIGNED_INT16: format = CU_AD_FORMAT_UNSIGNED_INT16; return true;
  case SMCP_TEXEL_UNSIGNED_INT32: format = CU_AD_FORMAT_UNSIGNED_INT32; return true;
  case SMCP_TEXEL_HALF:
    integer = false;
    format = CU_AD_FORMAT_HALF;
    return true;
  case SMCP_TEXEL_FLOAT:
    integer = false;
    format = CU_AD_FORMAT_FLOAT;
    return true;
  }
  return false;
}

bool address_mode_of(smcp_texture_addressing a, CUaddress_mode &mode) {
  switch (a) {
  case SMCP_TEXTURE_REPEAT: mode = CU_TR_ADDRESS_MODE_WRAP; return true;
  case SMCP_TEXTURE_MIRRORED_REPEAT: mode = CU_TR_ADDRESS_MODE_MIRROR; return true;
  case SMCP_TEXTURE_CLAMP_TO_EDGE: mode = CU_TR_ADDRESS_MODE_CLAMP; return true;
  case SMCP_TEXTURE_CLAMP_TO_BORDER: mode = CU_TR_ADDRESS_MODE_BORDER; return true;
  }
  return false;
}

smcp_result unsupported(const std::string &why) {
  return fail(SMCP_ERROR_UNSUPPORTED, "texture_create", CUDA_SUCCESS, why);
}

/// Whether the device's texture units take this memory: the alignment of
/// the base address and of the pitch, the largest pitched 2-D texture.
smcp_result check_limits(const device_record &d, const smcp_texture_desc &t) {
  int base_align = 0, pitch_align = 0, max_width = 0, max_height = 0, max_pitch = 0;
  SMCP_CU_CALL(cuDeviceGetAttribute, (&base_align, CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT, d.ordinal));
  SMCP_CU_CALL(cuDeviceGetAttribute,
               (&pitch_align, CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT, d.ordinal));
  SMCP_CU_CALL(cuDeviceGetAttribute,
               (&max_width, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH, d.ordinal));
  SMCP_CU_CALL(cuDeviceGetAttribute,
               (&max_height, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT, d.ordinal));
  SMCP_CU_CALL(cuDeviceGetAttribute,
               (&max_pitch, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH, d.ordinal));
  const auto base = reinterpret_cast<uintptr_t>(t.base);
  if (base_align > 0 && base % uint64_t(base_align))
    return unsupported("the image's address is not a multiple of " + std::to_string(base_align));
  if (pitch_align > 0 && t.row_pitch % uint64_t(pitch_align))
    return unsupported("the image's row pitch (" + std::to_string(t.row_pitch) +
                       " bytes) is not a multiple of " + std::to_string(pitch_align));
  if (t.width > uint64_t(max_width) || t.height > uint64_t(max_height) ||
      t.row_pitch > uint64_t(max_pitch))
    return unsupported("the image is larger than the device's pitched 2-D textures (" +
                       std::to_string(max_width) + " x " + std::to_string(max_height) + ")");
  return SMCP_SUCCESS;
}

} // namespace

smcp_result texture_create(smcp_context context, smcp_device device, const smcp_texture_desc *desc,
                           uint64_t *out) {
  if (!desc || !out)
    return fail(SMCP_ERROR_INVALID_ARGUMENT, "texture_create", CUDA_SUCCESS,
                "no description or no place for the texture");
  if (!texture_functions_bound())
    return unsupported("the driver has no texture objects");
  const smcp_texture_desc &t = *desc;
  CUDA_RESOURCE_DESC resource{};
  CUDA_TEXTURE_DESC how{};
  bool integer = false;
  if (!format_of(t.type, resource.res.pitch2D.format, integer) ||
      !address_mode_of(t.addressing, how.addressMode[0]))
    return fail(SMCP_ERROR_INVALID_ARGUMENT, "texture_create", CUDA_SUCCESS,
                "an unknown texel type or addressing mode");
  if (t.channels != 1 && t.channels != 2 && t.channels != 4)
    return unsupported("textures have 1, 2 or 4 channels, not " + std::to_string(t.channels));
  if (!t.normalized &&
      (t.addressing == SMCP_TEXTURE_REPEAT || t.addressing == SMCP_TEXTURE_MIRRORED_REPEAT))
    return unsupported("repeat addressing needs normalized coordinates");
  device_context_ref dc;
  SMCP_TRY(enter(context, device, "texture_create", dc));
  SMCP_TRY(check_limits(*dc->device, t));
  resource.resType = CU_RESOURCE_TYPE_PITCH2D;
  resource.res.pitch2D.devPtr = reinterpret_cast<CUdeviceptr>(t.base);
  resource.res.pitch2D.numChannels = t.channels;
  resource.res.pitch2D.width = t.width;
  resource.res.pitch2D.height = t.height;
  resource.res.pitch2D.pitchInBytes = t.row_pitch;
  how.addressMode[1] = how.addressMode[2] = how.addressMode[0];
  // Integer reads take the nearest texel (the hardware filters floats only).
  how.filterMode = t.linear && !integer ? CU_TR_FILTER_MODE_LINEAR : CU_TR_FILTER_MODE_POINT;
  how.flags = (integer ? CU_TRSF_READ_AS_INTEGER : 0u) |
              (t.normalized ? CU_TRSF_NORMALIZED_COORDINATES : 0u);
  CUtexObject texture = 0;
  SMCP_CU_CALL(cuTexObjectCreate, (&texture, &resource, &how, nullptr));
  *out = texture;
  return SMCP_SUCCESS;
}

smcp_result texture_release(smcp_context context, smcp_device device, uint64_t texture) {
  if (!texture_functions_bound())
    return unsupported("the driver has no texture objects");
  device_context_ref dc;
  SMCP_TRY(enter(context, device, "texture_release", dc));
  SMCP_CU_CALL(cuTexObjectDestroy, (texture));
  return SMCP_SUCCESS;
}

} // namespace smcp::cuda
