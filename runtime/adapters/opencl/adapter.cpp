// adapter.cpp - the OpenCL adapter's table and its one exported entry point.
#include "common.h"
#include "entry_points.h"

using namespace smcp::opencl;

extern "C" __attribute__((visibility("default"))) smcp_result
smcp_adapter_get_table(uint32_t abi_version, smcp_adapter_table *out) {
  if (abi_version != SMCP_ADAPTER_ABI_VERSION || !out)
    return SMCP_ERROR_VERSION_MISMATCH;
  *out = smcp_adapter_table{};
  out->abi_version = SMCP_ADAPTER_ABI_VERSION;
  out->backend = SMCP_BACKEND_OPENCL;
  out->name = backend_name;
  out->init = init;
  out->get_last_error = get_last_error;
  out->get_platforms = get_platforms;
  out->get_platform_info = get_platform_info;
  out->get_devices = get_devices;
  out->get_device_info = get_device_info;
  out->context_create = context_create;
  out->context_release = context_release;
  out->queue_create = queue_create;
  out->queue_release = queue_release;
  out->queue_finish = queue_finish;
  out->usm_alloc = usm_alloc;
  out->usm_free = usm_free;
  out->enqueue_memcpy = enqueue_memcpy;
  out->enqueue_fill = enqueue_fill;
  out->program_create = program_create;
  out->program_release = program_release;
  // OpenCL has no portable device-global query (cl_intel_global_variable_access
  // is Intel-only, PoCL has none): libsycl uses the implicit table argument.
  out->program_get_global_pointer = nullptr;
  out->kernel_create = kernel_create;
  out->kernel_release = kernel_release;
  out->kernel_set_arg_value = kernel_set_arg_value;
  out->kernel_set_arg_pointer = kernel_set_arg_pointer;
  out->enqueue_kernel = enqueue_kernel;
  out->event_wait = event_wait;
  out->event_get_status = event_get_status;
  out->event_release = event_release;
  out->kernel_set_arg_local = kernel_set_arg_local;
  out->enqueue_marker = enqueue_marker;
  out->event_get_profiling = event_get_profiling;
  out->kernel_get_info = kernel_get_info;
  return SMCP_SUCCESS;
}
