// device.cpp - the info and capability queries of Level Zero devices,
// answered from the properties discovery read (platform.cpp).
#include "device.h"

#include "entry_points.h"

#include <algorithm>
#include <cstring>

namespace smcp::level_zero {
namespace {

smcp_result uint32_info(uint32_t v, size_t size, void *value, size_t *size_ret) {
  return return_info(size, value, size_ret, &v, sizeof(v));
}

smcp_result uint64_info(uint64_t v, size_t size, void *value, size_t *size_ret) {
  return return_info(size, value, size_ret, &v, sizeof(v));
}

uint32_t device_type(ze_device_type_t t) {
  switch (t) {
  case ZE_DEVICE_TYPE_GPU:
    return SMCP_DEVICE_TYPE_GPU;
  case ZE_DEVICE_TYPE_CPU:
    return SMCP_DEVICE_TYPE_CPU;
  default:
    return SMCP_DEVICE_TYPE_ACCELERATOR;
  }
}

uint32_t fp_config(ze_device_fp_flags_t f) {
  uint32_t v = 0;
  const std::pair<ze_device_fp_flags_t, uint32_t> bits[] = {
      {ZE_DEVICE_FP_FLAG_DENORM, SMCP_FP_DENORM},
      {ZE_DEVICE_FP_FLAG_INF_NAN, SMCP_FP_INF_NAN},
      {ZE_DEVICE_FP_FLAG_ROUND_TO_NEAREST, SMCP_FP_ROUND_TO_NEAREST},
      {ZE_DEVICE_FP_FLAG_ROUND_TO_ZERO, SMCP_FP_ROUND_TO_ZERO},
      {ZE_DEVICE_FP_FLAG_ROUND_TO_INF, SMCP_FP_ROUND_TO_INF},
      {ZE_DEVICE_FP_FLAG_FMA, SMCP_FP_FMA},
      {ZE_DEVICE_FP_FLAG_ROUNDED_DIVIDE_SQRT, SMCP_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT},
      {ZE_DEVICE_FP_FLAG_SOFT_FLOAT, SMCP_FP_SOFT_FLOAT}};
  for (const auto &[ze, smcp] : bits)
    if (f & ze)
      v |= smcp;
  return v;
}

/// Discovery's answer: the total in *count, at most capacity handles in out.
smcp_result list_devices(const std::vector<device_record *> &devices, uint32_t capacity,
                         smcp_device *out, uint32_t *count) {
  for (uint32_t i = 0; i < devices.size() && i < capacity; ++i)
    out[i] = reinterpret_cast<smcp_device>(devices[i]);
  *count = uint32_t(devices.size());
  return SMCP_SUCCESS;
}

// What zeMemAllocDevice guarantees without an alignment (Intel: a page).
constexpr uint32_t base_alignment_bits = 64 * 8;

} // namespace

smcp_result get_devices(smcp_platform platform, uint32_t capacity, smcp_device *out,
                        uint32_t *count) {
  return list_devices(to_record(platform).devices, capacity, out, count);
}

smcp_result get_sub_devices(smcp_device device, uint32_t capacity, smcp_device *out,
                            uint32_t *count) {
  return list_devices(to_record(device).sub_devices, capacity, out, count);
}

smcp_result get_device_info(smcp_device device, smcp_device_info what, size_t size,
                            void *value, size_t *size_ret) {
  const device_record &d = to_record(device);
  const ze_device_properties_t &p = d.properties;
  switch (what) {
  case SMCP_DEVICE_INFO_NAME:
    return return_string(size, value, size_ret, p.name);
  case SMCP_DEVICE_INFO_VENDOR:
    return return_string(size, value, size_ret,
                         p.vendorId == 0x8086 ? "Intel(R) Corporation" : "unknown vendor");
  case SMCP_DEVICE_INFO_DRIVER_VERSION:
    return return_string(size, value, size_ret, std::to_string(d.platform->driver_version));
  case SMCP_DEVICE_INFO_VERSION:
    return return_string(size, value, size_ret, api_version_string(*d.platform));
  case SMCP_DEVICE_INFO_TYPE:
    return uint32_info(device_type(p.type), size, value, size_ret);
  case SMCP_DEVICE_INFO_VENDOR_ID:
    return uint32_info(p.vendorId, size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_COMPUTE_UNITS:
    return uint32_info(std::max(1u, p.numSlices * p.numSubslicesPerSlice * p.numEUsPerSubslice),
                       size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_WORK_GROUP_SIZE:
    return uint64_info(d.compute.maxTotalGroupSize, size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_WORK_ITEM_SIZES: {
    const uint64_t v[3] = {d.compute.maxGroupSizeX, d.compute.maxGroupSizeY,
                           d.compute.maxGroupSizeZ};
    return return_info(size, value, size_ret, v, sizeof(v));
  }
  case SMCP_DEVICE_INFO_MAX_CLOCK_FREQUENCY:
    return uint32_info(p.coreClockRate, size, value, size_ret);
  case SMCP_DEVICE_INFO_GLOBAL_MEM_SIZE:
    return uint64_info(d.global_memory, size, value, size_ret);
  case SMCP_DEVICE_INFO_LOCAL_MEM_SIZE:
    return uint64_info(d.compute.maxSharedLocalMemory, size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_MEM_ALLOC_SIZE:
    return uint64_info(p.maxMemAllocSize, size, value, size_ret);
  case SMCP_DEVICE_INFO_MEM_BASE_ADDR_ALIGN:
    return uint32_info(base_alignment_bits, size, value, size_ret);
  case SMCP_DEVICE_INFO_FP16:
    return uint32_info((d.module.flags & ZE_DEVICE_MODULE_FLAG_FP16) != 0, size, value, size_ret);
  case SMCP_DEVICE_INFO_FP64:
    return uint32_info((d.module.flags & ZE_DEVICE_MODULE_FLAG_FP64) != 0, size, value, size_ret);
  case SMCP_DEVICE_INFO_ATOMIC64:
    return uint32_info((d.module.flags & ZE_DEVICE_MODULE_FLAG_INT64_ATOMICS) != 0, size, value,
                       size_ret);
  case SMCP_DEVICE_INFO_ADDRESS_BITS: // Level Zero devices use 64-bit (USM) addresses
    return uint32_info(64, size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_PARAMETER_SIZE:
    return uint64_info(d.module.maxArgumentsSize, size, value, size_ret);
  case SMCP_DEVICE_INFO_HALF_FP_CONFIG:
    return uint32_info((d.module.flags & ZE_DEVICE_MODULE_FLAG_FP16) ? fp_config(d.module.fp16flags) : 0,
                       size, value, size_ret);
  case SMCP_DEVICE_INFO_SINGLE_FP_CONFIG:
    return uint32_info(fp_config(d.module.fp32flags), size, value, size_ret);
  case SMCP_DEVICE_INFO_DOUBLE_FP_CONFIG:
    return uint32_info((d.module.flags & ZE_DEVICE_MODULE_FLAG_FP64) ? fp_config(d.module.fp64flags) : 0,
                       size, value, size_ret);
  case SMCP_DEVICE_INFO_LOCAL_MEM_TYPE: // shared local memory, when the device has any
    return uint32_info(d.compute.maxSharedLocalMemory ? SMCP_LOCAL_MEM_LOCAL : SMCP_LOCAL_MEM_NONE,
                       size, value, size_ret);
  case SMCP_DEVICE_INFO_ERROR_CORRECTION:
    return uint32_info((p.flags & ZE_DEVICE_PROPERTY_FLAG_ECC) != 0, size, value, size_ret);
  case SMCP_DEVICE_INFO_HOST_UNIFIED_MEMORY:
    return uint32_info((p.flags & ZE_DEVICE_PROPERTY_FLAG_INTEGRATED) != 0, size, value, size_ret);
  case SMCP_DEVICE_INFO_ENDIAN_LITTLE: // every Level Zero device
  case SMCP_DEVICE_INFO_AVAILABLE:     // discovery lists only devices the driver can use
    return uint32_info(1, size, value, size_ret);
  case SMCP_DEVICE_INFO_PRINTF_BUFFER_SIZE:
    return uint64_info(d.module.printfBufferSize, size, value, size_ret);
  case SMCP_DEVICE_INFO_USM_ATOMIC_HOST:
    return uint32_info((d.access.hostAllocCapabilities & ZE_MEMORY_ACCESS_CAP_FLAG_ATOMIC) != 0,
                       size, value, size_ret);
  case SMCP_DEVICE_INFO_USM_ATOMIC_SHARED:
    return uint32_info(
        (d.access.sharedSingleDeviceAllocCapabilities & ZE_MEMORY_ACCESS_CAP_FLAG_ATOMIC) != 0,
        size, value, size_ret);
  case SMCP_DEVICE_INFO_USM_SYSTEM:
    return uint32_info((d.access.sharedSystemAllocCapabilities & ZE_MEMORY_ACCESS_CAP_FLAG_RW) != 0,
                       size, value, size_ret);
  default:
    break;
  }
  return fail(SMCP_ERROR_UNSUPPORTED, "get_device_info", ZE_RESULT_SUCCESS,
              "device info " + std::to_string(what) + " is not answered by this adapter");
}

smcp_result get_device_caps(smcp_device device, smcp_device_caps *out) {
  const device_record &d = to_record(device);
  smcp_device_caps caps{};
  caps.flags = SMCP_CAP_OPTIONAL_EVENTS | SMCP_CAP_NATIVE_RECT_COPY;
  // SPIR-V reads the global offset from the backend: without the driver's
  // zeKernelSetGlobalOffsetExp libsycl refuses launches with an offset.
  if (d.platform->global_offset)
    caps.flags |= SMCP_CAP_NATIVE_GLOBAL_OFFSET;
  caps.il_formats = 1u << SMCP_IMAGE_FORMAT_SPIRV;
  caps.usm_kinds = (1u << SMCP_USM_DEVICE) | (1u << SMCP_USM_HOST);
  if (d.access.sharedSingleDeviceAllocCapabilities & ZE_MEMORY_ACCESS_CAP_FLAG_RW)
    caps.usm_kinds |= 1u << SMCP_USM_SHARED;
  // zeCommandListAppendMemoryFill takes power-of-two patterns up to the
  // compute group's maximum.
  for (unsigned k = 0; k < 8 && (size_t(1) << k) <= d.max_fill_pattern; ++k)
    caps.fill_pattern_sizes |= 1u << k;
  caps.num_sub_group_sizes = uint32_t(std::min<size_t>(d.sub_group_sizes.size(), 8));
  for (uint32_t i = 0; i < caps.num_sub_group_sizes; ++i)
    caps.sub_group_sizes[i] = d.sub_group_sizes[i];
  if (caps.num_sub_group_sizes == 0) {
    caps.num_sub_group_sizes = 1;
    caps.sub_group_sizes[0] = 1;
  }
  caps.max_group_count[0] = d.compute.maxGroupCountX;
  caps.max_group_count[1] = d.compute.maxGroupCountY;
  caps.max_group_count[2] = d.compute.maxGroupCountZ;
  // Group counts are 32-bit per dimension and the adapter does not split a
  // launch, so a launch whose range leaves the group size to the driver
  // (counted as one dimension by libsycl) may have at most 2^32-1 groups.
  caps.max_total_groups = UINT32_MAX;
  return adapter::answer_caps(caps, out);
}

} // namespace smcp::level_zero
