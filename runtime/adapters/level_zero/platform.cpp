// platform.cpp - initialisation (zeInit and discovery) and the platforms: one
// per Level Zero driver the loader reports.
#include "device.h"

#include "entry_points.h"

#include <cstring>
#include <deque>

namespace smcp::level_zero {
namespace {

// Filled by init (one thread, before any other entry); deques keep the
// records where the handles point.
std::deque<platform_record> platforms;
std::deque<device_record> devices;

smcp_result read_sub_devices(platform_record &p, device_record &d);

smcp_result read_device(platform_record &p, ze_device_handle_t handle, device_record *&out) {
  device_record &d = devices.emplace_back();
  out = &d;
  d.platform = &p;
  d.handle = handle;
  d.properties.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES;
  SMCP_ZE_CALL(zeDeviceGetProperties, (handle, &d.properties));
  d.compute.stype = ZE_STRUCTURE_TYPE_DEVICE_COMPUTE_PROPERTIES;
  SMCP_ZE_CALL(zeDeviceGetComputeProperties, (handle, &d.compute));
  for (uint32_t i = 0; i < d.compute.numSubGroupSizes && i < ZE_SUBGROUPSIZE_COUNT; ++i)
    d.sub_group_sizes.push_back(d.compute.subGroupSizes[i]);
  d.module.stype = ZE_STRUCTURE_TYPE_DEVICE_MODULE_PROPERTIES;
  SMCP_ZE_CALL(zeDeviceGetModuleProperties, (handle, &d.module));
  d.access.stype = ZE_STRUCTURE_TYPE_DEVICE_MEMORY_ACCESS_PROPERTIES;
  SMCP_ZE_CALL(zeDeviceGetMemoryAccessProperties, (handle, &d.access));

  uint32_t n = 0;
  SMCP_ZE_CALL(zeDeviceGetMemoryProperties, (handle, &n, nullptr));
  std::vector<ze_device_memory_properties_t> memory(n);
  for (auto &m : memory)
    m.stype = ZE_STRUCTURE_TYPE_DEVICE_MEMORY_PROPERTIES;
  SMCP_ZE_CALL(zeDeviceGetMemoryProperties, (handle, &n, memory.data()));
  for (const auto &m : memory)
    d.global_memory += m.totalSize;

  n = 0;
  SMCP_ZE_CALL(zeDeviceGetCommandQueueGroupProperties, (handle, &n, nullptr));
  std::vector<ze_command_queue_group_properties_t> groups(n);
  for (auto &g : groups)
    g.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES;
  SMCP_ZE_CALL(zeDeviceGetCommandQueueGroupProperties, (handle, &n, groups.data()));
  bool found = false;
  for (uint32_t i = 0; i < n && !found; ++i)
    if (groups[i].flags & ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE) {
      d.compute_ordinal = i;
      d.max_fill_pattern = groups[i].maxMemoryFillPatternSize;
      found = true;
    }
  if (!found)
    return fail(SMCP_ERROR_UNINITIALIZED, "zeDeviceGetCommandQueueGroupProperties",
                ZE_RESULT_SUCCESS, std::string("device '") + d.properties.name +
                                       "' has no command queue group that runs kernels");
  return read_sub_devices(p, d);
}

// A device's sub-devices (tiles), each read as a device of its own: they
// have their own properties (compute units, memory) and queues.
smcp_result read_sub_devices(platform_record &p, device_record &d) {
  uint32_t n = 0;
  SMCP_ZE_CALL(zeDeviceGetSubDevices, (d.handle, &n, nullptr));
  std::vector<ze_device_handle_t> handles(n);
  if (n > 0)
    SMCP_ZE_CALL(zeDeviceGetSubDevices, (d.handle, &n, handles.data()));
  for (ze_device_handle_t h : handles) {
    device_record *sub = nullptr;
    SMCP_TRY(read_device(p, h, sub));
    d.sub_devices.push_back(sub);
  }
  return SMCP_SUCCESS;
}

smcp_result read_extensions(platform_record &p) {
  uint32_t n = 0;
  SMCP_ZE_CALL(zeDriverGetExtensionProperties, (p.handle, &n, nullptr));
  std::vector<ze_driver_extension_properties_t> extensions(n);
  SMCP_ZE_CALL(zeDriverGetExtensionProperties, (p.handle, &n, extensions.data()));
  for (const ze_driver_extension_properties_t &e : extensions)
    if (std::strncmp(e.name, ZE_GLOBAL_OFFSET_EXP_NAME, sizeof(e.name)) == 0)
      p.global_offset = true;
  return SMCP_SUCCESS;
}

smcp_result read_driver(ze_driver_handle_t handle) {
  platform_record &p = platforms.emplace_back();
  p.handle = handle;
  ze_driver_properties_t properties{};
  properties.stype = ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES;
  SMCP_ZE_CALL(zeDriverGetProperties, (handle, &properties));
  p.driver_version = properties.driverVersion;
  SMCP_ZE_CALL(zeDriverGetApiVersion, (handle, &p.api_version));
  SMCP_TRY(read_extensions(p));
  uint32_t n = 0;
  SMCP_ZE_CALL(zeDeviceGet, (handle, &n, nullptr));
  std::vector<ze_device_handle_t> handles(n);
  SMCP_ZE_CALL(zeDeviceGet, (handle, &n, handles.data()));
  for (ze_device_handle_t h : handles) {
    device_record *d = nullptr;
    SMCP_TRY(read_device(p, h, d));
    p.devices.push_back(d); // the roots: get_devices lists no sub-device
  }
  return SMCP_SUCCESS;
}

} // namespace

smcp_result discover() {
  // No driver behind the loader (none installed, or no device for the one
  // installed) makes zeInit fail: the backend is unusable, and says why.
  const ze_result_t r = zeInit(0);
  if (!check(r, "zeInit", __FILE__, __LINE__))
    return fail(SMCP_ERROR_UNINITIALIZED, "zeInit", r,
                "the Level Zero loader found no usable driver (none installed, or no device "
                "for it; a test driver is chosen with ZE_ENABLE_ALT_DRIVERS)");
  uint32_t n = 0;
  SMCP_ZE_CALL(zeDriverGet, (&n, nullptr));
  std::vector<ze_driver_handle_t> handles(n);
  SMCP_ZE_CALL(zeDriverGet, (&n, handles.data()));
  for (ze_driver_handle_t h : handles)
    SMCP_TRY(read_driver(h));
  return SMCP_SUCCESS;
}

smcp_result init() { return discover(); }

std::string api_version_string(const platform_record &p) {
  return std::to_string(ZE_MAJOR_VERSION(p.api_version)) + "." +
         std::to_string(ZE_MINOR_VERSION(p.api_version));
}

smcp_result get_platforms(uint32_t capacity, smcp_platform *out, uint32_t *count) {
  for (uint32_t i = 0; i < platforms.size() && i < capacity; ++i)
    out[i] = reinterpret_cast<smcp_platform>(&platforms[i]);
  *count = uint32_t(platforms.size());
  return SMCP_SUCCESS;
}

smcp_result get_platform_info(smcp_platform platform, smcp_platform_info what, size_t size,
                              void *value, size_t *size_ret) {
  const platform_record &p = to_record(platform);
  switch (what) {
  case SMCP_PLATFORM_INFO_NAME:
    return return_string(size, value, size_ret, "Intel(R) oneAPI Level Zero");
  case SMCP_PLATFORM_INFO_VENDOR:
    return return_string(size, value, size_ret, "Intel(R) Corporation");
  case SMCP_PLATFORM_INFO_VERSION:
    return return_string(size, value, size_ret,
                         "Level Zero " + api_version_string(p) + " (driver " +
                             std::to_string(p.driver_version) + ")");
  case SMCP_PLATFORM_INFO_PROFILE: // no embedded profile exists on this backend
    return return_string(size, value, size_ret, "FULL_PROFILE");
  default:
    break;
  }
  return fail(SMCP_ERROR_UNSUPPORTED, "get_platform_info", ZE_RESULT_SUCCESS,
              "platform info " + std::to_string(what) + " is not answered by this adapter");
}

} // namespace smcp::level_zero
