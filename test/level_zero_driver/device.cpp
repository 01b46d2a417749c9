// device.cpp - zeInit, the one driver, its one device and that device's
// sub-devices (when asked for): properties read from the OpenCL device underneath.
#include "entries.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>

namespace smcp::ze_test {
namespace {

int driver_object; // the driver handle points here

ze_driver_handle_t driver_handle() { return reinterpret_cast<ze_driver_handle_t>(&driver_object); }
ze_device_handle_t device_handle() { return reinterpret_cast<ze_device_handle_t>(the_device()); }

// SMCP_ZE_TEST_DRIVER_SUB_DEVICES=<n> splits the device into n sub-devices
// (at most 8), as a multi-tile GPU is: each runs kernels on the OpenCL device
// underneath, as the root does, and has 1/n of its compute units and memory.
void make_sub_devices(device_t &root) {
  static std::deque<device_t> subs; // the handles point here until the process ends
  const char *text = std::getenv("SMCP_ZE_TEST_DRIVER_SUB_DEVICES");
  const uint32_t n = text ? uint32_t(std::min(std::strtoul(text, nullptr, 10), 8ul)) : 0;
  for (uint32_t i = 0; i < n; ++i) {
    device_t &d = subs.emplace_back(root);
    d.sub_devices.clear();
    d.parent = &root;
    d.sub_device_id = i;
    d.name = root.name + " (sub-device " + std::to_string(i) + ")";
    d.compute_units = std::max(1u, root.compute_units / n);
    d.global_memory = root.global_memory / n;
    d.max_alloc = std::min(root.max_alloc, d.global_memory);
    root.sub_devices.push_back(&d);
    register_handle(&d, kind::device);
  }
}

uint64_t steady_ns() {
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count());
}

} // namespace

ze_result_t zeInit(ze_init_flags_t flags) {
  ZE_TEST_ENTER("zeInit");
  if (flags & ZE_INIT_FLAG_VPU_ONLY)
    return ZE_RESULT_ERROR_UNINITIALIZED;
  std::string why;
  if (!init_opencl(why)) {
    std::fprintf(stderr, "smcp-ze-test-driver: zeInit: %s\n", why.c_str());
    return ZE_RESULT_ERROR_UNINITIALIZED;
  }
  static std::once_flag once;
  std::call_once(once, [] {
    register_handle(driver_handle(), kind::driver);
    register_handle(device_handle(), kind::device);
    make_sub_devices(*the_device());
  });
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDriverGet(uint32_t *count, ze_driver_handle_t *drivers) {
  ZE_TEST_ENTER("zeDriverGet");
  if (!the_device())
    return rule_broken("zeDriverGet", "called before zeInit succeeded",
                       ZE_RESULT_ERROR_UNINITIALIZED);
  if (*count > 0 && drivers)
    drivers[0] = driver_handle();
  *count = 1;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDriverGetApiVersion(ze_driver_handle_t driver, ze_api_version_t *version) {
  ZE_TEST_ENTER("zeDriverGetApiVersion");
  ZE_TEST_LIVE("zeDriverGetApiVersion", driver, kind::driver);
  *version = ZE_API_VERSION_1_4;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDriverGetProperties(ze_driver_handle_t driver, ze_driver_properties_t *p) {
  ZE_TEST_ENTER("zeDriverGetProperties");
  ZE_TEST_LIVE("zeDriverGetProperties", driver, kind::driver);
  std::memset(&p->uuid, 0, sizeof(p->uuid));
  std::memcpy(p->uuid.id, "smcp-ze-test", 12);
  p->driverVersion = 1;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDriverGetIpcProperties(ze_driver_handle_t driver, ze_driver_ipc_properties_t *p) {
  ZE_TEST_ENTER("zeDriverGetIpcProperties");
  ZE_TEST_LIVE("zeDriverGetIpcProperties", driver, kind::driver);
  p->flags = 0;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDriverGetExtensionProperties(ze_driver_handle_t driver, uint32_t *count,
                                           ze_driver_extension_properties_t *out) {
  ZE_TEST_ENTER("zeDriverGetExtensionProperties");
  ZE_TEST_LIVE("zeDriverGetExtensionProperties", driver, kind::driver);
  // The one extension: OpenCL's global work offset carries it through.
  if (*count > 0 && out) {
    std::memset(out[0].name, 0, sizeof(out[0].name));
    std::strncpy(out[0].name, ZE_GLOBAL_OFFSET_EXP_NAME, sizeof(out[0].name) - 1);
    out[0].version = ZE_GLOBAL_OFFSET_EXP_VERSION_CURRENT;
  }
  *count = 1;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDeviceGet(ze_driver_handle_t driver, uint32_t *count, ze_device_handle_t *devices) {
  ZE_TEST_ENTER("zeDeviceGet");
  ZE_TEST_LIVE("zeDeviceGet", driver, kind::driver);
  if (*count > 0 && devices)
    devices[0] = device_handle();
  *count = 1;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDeviceGetSubDevices(ze_device_handle_t device, uint32_t *count,
                                  ze_device_handle_t *out) {
  ZE_TEST_ENTER("zeDeviceGetSubDevices");
  ZE_TEST_LIVE("zeDeviceGetSubDevices", device, kind::device);
  const std::vector<device_t *> &subs = as<device_t>(device)->sub_devices;
  // Level Zero's count rule: 0 asks for the total, a larger count is lowered to it.
  if (*count == 0 || *count > subs.size()) {
    *count = uint32_t(subs.size());
    if (!out)
      return ZE_RESULT_SUCCESS;
  }
  for (uint32_t i = 0; i < *count && out; ++i)
    out[i] = reinterpret_cast<ze_device_handle_t>(subs[i]);
  return ZE_RESULT_SUCCESS;
}

// Every device here is PoCL's one device or a tile of it: all share memory.
ze_result_t zeDeviceCanAccessPeer(ze_device_handle_t device, ze_device_handle_t peer,
                                  ze_bool_t *value) {
  ZE_TEST_ENTER("zeDeviceCanAccessPeer");
  ZE_TEST_LIVE("zeDeviceCanAccessPeer", device, kind::device);
  ZE_TEST_LIVE("zeDeviceCanAccessPeer", peer, kind::device);
  *value = true;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDeviceGetProperties(ze_device_handle_t device, ze_device_properties_t *p) {
  ZE_TEST_ENTER("zeDeviceGetProperties");
  ZE_TEST_LIVE("zeDeviceGetProperties", device, kind::device);
  const device_t &d = *as<device_t>(device);
  p->type = ZE_DEVICE_TYPE_CPU; // what PoCL is
  p->vendorId = d.vendor_id;
  p->deviceId = 1;
  p->flags = d.parent ? ZE_DEVICE_PROPERTY_FLAG_SUBDEVICE : 0;
  p->subdeviceId = d.sub_device_id;
  p->coreClockRate = d.clock_mhz;
  p->maxMemAllocSize = d.max_alloc;
  p->maxHardwareContexts = 1;
  p->maxCommandQueuePriority = 0;
  p->numThreadsPerEU = 1;
  p->physicalEUSimdWidth = 1;
  p->numEUsPerSubslice = std::max(1u, d.compute_units);
  p->numSubslicesPerSlice = 1;
  p->numSlices = 1;
  p->timerResolution = 1; // ns per tick: OpenCL's profiling clock
  p->timestampValidBits = 64;
  // Kernel timestamps are 32-bit counters, as on many Intel GPUs: in ns
  // they wrap every 4.3 s, so the adapter's arithmetic must take the wrap.
  p->kernelTimestampValidBits = kernel_timestamp_bits;
  std::memset(&p->uuid, 0, sizeof(p->uuid));
  std::snprintf(p->name, ZE_MAX_DEVICE_NAME, "%s", d.name.c_str());
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDeviceGetComputeProperties(ze_device_handle_t device,
                                         ze_device_compute_properties_t *p) {
  ZE_TEST_ENTER("zeDeviceGetComputeProperties");
  ZE_TEST_LIVE("zeDeviceGetComputeProperties", device, kind::device);
  const device_t &d = *as<device_t>(device);
  p->maxTotalGroupSize = uint32_t(d.max_group);
  p->maxGroupSizeX = uint32_t(d.max_item[0]);
  p->maxGroupSizeY = uint32_t(d.max_item[1]);
  p->maxGroupSizeZ = uint32_t(d.max_item[2]);
  p->maxGroupCountX = p->maxGroupCountY = p->maxGroupCountZ = UINT32_MAX;
  p->maxSharedLocalMemory = uint32_t(std::min<uint64_t>(d.local_memory, UINT32_MAX));
  p->numSubGroupSizes = 1; // work-items run alone as sub-groups on PoCL
  p->subGroupSizes[0] = 1;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDeviceGetModuleProperties(ze_device_handle_t device,
                                        ze_device_module_properties_t *p) {
  ZE_TEST_ENTER("zeDeviceGetModuleProperties");
  ZE_TEST_LIVE("zeDeviceGetModuleProperties", device, kind::device);
  const device_t &d = *as<device_t>(device);
  p->spirvVersionSupported = ZE_MAKE_VERSION(1, 2);
  p->flags = (d.fp16 ? ZE_DEVICE_MODULE_FLAG_FP16 : 0) | (d.fp64 ? ZE_DEVICE_MODULE_FLAG_FP64 : 0) |
             (d.int64_atomics ? ZE_DEVICE_MODULE_FLAG_INT64_ATOMICS : 0);
  p->fp16flags = p->fp32flags = p->fp64flags = ZE_DEVICE_FP_FLAG_ROUND_TO_NEAREST | ZE_DEVICE_FP_FLAG_INF_NAN;
  p->maxArgumentsSize = 4096;
  p->printfBufferSize = 0;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDeviceGetCommandQueueGroupProperties(ze_device_handle_t device, uint32_t *count,
                                                   ze_command_queue_group_properties_t *p) {
  ZE_TEST_ENTER("zeDeviceGetCommandQueueGroupProperties");
  ZE_TEST_LIVE("zeDeviceGetCommandQueueGroupProperties", device, kind::device);
  if (*count > 0 && p) {
    p[0].flags = ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE | ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY;
    p[0].maxMemoryFillPatternSize = 128; // clEnqueueSVMMemFill's limit
    p[0].numQueues = 1;
  }
  *count = 1;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDeviceGetMemoryProperties(ze_device_handle_t device, uint32_t *count,
                                        ze_device_memory_properties_t *p) {
  ZE_TEST_ENTER("zeDeviceGetMemoryProperties");
  ZE_TEST_LIVE("zeDeviceGetMemoryProperties", device, kind::device);
  if (*count > 0 && p) {
    p[0].flags = 0;
    p[0].maxClockRate = 0;
    p[0].maxBusWidth = 0;
    p[0].totalSize = as<device_t>(device)->global_memory;
    std::snprintf(p[0].name, ZE_MAX_DEVICE_NAME, "host memory");
  }
  *count = 1;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDeviceGetMemoryAccessProperties(ze_device_handle_t device,
                                              ze_device_memory_access_properties_t *p) {
  ZE_TEST_ENTER("zeDeviceGetMemoryAccessProperties");
  ZE_TEST_LIVE("zeDeviceGetMemoryAccessProperties", device, kind::device);
  const ze_memory_access_cap_flags_t rw = ZE_MEMORY_ACCESS_CAP_FLAG_RW | ZE_MEMORY_ACCESS_CAP_FLAG_ATOMIC;
  p->hostAllocCapabilities = p->deviceAllocCapabilities = rw;
  p->sharedSingleDeviceAllocCapabilities = rw;
  p->sharedCrossDeviceAllocCapabilities = 0;
  p->sharedSystemAllocCapabilities = 0;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDeviceGetGlobalTimestamps(ze_device_handle_t device, uint64_t *host,
                                        uint64_t *device_ts) {
  ZE_TEST_ENTER("zeDeviceGetGlobalTimestamps");
  ZE_TEST_LIVE("zeDeviceGetGlobalTimestamps", device, kind::device);
  *host = steady_ns();
  *device_ts = *host; // PoCL's profiling clock is the monotonic clock
  return ZE_RESULT_SUCCESS;
}

} // namespace smcp::ze_test
