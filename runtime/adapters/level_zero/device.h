// device.h - Level Zero drivers (platforms) and devices as the adapter knows
// them: their properties, read once at discovery (init) and answered from
// here ever after.
#pragma once

#include "common.h"

#include <cstdint>
#include <string>
#include <vector>

namespace smcp::level_zero {

struct platform_record;

struct device_record {
  platform_record *platform = nullptr;
  ze_device_handle_t handle = nullptr;
  ze_device_properties_t properties{};
  ze_device_compute_properties_t compute{};
  ze_device_module_properties_t module{};
  ze_device_memory_access_properties_t access{};
  uint64_t global_memory = 0;
  uint32_t compute_ordinal = 0;    // the command queue group that runs kernels
  size_t max_fill_pattern = 1;     // of that group
  std::vector<uint32_t> sub_group_sizes;
  std::vector<device_record *> sub_devices; // zeDeviceGetSubDevices, read at discovery too
};

struct platform_record {
  ze_driver_handle_t handle = nullptr;
  uint32_t driver_version = 0;
  ze_api_version_t api_version = ZE_API_VERSION_1_0;
  bool global_offset = false; // the driver has ZE_experimental_global_offset
  std::vector<device_record *> devices;
};

inline device_record &to_record(smcp_device d) { return *reinterpret_cast<device_record *>(d); }
inline platform_record &to_record(smcp_platform p) {
  return *reinterpret_cast<platform_record *>(p);
}

/// zeInit, then every driver and its devices with their properties (init).
smcp_result discover();

/// The driver's Level Zero API version, "1.8".
std::string api_version_string(const platform_record &p);

} // namespace smcp::level_zero
