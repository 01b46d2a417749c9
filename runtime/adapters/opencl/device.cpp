// device.cpp - OpenCL devices: discovery and the info queries libsycl needs,
// translated to the ABI's fixed-width types.
#include "common.h"
#include "entry_points.h"

#include <CL/cl_ext.h>

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

template <typename Native> Native native_scalar(cl_device_id device, cl_device_info key) {
  Native v{};
  // A query the device's OpenCL version does not know reads as 0.
  if (clGetDeviceInfo(device, key, sizeof(v), &v, nullptr) != CL_SUCCESS)
    return Native{};
  return v;
}

smcp_result vector_widths(cl_device_id device, bool native, size_t size, void *value,
                          size_t *size_ret) {
  const cl_device_info keys[2][7] = {
      {CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT,
       CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG,
       CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE,
       CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF},
      {CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR, CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT,
       CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG,
       CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE,
       CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF}};
  uint32_t v[7];
  for (int i = 0; i < 7; ++i)
    v[i] = native_scalar<cl_uint>(device, keys[native][i]);
  return return_info(size, value, size_ret, v, sizeof(v));
}

uint32_t fp_config(cl_device_fp_config c) {
  uint32_t v = 0;
  const std::pair<cl_device_fp_config, uint32_t> bits[] = {
      {CL_FP_DENORM, SMCP_FP_DENORM},
      {CL_FP_INF_NAN, SMCP_FP_INF_NAN},
      {CL_FP_ROUND_TO_NEAREST, SMCP_FP_ROUND_TO_NEAREST},
      {CL_FP_ROUND_TO_ZERO, SMCP_FP_ROUND_TO_ZERO},
      {CL_FP_ROUND_TO_INF, SMCP_FP_ROUND_TO_INF},
      {CL_FP_FMA, SMCP_FP_FMA},
      {CL_FP_SOFT_FLOAT, SMCP_FP_SOFT_FLOAT},
      {CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT, SMCP_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT}};
  for (const auto &[cl, smcp] : bits)
    if (c & cl)
      v |= smcp;
  return v;
}

smcp_result fp_config_info(cl_device_id device, cl_device_info key, size_t size, void *value,
                           size_t *size_ret) {
  // CL_DEVICE_HALF_FP_CONFIG is cl_khr_fp16's query: a device without it has no half type.
  if (key == CL_DEVICE_HALF_FP_CONFIG && !device_has_extension(device, "cl_khr_fp16"))
    return bool_info(false, size, value, size_ret);
  uint32_t v = fp_config(native_scalar<cl_device_fp_config>(device, key));
  return return_info(size, value, size_ret, &v, sizeof(v));
}

/// OpenCL 3.0's atomic capabilities; an OpenCL 1.2/2.x device has the
/// minimum its version guarantees (relaxed, work-group and device scope).
uint32_t atomic_caps(cl_device_id device, cl_device_info key) {
  cl_device_atomic_capabilities c = 0;
  if (clGetDeviceInfo(device, key, sizeof(c), &c, nullptr) != CL_SUCCESS)
    c = CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP |
        CL_DEVICE_ATOMIC_SCOPE_DEVICE;
  uint32_t v = SMCP_ATOMIC_SCOPE_WORK_ITEM; // a work-item's own view is always consistent
  const std::pair<cl_device_atomic_capabilities, uint32_t> bits[] = {
      {CL_DEVICE_ATOMIC_ORDER_RELAXED, SMCP_ATOMIC_ORDER_RELAXED},
      {CL_DEVICE_ATOMIC_ORDER_ACQ_REL,
       SMCP_ATOMIC_ORDER_ACQUIRE | SMCP_ATOMIC_ORDER_RELEASE | SMCP_ATOMIC_ORDER_ACQ_REL},
      {CL_DEVICE_ATOMIC_ORDER_SEQ_CST, SMCP_ATOMIC_ORDER_SEQ_CST},
      {CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM, SMCP_ATOMIC_SCOPE_WORK_ITEM},
      // Sub-groups are single work-items on OpenCL (smcp_device_caps): work-group
      // scope covers them.
      {CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP, SMCP_ATOMIC_SCOPE_SUB_GROUP | SMCP_ATOMIC_SCOPE_WORK_GROUP},
      {CL_DEVICE_ATOMIC_SCOPE_DEVICE, SMCP_ATOMIC_SCOPE_DEVICE},
      {CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES, SMCP_ATOMIC_SCOPE_SYSTEM}};
  for (const auto &[cl, smcp] : bits)
    if (c & cl)
      v |= smcp;
  return v;
}

smcp_result uint32_answer(uint32_t v, size_t size, void *value, size_t *size_ret) {
  return return_info(size, value, size_ret, &v, sizeof(v));
}
smcp_result uint64_answer(uint64_t v, size_t size, void *value, size_t *size_ret) {
  return return_info(size, value, size_ret, &v, sizeof(v));
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
  case SMCP_DEVICE_INFO_ADDRESS_BITS:
    return scalar_info<cl_uint, uint32_t>(d, CL_DEVICE_ADDRESS_BITS, size, value, size_ret);
  case SMCP_DEVICE_INFO_PREFERRED_VECTOR_WIDTHS:
    return vector_widths(d, false, size, value, size_ret);
  case SMCP_DEVICE_INFO_NATIVE_VECTOR_WIDTHS:
    return vector_widths(d, true, size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_PARAMETER_SIZE:
    return scalar_info<size_t, uint64_t>(d, CL_DEVICE_MAX_PARAMETER_SIZE, size, value, size_ret);
  case SMCP_DEVICE_INFO_HALF_FP_CONFIG:
    return fp_config_info(d, CL_DEVICE_HALF_FP_CONFIG, size, value, size_ret);
  case SMCP_DEVICE_INFO_SINGLE_FP_CONFIG:
    return fp_config_info(d, CL_DEVICE_SINGLE_FP_CONFIG, size, value, size_ret);
  case SMCP_DEVICE_INFO_DOUBLE_FP_CONFIG:
    return fp_config_info(d, CL_DEVICE_DOUBLE_FP_CONFIG, size, value, size_ret);
  case SMCP_DEVICE_INFO_GLOBAL_MEM_CACHE_TYPE: {
    cl_device_mem_cache_type t = native_scalar<cl_device_mem_cache_type>(d, CL_DEVICE_GLOBAL_MEM_CACHE_TYPE);
    return uint32_answer(t == CL_READ_WRITE_CACHE  ? SMCP_CACHE_READ_WRITE
                         : t == CL_READ_ONLY_CACHE ? SMCP_CACHE_READ_ONLY
                                                   : SMCP_CACHE_NONE,
                         size, value, size_ret);
  }
  case SMCP_DEVICE_INFO_GLOBAL_MEM_CACHE_LINE_SIZE:
    return scalar_info<cl_uint, uint32_t>(d, CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, size, value,
                                          size_ret);
  case SMCP_DEVICE_INFO_GLOBAL_MEM_CACHE_SIZE:
    return scalar_info<cl_ulong, uint64_t>(d, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, size, value,
                                           size_ret);
  case SMCP_DEVICE_INFO_MAX_CONSTANT_BUFFER_SIZE:
    return scalar_info<cl_ulong, uint64_t>(d, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, size, value,
                                           size_ret);
  case SMCP_DEVICE_INFO_MAX_CONSTANT_ARGS:
    return scalar_info<cl_uint, uint32_t>(d, CL_DEVICE_MAX_CONSTANT_ARGS, size, value, size_ret);
  case SMCP_DEVICE_INFO_LOCAL_MEM_TYPE: {
    cl_device_local_mem_type t = native_scalar<cl_device_local_mem_type>(d, CL_DEVICE_LOCAL_MEM_TYPE);
    return uint32_answer(t == CL_LOCAL    ? SMCP_LOCAL_MEM_LOCAL
                         : t == CL_GLOBAL ? SMCP_LOCAL_MEM_GLOBAL
                                          : SMCP_LOCAL_MEM_NONE,
                         size, value, size_ret);
  }
  case SMCP_DEVICE_INFO_ERROR_CORRECTION:
    return bool_info(native_scalar<cl_bool>(d, CL_DEVICE_ERROR_CORRECTION_SUPPORT), size, value,
                     size_ret);
  case SMCP_DEVICE_INFO_HOST_UNIFIED_MEMORY:
    // Deprecated in OpenCL 2.0; a CPU device shares the host's memory whatever it says.
    return bool_info(native_scalar<cl_bool>(d, CL_DEVICE_HOST_UNIFIED_MEMORY) ||
                         native_scalar<cl_device_type>(d, CL_DEVICE_TYPE) & CL_DEVICE_TYPE_CPU,
                     size, value, size_ret);
  case SMCP_DEVICE_INFO_ATOMIC_MEMORY_CAPS:
    return uint32_answer(atomic_caps(d, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES), size, value,
                         size_ret);
  case SMCP_DEVICE_INFO_ATOMIC_FENCE_CAPS:
    return uint32_answer(atomic_caps(d, CL_DEVICE_ATOMIC_FENCE_CAPABILITIES), size, value,
                         size_ret);
  case SMCP_DEVICE_INFO_PROFILING_TIMER_RESOLUTION:
    return scalar_info<size_t, uint64_t>(d, CL_DEVICE_PROFILING_TIMER_RESOLUTION, size, value,
                                         size_ret);
  case SMCP_DEVICE_INFO_ENDIAN_LITTLE:
    return bool_info(native_scalar<cl_bool>(d, CL_DEVICE_ENDIAN_LITTLE), size, value, size_ret);
  case SMCP_DEVICE_INFO_AVAILABLE:
    return bool_info(native_scalar<cl_bool>(d, CL_DEVICE_AVAILABLE), size, value, size_ret);
  case SMCP_DEVICE_INFO_EXTENSIONS:
    return string_info(d, CL_DEVICE_EXTENSIONS, size, value, size_ret);
  case SMCP_DEVICE_INFO_BUILT_IN_KERNELS:
    return string_info(d, CL_DEVICE_BUILT_IN_KERNELS, size, value, size_ret);
  case SMCP_DEVICE_INFO_PROFILE:
    return string_info(d, CL_DEVICE_PROFILE, size, value, size_ret);
  case SMCP_DEVICE_INFO_PRINTF_BUFFER_SIZE:
    return scalar_info<size_t, uint64_t>(d, CL_DEVICE_PRINTF_BUFFER_SIZE, size, value, size_ret);
  case SMCP_DEVICE_INFO_PREFERRED_INTEROP_USER_SYNC:
    return bool_info(native_scalar<cl_bool>(d, CL_DEVICE_PREFERRED_INTEROP_USER_SYNC), size,
                     value, size_ret);
  case SMCP_DEVICE_INFO_USM_ATOMIC_HOST:
  case SMCP_DEVICE_INFO_USM_ATOMIC_SHARED:
    // Host and shared USM are fine-grained SVM buffers here (usm.cpp).
    return bool_info((svm_caps(d) & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) &&
                         (svm_caps(d) & CL_DEVICE_SVM_ATOMICS),
                     size, value, size_ret);
  case SMCP_DEVICE_INFO_USM_SYSTEM:
    return bool_info(svm_caps(d) & CL_DEVICE_SVM_FINE_GRAIN_SYSTEM, size, value, size_ret);
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

namespace smcp::opencl {

// OpenCL splits devices only when asked (clCreateSubDevices, by counts or
// equally), which the adapter interface does not express: no device here has
// sub-devices of its own, so SYCL partitions none.
smcp_result get_sub_devices(smcp_device, uint32_t, smcp_device *, uint32_t *count) {
  *count = 0;
  return SMCP_SUCCESS;
}

} // namespace smcp::opencl
