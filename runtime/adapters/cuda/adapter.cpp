// adapter.cpp - the CUDA adapter's table and its one exported entry point.
#include "common.h"
#include "entry_points.h"

using namespace smcp::cuda;
using smcp::adapter::no_throw;

namespace {

smcp_adapter_table make_table() {
  smcp_adapter_table t{};
  t.abi_version = SMCP_ADAPTER_ABI_VERSION;
  t.table_size = sizeof(t);
  t.backend = SMCP_BACKEND_CUDA;
  t.name = backend_name;
  t.init = no_throw<init>::call;
  t.get_last_error = get_last_error;
  t.get_platforms = no_throw<get_platforms>::call;
  t.get_platform_info = no_throw<get_platform_info>::call;
  t.get_devices = no_throw<get_devices>::call;
  t.get_device_info = no_throw<get_device_info>::call;
  t.get_device_caps = no_throw<get_device_caps>::call;
  t.context_create = no_throw<context_create>::call;
  t.context_release = no_throw<context_release>::call;
  t.queue_create = no_throw<queue_create>::call;
  t.queue_release = no_throw<queue_release>::call;
  t.queue_finish = no_throw<queue_finish>::call;
  t.queue_flush = no_throw<queue_flush>::call;
  t.usm_alloc = no_throw<usm_alloc>::call;
  t.usm_free = no_throw<usm_free>::call;
  t.enqueue_memcpy = no_throw<enqueue_memcpy>::call;
  t.enqueue_fill = no_throw<enqueue_fill>::call;
  t.enqueue_memcpy_rect = no_throw<enqueue_memcpy_rect>::call;
  t.enqueue_marker = no_throw<enqueue_marker>::call;
  t.program_create = no_throw<program_create>::call;
  t.program_release = no_throw<program_release>::call;
  t.program_get_global_pointer = no_throw<program_get_global_pointer>::call;
  t.kernel_create = no_throw<kernel_create>::call;
  t.kernel_release = no_throw<kernel_release>::call;
  t.kernel_get_info = no_throw<kernel_get_info>::call;
  t.enqueue_launch = no_throw<enqueue_launch>::call;
  t.event_wait = no_throw<event_wait>::call;
  t.event_get_status = no_throw<event_get_status>::call;
  t.event_release = no_throw<event_release>::call;
  t.event_get_profiling = no_throw<event_get_profiling>::call;
  t.get_native_handle = no_throw<get_native_handle>::call;
  return t;
}

} // namespace

extern "C" __attribute__((visibility("default"))) smcp_result
smcp_adapter_get_table(uint32_t abi_version, uint32_t table_size, smcp_adapter_table *out) {
  static const smcp_adapter_table table = make_table();
  return smcp_answer_table(abi_version, &table, table_size, out);
}
