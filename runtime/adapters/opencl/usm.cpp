// usm.cpp - USM on OpenCL shared virtual memory: device allocations are
// coarse-grained SVM, host and shared ones fine-grained SVM buffers (the host
// may touch them at any time, as USM requires).
#include "common.h"
#include "entry_points.h"

#include <vector>

namespace smcp::opencl {

smcp_result usm_alloc(smcp_context context, smcp_device device, smcp_usm_kind kind, size_t size,
                      size_t alignment, void **out) {
  cl_svm_mem_flags flags = CL_MEM_READ_WRITE;
  if (kind != SMCP_USM_DEVICE) {
    if (!device_has_fine_grain_svm(to_cl(device)))
      return fail(SMCP_ERROR_UNSUPPORTED, "clSVMAlloc", CL_INVALID_OPERATION,
                  "host and shared USM need fine-grained SVM buffers, which the device lacks");
    flags |= CL_MEM_SVM_FINE_GRAIN_BUFFER;
  }
  void *p = clSVMAlloc(to_cl(context), flags, size, cl_uint(alignment));
  if (trace_enabled())
    std::fprintf(stderr, "SMCP opencl: clSVMAlloc(%zu bytes) -> %p\n", size, p);
  if (!p) // clSVMAlloc reports no error code
    return fail(SMCP_ERROR_OUT_OF_MEMORY, "clSVMAlloc", CL_OUT_OF_RESOURCES,
                "clSVMAlloc returned NULL for " + std::to_string(size) + " bytes");
  *out = p;
  return SMCP_SUCCESS;
}

smcp_result usm_free(smcp_context context, smcp_usm_kind, void *ptr) {
  clSVMFree(to_cl(context), ptr);
  if (trace_enabled())
    std::fprintf(stderr, "SMCP opencl: clSVMFree(%p)\n", ptr);
  return SMCP_SUCCESS;
}

smcp_result enqueue_memcpy(smcp_queue queue, void *dst, const void *src, size_t size,
                           uint32_t num_wait, const smcp_event *wait, smcp_event_purpose,
                           smcp_event *out) {
  SMCP_CL_CALL(clEnqueueSVMMemcpy, (to_cl(queue), CL_FALSE, dst, src, size, num_wait,
                                    num_wait ? to_cl(wait) : nullptr,
                                    reinterpret_cast<cl_event *>(out)));
  return SMCP_SUCCESS;
}

smcp_result enqueue_fill(smcp_queue queue, void *ptr, const void *pattern, size_t pattern_size,
                         size_t size, uint32_t num_wait, const smcp_event *wait, smcp_event_purpose,
                         smcp_event *out) {
  SMCP_CL_CALL(clEnqueueSVMMemFill, (to_cl(queue), ptr, pattern, pattern_size, size, num_wait,
                                     num_wait ? to_cl(wait) : nullptr,
                                     reinterpret_cast<cl_event *>(out)));
  return SMCP_SUCCESS;
}

smcp_result enqueue_memcpy_rect(smcp_queue queue, const smcp_rect_copy *copy, uint32_t num_wait,
                                const smcp_event *wait, smcp_event_purpose, smcp_event *out) {
  // SVM has no rectangular copy: one copy per row, all after the wait list,
  // joined by a marker (rows of an out-of-order queue may run concurrently).
  std::vector<cl_event> rows;
  rows.reserve(copy->region[1] * copy->region[2]);
  for (size_t z = 0; z < copy->region[2]; ++z)
    for (size_t y = 0; y < copy->region[1]; ++y) {
      auto *dst = static_cast<char *>(copy->dst) + z * copy->dst_pitch[1] + y * copy->dst_pitch[0];
      auto *src = static_cast<const char *>(copy->src) + z * copy->src_pitch[1] +
                  y * copy->src_pitch[0];
      cl_event row = nullptr;
      cl_int err = clEnqueueSVMMemcpy(to_cl(queue), CL_FALSE, dst, src, copy->region[0], num_wait,
                                      num_wait ? to_cl(wait) : nullptr, &row);
      if (!check(err, "clEnqueueSVMMemcpy", __FILE__, __LINE__)) {
        for (cl_event e : rows)
          clReleaseEvent(e);
        return to_result(err);
      }
      rows.push_back(row);
    }
  cl_int err = rows.empty()
                   ? clEnqueueMarkerWithWaitList(to_cl(queue), num_wait,
                                                 num_wait ? to_cl(wait) : nullptr,
                                                 reinterpret_cast<cl_event *>(out))
                   : clEnqueueMarkerWithWaitList(to_cl(queue), cl_uint(rows.size()), rows.data(),
                                                 reinterpret_cast<cl_event *>(out));
  for (cl_event e : rows)
    clReleaseEvent(e);
  SMCP_CL_CHECK(err, clEnqueueMarkerWithWaitList);
  return SMCP_SUCCESS;
}

} // namespace smcp::opencl
