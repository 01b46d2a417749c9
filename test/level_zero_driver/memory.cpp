// memory.cpp - contexts and USM: allocations are SVM of the driver's OpenCL
// context (device: coarse-grained, host and shared: fine-grained), tracked
// by base address for zeMemGetAllocProperties and the launch checks.
#include "entries.h"

namespace smcp::ze_test {
namespace {

ze_result_t allocate(const char *call, ze_context_handle_t context, ze_memory_type_t type,
                     size_t size, size_t alignment, void **out) {
  ZE_TEST_LIVE(call, context, kind::context);
  if (alignment & (alignment - 1))
    return rule_broken(call, "the alignment " + std::to_string(alignment) +
                                 " is not a power of two", ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT);
  if (size == 0)
    return rule_broken(call, "a zero-byte allocation", ZE_RESULT_ERROR_UNSUPPORTED_SIZE);
  context_t &c = *as<context_t>(context);
  const cl_svm_mem_flags flags =
      CL_MEM_READ_WRITE | (type == ZE_MEMORY_TYPE_DEVICE ? 0 : CL_MEM_SVM_FINE_GRAIN_BUFFER);
  void *p = clSVMAlloc(c.device->context, flags, size, cl_uint(alignment));
  if (!p)
    return cl_failed(call, "clSVMAlloc", CL_OUT_OF_RESOURCES);
  allocations().add({p, size, type, &c});
  *out = p;
  return ZE_RESULT_SUCCESS;
}

} // namespace

ze_result_t zeContextCreate(ze_driver_handle_t driver, const ze_context_desc_t *,
                            ze_context_handle_t *out) {
  ZE_TEST_ENTER("zeContextCreate");
  ZE_TEST_LIVE("zeContextCreate", driver, kind::driver);
  auto *c = new context_t;
  c->device = the_device();
  *out = reinterpret_cast<ze_context_handle_t>(c);
  register_handle(c, kind::context);
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeContextDestroy(ze_context_handle_t context) {
  ZE_TEST_ENTER("zeContextDestroy");
  ZE_TEST_LIVE("zeContextDestroy", context, kind::context);
  // Allocations left in a context are the program's (a sycl::malloc never
  // freed) or the runtime's leak: the record says how many.
  if (size_t n = allocations().count(as<context_t>(context)))
    record_note("leak: zeContextDestroy with " + std::to_string(n) + " USM allocations");
  unregister_handle(context, kind::context);
  delete as<context_t>(context);
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeMemAllocDevice(ze_context_handle_t context, const ze_device_mem_alloc_desc_t *,
                             size_t size, size_t alignment, ze_device_handle_t device,
                             void **out) {
  ZE_TEST_ENTER("zeMemAllocDevice");
  ZE_TEST_LIVE("zeMemAllocDevice", device, kind::device);
  return allocate("zeMemAllocDevice", context, ZE_MEMORY_TYPE_DEVICE, size, alignment, out);
}

ze_result_t zeMemAllocHost(ze_context_handle_t context, const ze_host_mem_alloc_desc_t *,
                           size_t size, size_t alignment, void **out) {
  ZE_TEST_ENTER("zeMemAllocHost");
  return allocate("zeMemAllocHost", context, ZE_MEMORY_TYPE_HOST, size, alignment, out);
}

ze_result_t zeMemAllocShared(ze_context_handle_t context, const ze_device_mem_alloc_desc_t *,
                             const ze_host_mem_alloc_desc_t *, size_t size, size_t alignment,
                             ze_device_handle_t device, void **out) {
  ZE_TEST_ENTER("zeMemAllocShared");
  if (device)
    ZE_TEST_LIVE("zeMemAllocShared", device, kind::device);
  return allocate("zeMemAllocShared", context, ZE_MEMORY_TYPE_SHARED, size, alignment, out);
}

ze_result_t zeMemFree(ze_context_handle_t context, void *ptr) {
  ZE_TEST_ENTER("zeMemFree");
  ZE_TEST_LIVE("zeMemFree", context, kind::context);
  allocation a{};
  if (!allocations().find(ptr, a) || a.base != ptr)
    return rule_broken("zeMemFree", "the pointer is not the start of a USM allocation");
  if (a.context != as<context_t>(context))
    return rule_broken("zeMemFree", "the allocation belongs to another context");
  allocations().remove(ptr, a);
  clSVMFree(a.context->device->context, ptr);
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeMemGetAllocProperties(ze_context_handle_t context, const void *ptr,
                                    ze_memory_allocation_properties_t *p,
                                    ze_device_handle_t *device) {
  ZE_TEST_ENTER("zeMemGetAllocProperties");
  ZE_TEST_LIVE("zeMemGetAllocProperties", context, kind::context);
  allocation a{};
  const bool found = allocations().find(ptr, a) && a.context == as<context_t>(context);
  p->type = found ? a.type : ZE_MEMORY_TYPE_UNKNOWN;
  p->id = found ? uint64_t(uintptr_t(a.base)) : 0;
  p->pageSize = found ? 4096 : 0;
  if (device)
    *device = found && a.type != ZE_MEMORY_TYPE_HOST
                  ? reinterpret_cast<ze_device_handle_t>(a.context->device)
                  : nullptr;
  return ZE_RESULT_SUCCESS;
}

} // namespace smcp::ze_test
