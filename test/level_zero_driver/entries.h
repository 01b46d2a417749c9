// entries.h - the Level Zero entries the test driver implements, one group
// per source file; ddi.cpp puts them into the loader's tables. (Generated
// once from the definitions; keep the two in step.)
#pragma once

#include "driver.h"

#include <level_zero/ze_ddi.h>
#include <level_zero/zes_ddi.h>
#include <level_zero/zet_ddi.h>

namespace smcp::ze_test {

// commands.cpp
ze_result_t zeCommandListCreateImmediate(ze_context_handle_t context, ze_device_handle_t device, const ze_command_queue_desc_t *, ze_command_list_handle_t *out);
ze_result_t zeCommandListDestroy(ze_command_list_handle_t list);
ze_result_t zeCommandListAppendBarrier(ze_command_list_handle_t list, ze_event_handle_t signal, uint32_t num_wait, ze_event_handle_t *wait);
ze_result_t zeCommandListAppendWaitOnEvents(ze_command_list_handle_t list, uint32_t num_wait, ze_event_handle_t *wait);
ze_result_t zeCommandListAppendSignalEvent(ze_command_list_handle_t list, ze_event_handle_t signal);
ze_result_t zeCommandListAppendMemoryCopy(ze_command_list_handle_t list, void *dst, const void *src, size_t size, ze_event_handle_t signal, uint32_t num_wait, ze_event_handle_t *wait);
ze_result_t zeCommandListAppendMemoryFill(ze_command_list_handle_t list, void *ptr, const void *pattern, size_t pattern_size, size_t size, ze_event_handle_t signal, uint32_t num_wait, ze_event_handle_t *wait);
ze_result_t zeCommandListAppendMemoryCopyRegion( ze_command_list_handle_t list, void *dst, const ze_copy_region_t *dst_region, uint32_t dst_pitch, uint32_t dst_slice_pitch, const void *src, const ze_copy_region_t *src_region, uint32_t src_pitch, uint32_t src_slice_pitch, ze_event_handle_t signal, uint32_t num_wait, ze_event_handle_t *wait);
ze_result_t zeCommandListAppendLaunchKernel(ze_command_list_handle_t list, ze_kernel_handle_t kernel, const ze_group_count_t *count, ze_event_handle_t signal, uint32_t num_wait, ze_event_handle_t *wait);
// device.cpp
ze_result_t zeInit(ze_init_flags_t flags);
ze_result_t zeDriverGet(uint32_t *count, ze_driver_handle_t *drivers);
ze_result_t zeDriverGetApiVersion(ze_driver_handle_t driver, ze_api_version_t *version);
ze_result_t zeDriverGetProperties(ze_driver_handle_t driver, ze_driver_properties_t *p);
ze_result_t zeDriverGetIpcProperties(ze_driver_handle_t driver, ze_driver_ipc_properties_t *p);
ze_result_t zeDriverGetExtensionProperties(ze_driver_handle_t driver, uint32_t *count, ze_driver_extension_properties_t *);
ze_result_t zeDeviceGet(ze_driver_handle_t driver, uint32_t *count, ze_device_handle_t *devices);
ze_result_t zeDeviceGetSubDevices(ze_device_handle_t device, uint32_t *count, ze_device_handle_t *);
ze_result_t zeDeviceCanAccessPeer(ze_device_handle_t device, ze_device_handle_t peer, ze_bool_t *value);
ze_result_t zeDeviceGetProperties(ze_device_handle_t device, ze_device_properties_t *p);
ze_result_t zeDeviceGetComputeProperties(ze_device_handle_t device, ze_device_compute_properties_t *p);
ze_result_t zeDeviceGetModuleProperties(ze_device_handle_t device, ze_device_module_properties_t *p);
ze_result_t zeDeviceGetCommandQueueGroupProperties(ze_device_handle_t device, uint32_t *count, ze_command_queue_group_properties_t *p);
ze_result_t zeDeviceGetMemoryProperties(ze_device_handle_t device, uint32_t *count, ze_device_memory_properties_t *p);
ze_result_t zeDeviceGetMemoryAccessProperties(ze_device_handle_t device, ze_device_memory_access_properties_t *p);
ze_result_t zeDeviceGetGlobalTimestamps(ze_device_handle_t device, uint64_t *host, uint64_t *device_ts);
// events.cpp
ze_result_t zeEventPoolCreate(ze_context_handle_t context, const ze_event_pool_desc_t *desc, uint32_t, ze_device_handle_t *, ze_event_pool_handle_t *out);
ze_result_t zeEventPoolDestroy(ze_event_pool_handle_t pool);
ze_result_t zeEventCreate(ze_event_pool_handle_t pool, const ze_event_desc_t *desc, ze_event_handle_t *out);
ze_result_t zeEventDestroy(ze_event_handle_t event);
ze_result_t zeEventHostSignal(ze_event_handle_t event);
ze_result_t zeEventHostSynchronize(ze_event_handle_t event, uint64_t timeout_ns);
ze_result_t zeEventQueryStatus(ze_event_handle_t event);
ze_result_t zeEventHostReset(ze_event_handle_t event);
ze_result_t zeEventQueryKernelTimestamp(ze_event_handle_t event, ze_kernel_timestamp_result_t *out);
// memory.cpp
ze_result_t zeContextCreate(ze_driver_handle_t driver, const ze_context_desc_t *, ze_context_handle_t *out);
ze_result_t zeContextDestroy(ze_context_handle_t context);
ze_result_t zeMemAllocDevice(ze_context_handle_t context, const ze_device_mem_alloc_desc_t *, size_t size, size_t alignment, ze_device_handle_t device, void **out);
ze_result_t zeMemAllocHost(ze_context_handle_t context, const ze_host_mem_alloc_desc_t *, size_t size, size_t alignment, void **out);
ze_result_t zeMemAllocShared(ze_context_handle_t context, const ze_device_mem_alloc_desc_t *, const ze_host_mem_alloc_desc_t *, size_t size, size_t alignment, ze_device_handle_t device, void **out);
ze_result_t zeMemFree(ze_context_handle_t context, void *ptr);
ze_result_t zeMemGetAllocProperties(ze_context_handle_t context, const void *ptr, ze_memory_allocation_properties_t *p, ze_device_handle_t *device);
// module.cpp
ze_result_t zeModuleCreate(ze_context_handle_t context, ze_device_handle_t device, const ze_module_desc_t *desc, ze_module_handle_t *out, ze_module_build_log_handle_t *log);
ze_result_t zeModuleDestroy(ze_module_handle_t module);
ze_result_t zeModuleBuildLogGetString(ze_module_build_log_handle_t log, size_t *size, char *text);
ze_result_t zeModuleBuildLogDestroy(ze_module_build_log_handle_t log);
ze_result_t zeModuleGetGlobalPointer(ze_module_handle_t module, const char *, size_t *, void **);
ze_result_t zeModuleGetKernelNames(ze_module_handle_t module, uint32_t *count, const char **names);
// native_binary.cpp
ze_result_t zeModuleGetNativeBinary(ze_module_handle_t module, size_t *size, uint8_t *binary);
/// zeModuleCreate's ZE_MODULE_FORMAT_NATIVE: fills m from a binary of zeModuleGetNativeBinary.
ze_result_t module_from_native(device_t &d, const ze_module_desc_t *desc, module_t &m);
// module.cpp (kernels)
ze_result_t zeKernelCreate(ze_module_handle_t module, const ze_kernel_desc_t *desc, ze_kernel_handle_t *out);
ze_result_t zeKernelDestroy(ze_kernel_handle_t kernel);
ze_result_t zeKernelSetArgumentValue(ze_kernel_handle_t kernel, uint32_t index, size_t size, const void *value);
ze_result_t zeKernelSetGroupSize(ze_kernel_handle_t kernel, uint32_t x, uint32_t y, uint32_t z);
ze_result_t zeKernelSetGlobalOffsetExp(ze_kernel_handle_t kernel, uint32_t x, uint32_t y, uint32_t z);
ze_result_t zeKernelSuggestGroupSize(ze_kernel_handle_t kernel, uint32_t gx, uint32_t gy, uint32_t gz, uint32_t *x, uint32_t *y, uint32_t *z);
ze_result_t zeKernelSetIndirectAccess(ze_kernel_handle_t kernel, ze_kernel_indirect_access_flags_t flags);
ze_result_t zeKernelGetProperties(ze_kernel_handle_t kernel, ze_kernel_properties_t *p);

} // namespace smcp::ze_test
