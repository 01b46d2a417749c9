// platform.cpp - OpenCL platforms: discovery and info queries.
#include "common.h"
#include "entry_points.h"

#include <string>
#include <vector>

namespace smcp::opencl {

smcp_result init() {
  cl_uint n = 0;
  SMCP_CL_CALL(clGetPlatformIDs, (0, nullptr, &n));
  if (n == 0)
    return fail(SMCP_ERROR_UNINITIALIZED, "clGetPlatformIDs", CL_SUCCESS,
                "the OpenCL ICD loader found no platform");
  return SMCP_SUCCESS;
}

smcp_result get_platforms(uint32_t capacity, smcp_platform *out, uint32_t *count) {
  cl_uint n = 0;
  SMCP_CL_CALL(clGetPlatformIDs, (0, nullptr, &n));
  std::vector<cl_platform_id> ids(n);
  if (n)
    SMCP_CL_CALL(clGetPlatformIDs, (n, ids.data(), nullptr));
  for (uint32_t i = 0; i < n && i < capacity; ++i)
    out[i] = reinterpret_cast<smcp_platform>(ids[i]);
  *count = n;
  return SMCP_SUCCESS;
}

smcp_result get_platform_info(smcp_platform platform, smcp_platform_info what, size_t size,
                              void *value, size_t *size_ret) {
  cl_platform_info key;
  switch (what) {
  case SMCP_PLATFORM_INFO_NAME:
    key = CL_PLATFORM_NAME;
    break;
  case SMCP_PLATFORM_INFO_VENDOR:
    key = CL_PLATFORM_VENDOR;
    break;
  case SMCP_PLATFORM_INFO_VERSION:
    key = CL_PLATFORM_VERSION;
    break;
  case SMCP_PLATFORM_INFO_PROFILE:
    key = CL_PLATFORM_PROFILE;
    break;
  case SMCP_PLATFORM_INFO_EXTENSIONS:
    key = CL_PLATFORM_EXTENSIONS;
    break;
  default:
    return fail(SMCP_ERROR_INVALID_ARGUMENT, "get_platform_info", CL_INVALID_VALUE,
                "unknown platform info " + std::to_string(what));
  }
  size_t n = 0;
  SMCP_CL_CALL(clGetPlatformInfo, (to_cl(platform), key, 0, nullptr, &n));
  std::string s(n, '\0');
  SMCP_CL_CALL(clGetPlatformInfo, (to_cl(platform), key, n, s.data(), nullptr));
  return return_info(size, value, size_ret, s.c_str(), std::char_traits<char>::length(s.c_str()) + 1);
}

} // namespace smcp::opencl
