// device.cpp - OpenCL devices: discovery and the info queries libsycl needs,
// translated to the ABI's fixed-width types.
#include "common.h"
#include "entry_points.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace smcp::opencl {
namespace {

cl_device_svm_capabilities svm_caps(cl_device_id device) {
  cl_device_svm_capabilities caps = 0;
  // OpenCL 1.2 devices do not know the query: they have no SVM at all.
  if (clGetDeviceInfo(device, CL_DEVICE_SVM_CAPABILITIES, sizeof(caps), &caps, nullptr) !=
      CL_SUCCESS)
    return 0;
  return caps;
}

template <typename Native, typename Out>
smcp_result scalar_info(cl_device_id device, cl_device_info key, size_t size, void *value,
                        size_t *size_ret) {
  Native v{};
  SMCP_CL_CALL(clGetDeviceInfo, (device, key, sizeof(v), &v, nullptr));
  Out o = static_cast<Out>(v);
  return return_info(size, value, size_ret, &o, sizeof(o));
}

smcp_result bool_info(bool b, size_t size, void *value, size_t *size_ret) {
  uint32_t v = b;
  return return_info(size, value, size_ret, &v, sizeof(v));
}

smcp_result string_info(cl_device_id device, cl_device_info key, size_t size, void *value,
                        size_t *size_ret) {
  size_t n = 0;
  SMCP_CL_CALL(clGetDeviceInfo, (device, key, 0, nullptr, &n));
  std::string s(n, '\0');
  SMCP_CL_CALL(clGetDeviceInfo, (device, key, n, s.data(), nullptr));
  return return_info(size, value, size_ret, s.c_str(),
                     std::char_traits<char>::length(s.c_str()) + 1);
}

smcp_result type_info(cl_device_id device, size_t size, void *value, size_t *size_ret) {
  cl_device_type t = 0;
  SMCP_CL_CALL(clGetDeviceInfo, (device, CL_DEVICE_TYPE, sizeof(t), &t, nullptr));
  uint32_t v = (t & CL_DEVICE_TYPE_GPU)   ? SMCP_DEVICE_TYPE_GPU
               : (t & CL_DEVICE_TYPE_CPU) ? SMCP_DEVICE_TYPE_CPU
                                          : SMCP_DEVICE_TYPE_ACCELERATOR;
  return return_info(size, value, size_ret, &v, sizeof(v));
}

smcp_result work_item_sizes(cl_device_id device, size_t size, void *value, size_t *size_ret) {
  cl_uint dims = 0;
  SMCP_CL_CALL(clGetDeviceInfo,
               (device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, sizeof(dims), &dims, nullptr));
  std::vector<size_t> sizes(dims < 3 ? 3 : dims, 1);
  SMCP_CL_CALL(clGetDeviceInfo, (device, CL_DEVICE_MAX_WORK_ITEM_SIZES,
                                 sizeof(size_t) * dims, sizes.data(), nullptr));
  uint64_t v[3] = {sizes[0], sizes[1], sizes[2]};
  return return_info(size, value, size_ret, v, sizeof(v));
}

} // namespace

bool device_accepts_spirv_il(cl_device_id device) {
  return device_string(device, CL_DEVICE_IL_VERSION).find("SPIR-V") != std::string::npos;
}

bool device_has_extension(cl_device_id device, const char *name) {
  const std::string exts = " " + device_string(device, CL_DEVICE_EXTENSIONS) + " ";
  return exts.find(std::string(" ") + name + " ") != std::string::npos;
}

bool device_has_fine_grain_svm(cl_device_id device) {
  return svm_caps(device) & CL_DEVICE_SVM_FINE_GRAIN_BUFFER;
}

smcp_result get_devices(smcp_platform platform, uint32_t capacity, smcp_device *out,
                        uint32_t *count) {
  cl_uint n = 0;
  cl_int err = clGetDeviceIDs(to_cl(platform), CL_DEVICE_TYPE_ALL, 0, nullptr, &n);
  if (err == CL_DEVICE_NOT_FOUND) { // a platform without devices is not an error
    *count = 0;
    return SMCP_SUCCESS;
  }
  SMCP_CL_CHECK(err, clGetDeviceIDs);
  std::vector<cl_device_id> ids(n);
  SMCP_CL_CALL(clGetDeviceIDs, (to_cl(platform), CL_DEVICE_TYPE_ALL, n, ids.data(), nullptr));
  for (uint32_t i = 0; i < n && i < capacity; ++i)
    out[i] = reinterpret_cast<smcp_device>(ids[i]);
  *count = n;
  return SMCP_SUCCESS;
}

smcp_result get_device_info(smcp_device device_handle, smcp_device_info what, size_t size,
                            void *value, size_t *size_ret) {
  cl_device_id d = to_cl(device_handle);
  switch (what) {
  case SMCP_DEVICE_INFO_NAME:
    return string_info(d, CL_DEVICE_NAME, size, value, size_ret);
  case SMCP_DEVICE_INFO_VENDOR:
    return string_info(d, CL_DEVICE_VENDOR, size, value, size_ret);
  case SMCP_DEVICE_INFO_DRIVER_VERSION:
    return string_info(d, CL_DRIVER_VERSION, size, value, size_ret);
  case SMCP_DEVICE_INFO_VERSION:
    return string_info(d, CL_DEVICE_VERSION, size, value, size_ret);
  case SMCP_DEVICE_INFO_TYPE:
    return type_info(d, size, value, size_ret);
  case SMCP_DEVICE_INFO_VENDOR_ID:
    return scalar_info<cl_uint, uint32_t>(d, CL_DEVICE_VENDOR_ID, size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_COMPUTE_UNITS:
    return scalar_info<cl_uint, uint32_t>(d, CL_DEVICE_MAX_COMPUTE_UNITS, size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_WORK_GROUP_SIZE:
    return scalar_info<size_t, uint64_t>(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, size, value,
                                         size_ret);
  case SMCP_DEVICE_INFO_MAX_WORK_ITEM_SIZES:
    return work_item_sizes(d, size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_CLOCK_FREQUENCY:
    return scalar_info<cl_uint, uint32_t>(d, CL_DEVICE_MAX_CLOCK_FREQUENCY, size, value,
                                          size_ret);
  case SMCP_DEVICE_INFO_GLOBAL_MEM_SIZE:
    return scalar_info<cl_ulong, uint64_t>(d, CL_DEVICE_GLOBAL_MEM_SIZE, size, value, size_ret);
  case SMCP_DEVICE_INFO_LOCAL_MEM_SIZE:
    return scalar_info<cl_ulong, uint64_t>(d, CL_DEVICE_LOCAL_MEM_SIZE, size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_MEM_ALLOC_SIZE:
    return scalar_info<cl_ulong, uint64_t>(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE, size, value,
                                           size_ret);
  case SMCP_DEVICE_INFO_MEM_BASE_ADDR_ALIGN:
    return scalar_info<cl_uint, uint32_t>(d, CL_DEVICE_MEM_BASE_ADDR_ALIGN, size, value,
                                          size_ret);
  case SMCP_DEVICE_INFO_FP16:
    return bool_info(device_has_extension(d, "cl_khr_fp16"), size, value, size_ret);
  case SMCP_DEVICE_INFO_FP64: {
    cl_device_fp_config cfg = 0;
    SMCP_CL_CALL(clGetDeviceInfo, (d, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof(cfg), &cfg, nullptr));
    return bool_info(cfg != 0, size, value, size_ret);
  }
  case SMCP_DEVICE_INFO_ATOMIC64:
    return bool_info(device_has_extension(d, "cl_khr_int64_base_atomics") &&
                         device_has_extension(d, "cl_khr_int64_extended_atomics"),
                     size, value, size_ret);
  }
  return fail(SMCP_ERROR_INVALID_ARGUMENT, "get_device_info", CL_INVALID_VALUE,
              "unknown device info " + std::to_string(what));
}

smcp_result get_device_caps(smcp_device device_handle, smcp_device_caps *out) {
  cl_device_id d = to_cl(device_handle);
  smcp_device_caps caps{};
  caps.struct_size = out->struct_size;
  // OpenCL launches take a global offset and may leave out their event.
  caps.flags = SMCP_CAP_NATIVE_GLOBAL_OFFSET | SMCP_CAP_OPTIONAL_EVENTS;
  if (device_accepts_spirv_il(d) || device_has_extension(d, "cl_khr_spir"))
    caps.il_formats |= 1u << SMCP_IMAGE_FORMAT_SPIRV;
  if (svm_caps(d) != 0)
    caps.usm_kinds |= 1u << SMCP_USM_DEVICE;
  if (device_has_fine_grain_svm(d))
    caps.usm_kinds |= (1u << SMCP_USM_HOST) | (1u << SMCP_USM_SHARED);
  caps.fill_pattern_sizes = 0xff; // clEnqueueSVMMemFill: 1 to 128 bytes, powers of two
  caps.num_sub_group_sizes = 1;    // work-items run alone as sub-groups (no cl_khr_subgroups use)
  caps.sub_group_sizes[0] = 1;
  for (auto &limit : caps.max_group_count)
    limit = UINT64_MAX; // group ids are size_t
  // PoCL's CPU scheduler counts a launch's work-groups in 32 bits and asserts beyond.
  cl_platform_id platform = nullptr;
  SMCP_CL_CALL(clGetDeviceInfo, (d, CL_DEVICE_PLATFORM, sizeof(platform), &platform, nullptr));
  const bool pocl = platform_string(platform, CL_PLATFORM_NAME) == "Portable Computing Language";
  caps.max_total_groups = pocl ? UINT32_MAX : UINT64_MAX;
  std::memcpy(out, &caps, std::min<size_t>(out->struct_size, sizeof(caps)));
  return SMCP_SUCCESS;
}

} // namespace smcp::opencl
