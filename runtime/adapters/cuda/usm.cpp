// usm.cpp - USM: device memory (cuMemAlloc), pinned host memory
// (cuMemHostAlloc) and managed memory (cuMemAllocManaged). With unified
// addressing, all three are addresses every copy and kernel can use.
#include "context.h"

#include "entry_points.h"

namespace smcp::cuda {
namespace {

// What the driver guarantees: device and managed allocations are aligned for
// any type (256 bytes), host ones are whole pages. A larger alignment is
// refused rather than met by over-allocating, which would need a table from
// the address returned to the address to free.
constexpr size_t device_alignment = 256;
constexpr size_t host_alignment = 4096;

/// The primary context that owns ptr, among the context's devices.
smcp_result owner_of(const context_record &context, void *ptr, CUcontext &out) {
  out = context.devices.front()->primary;
  if (context.devices.size() == 1)
    return SMCP_SUCCESS;
  SMCP_CU_CALL(cuPointerGetAttribute,
               (&out, CU_POINTER_ATTRIBUTE_CONTEXT, reinterpret_cast<CUdeviceptr>(ptr)));
  return SMCP_SUCCESS;
}

} // namespace

smcp_result usm_alloc(smcp_context context, smcp_device device, smcp_usm_kind kind, size_t size,
                      size_t alignment, void **out) {
  const size_t guaranteed = kind == SMCP_USM_HOST ? host_alignment : device_alignment;
  if (alignment > guaranteed)
    return fail(SMCP_ERROR_UNSUPPORTED, "usm_alloc", CUDA_SUCCESS,
                "alignment " + std::to_string(alignment) + " is above the " +
                    std::to_string(guaranteed) + " bytes CUDA guarantees for this kind");
  device_context_ref where;
  SMCP_TRY(enter(context, device, "usm_alloc", where));
  CUdeviceptr p = 0;
  switch (kind) {
  case SMCP_USM_DEVICE:
    SMCP_CU_CALL(cuMemAlloc, (&p, size));
    break;
  case SMCP_USM_SHARED:
    SMCP_CU_CALL(cuMemAllocManaged, (&p, size, CU_MEM_ATTACH_GLOBAL));
    break;
  case SMCP_USM_HOST: {
    // Portable: pinned for every context, not only the current one.
    void *host = nullptr;
    SMCP_CU_CALL(cuMemHostAlloc, (&host, size, CU_MEMHOSTALLOC_PORTABLE));
    *out = host;
    return SMCP_SUCCESS;
  }
  default:
    return fail(SMCP_ERROR_INVALID_ARGUMENT, "usm_alloc", CUDA_SUCCESS,
                "unknown USM kind " + std::to_string(kind));
  }
  *out = reinterpret_cast<void *>(p);
  return SMCP_SUCCESS;
}

smcp_result usm_free(smcp_context context, smcp_usm_kind kind, void *ptr) {
  CUcontext owner = nullptr;
  SMCP_TRY(owner_of(to_record(context), ptr, owner));
  SMCP_TRY(make_current(owner));
  if (kind == SMCP_USM_HOST)
    SMCP_CU_CALL(cuMemFreeHost, (ptr));
  else
    SMCP_CU_CALL(cuMemFree, (reinterpret_cast<CUdeviceptr>(ptr)));
  return SMCP_SUCCESS;
}

} // namespace smcp::cuda
