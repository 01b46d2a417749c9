// adapter.cpp - the OpenCL adapter's table and its one exported entry point.
#include "common.h"
#include "entry_points.h"

using namespace smcp::opencl;

namespace {

smcp_adapter_table make_table() {
  smcp_adapter_table t{};
  t.abi_version = SMCP_ADAPTER_ABI_VERSION;
  t.table_size = sizeof(t);
  t.backend = SMCP_BACKEND_OPENCL;
  t.name = backend_name;
  t.init = init;
  t.get_last_error = get_last_error;
  t.get_platforms = get_platforms;
  t.get_platform_info = get_platform_info;
  t.get_devices = get_devices;
  t.get_device_info = get_device_info;
  t.get_device_caps = get_device_caps;
  t.context_create = context_create;
  t.context_release = context_release;
  t.queue_create = queue_create;
  t.queue_release = queue_release;
  t.queue_finish = queue_finish;
  t.queue_flush = queue_flush;
  t.usm_alloc = usm_alloc;
  t.usm_free = usm_free;
  t.enqueue_memcpy = enqueue_memcpy;
  t.enqueue_fill = enqueue_fill;
  t.enqueue_memcpy_rect = enqueue_memcpy_rect;
  t.enqueue_marker = enqueue_marker;
  t.program_create = program_create;
  t.program_release = program_release;
  // OpenCL has no portable device-global query (cl_intel_global_variable_access
  // is Intel-only, PoCL has none): libsycl uses the implicit table argument.
  t.program_get_global_pointer = nullptr;
  t.kernel_create = kernel_create;
  t.kernel_release = kernel_release;
  t.kernel_get_info = kernel_get_info;
  t.enqueue_launch = enqueue_launch;
  t.event_wait = event_wait;
  t.event_get_status = event_get_status;
  t.event_release = event_release;
  t.event_get_profiling = event_get_profiling;
  t.get_native_handle = get_native_handle;
  t.get_sub_devices = get_sub_devices;
  t.program_get_binary = program_get_binary;
  t.program_create_from_binary = program_create_from_binary;
  // A USM device allocation belongs to its device (cl_intel_unified_shared_memory):
  // libsycl moves data between two devices through the host.
  t.peer_copy_supported = nullptr;
  t.enqueue_memcpy_peer = nullptr;
  // Sampled images are read in code: an OpenCL image is another kind of
  // memory object than the buffer an image's texels live in.
  t.texture_create = nullptr;
  t.texture_release = nullptr;
  return t;
}

} // namespace

extern "C" __attribute__((visibility("default"))) smcp_result
smcp_adapter_get_table(uint32_t abi_version, uint32_t table_size, smcp_adapter_table *out) {
  static const smcp_adapter_table table = make_table();
  return smcp_answer_table(abi_version, &table, table_size, out);
}
