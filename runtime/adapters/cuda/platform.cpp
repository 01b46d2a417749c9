// platform.cpp - the CUDA adapter's one platform: initialisation and its
// info queries.
#include "common.h"
#include "device.h"
#include "entry_points.h"

namespace smcp::cuda {
namespace {

// Platforms live until the process ends; the handle only has to be unique.
int the_platform;

} // namespace

smcp_result init() {
  SMCP_TRY(load_driver());
  return discover_devices();
}

smcp_result get_platforms(uint32_t capacity, smcp_platform *out, uint32_t *count) {
  if (capacity > 0)
    out[0] = reinterpret_cast<smcp_platform>(&the_platform);
  *count = 1;
  return SMCP_SUCCESS;
}

smcp_result get_platform_info(smcp_platform, smcp_platform_info what, size_t size, void *value,
                              size_t *size_ret) {
  switch (what) {
  case SMCP_PLATFORM_INFO_NAME:
    return return_string(size, value, size_ret, "NVIDIA CUDA");
  case SMCP_PLATFORM_INFO_VENDOR:
    return return_string(size, value, size_ret, "NVIDIA Corporation");
  case SMCP_PLATFORM_INFO_VERSION:
    return return_string(size, value, size_ret, "CUDA " + driver_version_string());
  case SMCP_PLATFORM_INFO_PROFILE: // no embedded profile exists on this backend
    return return_string(size, value, size_ret, "FULL_PROFILE");
  default:
    break;
  }
  return fail(SMCP_ERROR_UNSUPPORTED, "get_platform_info", CUDA_SUCCESS,
              "platform info " + std::to_string(what) + " is not answered by this adapter");
}

} // namespace smcp::cuda
