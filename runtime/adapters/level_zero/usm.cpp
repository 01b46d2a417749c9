// usm.cpp - USM: zeMemAllocDevice, zeMemAllocHost and zeMemAllocShared in the
// context, freed with zeMemFree after zeMemGetAllocProperties confirms the
// pointer is one of the context's allocations.
#include "context.h"

#include "entry_points.h"

namespace smcp::level_zero {

smcp_result usm_alloc(smcp_context context, smcp_device device, smcp_usm_kind kind, size_t size,
                      size_t alignment, void **out) {
  const context_record &c = *to_ref(context);
  SMCP_TRY(check_device(c, device, "usm_alloc"));
  ze_device_handle_t d = to_record(device).handle;
  ze_device_mem_alloc_desc_t device_desc{};
  device_desc.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC;
  ze_host_mem_alloc_desc_t host_desc{};
  host_desc.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC;
  switch (kind) {
  case SMCP_USM_DEVICE:
    SMCP_ZE_CALL(zeMemAllocDevice, (c.handle, &device_desc, size, alignment, d, out));
    return SMCP_SUCCESS;
  case SMCP_USM_HOST:
    SMCP_ZE_CALL(zeMemAllocHost, (c.handle, &host_desc, size, alignment, out));
    return SMCP_SUCCESS;
  case SMCP_USM_SHARED:
    SMCP_ZE_CALL(zeMemAllocShared, (c.handle, &device_desc, &host_desc, size, alignment, d, out));
    return SMCP_SUCCESS;
  }
  return fail(SMCP_ERROR_INVALID_ARGUMENT, "usm_alloc", ZE_RESULT_SUCCESS,
              "unknown USM kind " + std::to_string(kind));
}

smcp_result usm_free(smcp_context context, smcp_usm_kind, void *ptr) {
  const context_record &c = *to_ref(context);
  ze_memory_allocation_properties_t properties{};
  properties.stype = ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES;
  ze_device_handle_t owner = nullptr;
  const ze_result_t query = zeMemGetAllocProperties(c.handle, ptr, &properties, &owner);
  const bool known = check(query, "zeMemGetAllocProperties", __FILE__, __LINE__);
  if (known && properties.type == ZE_MEMORY_TYPE_UNKNOWN)
    return fail(SMCP_ERROR_INVALID_ARGUMENT, "zeMemGetAllocProperties", ZE_RESULT_SUCCESS,
                "the pointer is not a USM allocation of the context");
  // A failed query cannot tell a foreign pointer: keeping the allocation
  // would leak it, and the driver checks the pointer as it frees.
  SMCP_ZE_CALL(zeMemFree, (c.handle, ptr));
  return known ? SMCP_SUCCESS : to_result(query);
}

} // namespace smcp::level_zero
