// ddi.cpp - the driver's only exports: the *ProcAddrTable getters the loader
// looks up by name. The 1.8.12 loader's zeInit needs all 46 non-"Exp" getters
// (17 ze, 17 zes, 12 zet with zetGetTracerExpProcAddrTable); the tools and
// sysman tables stay empty, and so do the entries the driver lacks.
#include "entries.h"

namespace ze = smcp::ze_test;

#define ZE_TEST_TABLE(getter, table_type, ...)                                  \
  ze_result_t ZE_APICALL getter(ze_api_version_t version, table_type *t) {      \
    if (!t)                                                                     \
      return ZE_RESULT_ERROR_INVALID_NULL_POINTER;                              \
    if (ZE_MAJOR_VERSION(version) != 1)                                         \
      return ZE_RESULT_ERROR_UNSUPPORTED_VERSION;                               \
    __VA_ARGS__                                                                 \
    return ZE_RESULT_SUCCESS;                                                   \
  }

extern "C" {

ZE_TEST_TABLE(zeGetGlobalProcAddrTable, ze_global_dditable_t, t->pfnInit = ze::zeInit;)

ZE_TEST_TABLE(zeGetDriverProcAddrTable, ze_driver_dditable_t,
              t->pfnGet = ze::zeDriverGet;
              t->pfnGetApiVersion = ze::zeDriverGetApiVersion;
              t->pfnGetProperties = ze::zeDriverGetProperties;
              t->pfnGetIpcProperties = ze::zeDriverGetIpcProperties;
              t->pfnGetExtensionProperties = ze::zeDriverGetExtensionProperties;)

ZE_TEST_TABLE(zeGetDeviceProcAddrTable, ze_device_dditable_t,
              t->pfnGet = ze::zeDeviceGet;
              t->pfnGetSubDevices = ze::zeDeviceGetSubDevices;
              t->pfnCanAccessPeer = ze::zeDeviceCanAccessPeer;
              t->pfnGetProperties = ze::zeDeviceGetProperties;
              t->pfnGetComputeProperties = ze::zeDeviceGetComputeProperties;
              t->pfnGetModuleProperties = ze::zeDeviceGetModuleProperties;
              t->pfnGetCommandQueueGroupProperties = ze::zeDeviceGetCommandQueueGroupProperties;
              t->pfnGetMemoryProperties = ze::zeDeviceGetMemoryProperties;
              t->pfnGetMemoryAccessProperties = ze::zeDeviceGetMemoryAccessProperties;
              t->pfnGetGlobalTimestamps = ze::zeDeviceGetGlobalTimestamps;)

ZE_TEST_TABLE(zeGetContextProcAddrTable, ze_context_dditable_t,
              t->pfnCreate = ze::zeContextCreate;
              t->pfnDestroy = ze::zeContextDestroy;)

// Immediate command lists only: no command queues, no regular lists.
ZE_TEST_TABLE(zeGetCommandQueueProcAddrTable, ze_command_queue_dditable_t)

ZE_TEST_TABLE(zeGetCommandListProcAddrTable, ze_command_list_dditable_t,
              t->pfnCreateImmediate = ze::zeCommandListCreateImmediate;
              t->pfnDestroy = ze::zeCommandListDestroy;
              t->pfnAppendBarrier = ze::zeCommandListAppendBarrier;
              t->pfnAppendWaitOnEvents = ze::zeCommandListAppendWaitOnEvents;
              t->pfnAppendSignalEvent = ze::zeCommandListAppendSignalEvent;
              t->pfnAppendMemoryCopy = ze::zeCommandListAppendMemoryCopy;
              t->pfnAppendMemoryFill = ze::zeCommandListAppendMemoryFill;
              t->pfnAppendMemoryCopyRegion = ze::zeCommandListAppendMemoryCopyRegion;
              t->pfnAppendLaunchKernel = ze::zeCommandListAppendLaunchKernel;)

ZE_TEST_TABLE(zeGetEventPoolProcAddrTable, ze_event_pool_dditable_t,
              t->pfnCreate = ze::zeEventPoolCreate;
              t->pfnDestroy = ze::zeEventPoolDestroy;)

ZE_TEST_TABLE(zeGetEventProcAddrTable, ze_event_dditable_t,
              t->pfnCreate = ze::zeEventCreate;
              t->pfnDestroy = ze::zeEventDestroy;
              t->pfnHostSignal = ze::zeEventHostSignal;
              t->pfnHostSynchronize = ze::zeEventHostSynchronize;
              t->pfnQueryStatus = ze::zeEventQueryStatus;
              t->pfnHostReset = ze::zeEventHostReset;
              t->pfnQueryKernelTimestamp = ze::zeEventQueryKernelTimestamp;)

ZE_TEST_TABLE(zeGetKernelExpProcAddrTable, ze_kernel_exp_dditable_t,
              t->pfnSetGlobalOffsetExp = ze::zeKernelSetGlobalOffsetExp;)

ZE_TEST_TABLE(zeGetModuleProcAddrTable, ze_module_dditable_t,
              t->pfnCreate = ze::zeModuleCreate;
              t->pfnDestroy = ze::zeModuleDestroy;
              t->pfnGetGlobalPointer = ze::zeModuleGetGlobalPointer;
              t->pfnGetKernelNames = ze::zeModuleGetKernelNames;
              t->pfnGetNativeBinary = ze::zeModuleGetNativeBinary;)

ZE_TEST_TABLE(zeGetModuleBuildLogProcAddrTable, ze_module_build_log_dditable_t,
              t->pfnGetString = ze::zeModuleBuildLogGetString;
              t->pfnDestroy = ze::zeModuleBuildLogDestroy;)

ZE_TEST_TABLE(zeGetKernelProcAddrTable, ze_kernel_dditable_t,
              t->pfnCreate = ze::zeKernelCreate;
              t->pfnDestroy = ze::zeKernelDestroy;
              t->pfnSetArgumentValue = ze::zeKernelSetArgumentValue;
              t->pfnSetGroupSize = ze::zeKernelSetGroupSize;
              t->pfnSuggestGroupSize = ze::zeKernelSuggestGroupSize;
              t->pfnSetIndirectAccess = ze::zeKernelSetIndirectAccess;
              t->pfnGetProperties = ze::zeKernelGetProperties;)

ZE_TEST_TABLE(zeGetMemProcAddrTable, ze_mem_dditable_t,
              t->pfnAllocShared = ze::zeMemAllocShared;
              t->pfnAllocDevice = ze::zeMemAllocDevice;
              t->pfnAllocHost = ze::zeMemAllocHost;
              t->pfnFree = ze::zeMemFree;
              t->pfnGetAllocProperties = ze::zeMemGetAllocProperties;)

// Tables of what the driver does not do: present, empty.
ZE_TEST_TABLE(zeGetImageProcAddrTable, ze_image_dditable_t)
ZE_TEST_TABLE(zeGetFenceProcAddrTable, ze_fence_dditable_t)
ZE_TEST_TABLE(zeGetSamplerProcAddrTable, ze_sampler_dditable_t)
ZE_TEST_TABLE(zeGetPhysicalMemProcAddrTable, ze_physical_mem_dditable_t)
ZE_TEST_TABLE(zeGetVirtualMemProcAddrTable, ze_virtual_mem_dditable_t)
ZE_TEST_TABLE(zesGetDriverProcAddrTable, zes_driver_dditable_t)
ZE_TEST_TABLE(zesGetDeviceProcAddrTable, zes_device_dditable_t)
ZE_TEST_TABLE(zesGetSchedulerProcAddrTable, zes_scheduler_dditable_t)
ZE_TEST_TABLE(zesGetPerformanceFactorProcAddrTable, zes_performance_factor_dditable_t)
ZE_TEST_TABLE(zesGetPowerProcAddrTable, zes_power_dditable_t)
ZE_TEST_TABLE(zesGetFrequencyProcAddrTable, zes_frequency_dditable_t)
ZE_TEST_TABLE(zesGetEngineProcAddrTable, zes_engine_dditable_t)
ZE_TEST_TABLE(zesGetStandbyProcAddrTable, zes_standby_dditable_t)
ZE_TEST_TABLE(zesGetFirmwareProcAddrTable, zes_firmware_dditable_t)
ZE_TEST_TABLE(zesGetMemoryProcAddrTable, zes_memory_dditable_t)
ZE_TEST_TABLE(zesGetFabricPortProcAddrTable, zes_fabric_port_dditable_t)
ZE_TEST_TABLE(zesGetTemperatureProcAddrTable, zes_temperature_dditable_t)
ZE_TEST_TABLE(zesGetPsuProcAddrTable, zes_psu_dditable_t)
ZE_TEST_TABLE(zesGetFanProcAddrTable, zes_fan_dditable_t)
ZE_TEST_TABLE(zesGetLedProcAddrTable, zes_led_dditable_t)
ZE_TEST_TABLE(zesGetRasProcAddrTable, zes_ras_dditable_t)
ZE_TEST_TABLE(zesGetDiagnosticsProcAddrTable, zes_diagnostics_dditable_t)
ZE_TEST_TABLE(zetGetDeviceProcAddrTable, zet_device_dditable_t)
ZE_TEST_TABLE(zetGetContextProcAddrTable, zet_context_dditable_t)
ZE_TEST_TABLE(zetGetCommandListProcAddrTable, zet_command_list_dditable_t)
ZE_TEST_TABLE(zetGetModuleProcAddrTable, zet_module_dditable_t)
ZE_TEST_TABLE(zetGetKernelProcAddrTable, zet_kernel_dditable_t)
ZE_TEST_TABLE(zetGetMetricGroupProcAddrTable, zet_metric_group_dditable_t)
ZE_TEST_TABLE(zetGetMetricProcAddrTable, zet_metric_dditable_t)
ZE_TEST_TABLE(zetGetMetricStreamerProcAddrTable, zet_metric_streamer_dditable_t)
ZE_TEST_TABLE(zetGetMetricQueryPoolProcAddrTable, zet_metric_query_pool_dditable_t)
ZE_TEST_TABLE(zetGetMetricQueryProcAddrTable, zet_metric_query_dditable_t)
ZE_TEST_TABLE(zetGetDebugProcAddrTable, zet_debug_dditable_t)
ZE_TEST_TABLE(zetGetTracerExpProcAddrTable, zet_tracer_exp_dditable_t)

} // extern "C"
