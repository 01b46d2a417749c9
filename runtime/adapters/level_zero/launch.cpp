// launch.cpp - enqueue_launch: the group size (the caller's, or the driver's
// suggestion), the arguments and the append, under the queue's lock and then
// the kernel's (Level Zero keeps arguments and group size on the kernel).
#include "program.h"
#include "queue.h"

#include "entry_points.h"

#include <algorithm>

namespace smcp::level_zero {
namespace {

/// A launch's sizes that the device cannot shape are SMCP_ERROR_INVALID_GEOMETRY
/// (errc::nd_range), as on CUDA: here, more groups than the device counts.
smcp_result check_group_count(const kernel_record &k, uint32_t d, size_t groups) {
  const ze_device_compute_properties_t &c = k.program->device->compute;
  const uint64_t max = d == 0 ? c.maxGroupCountX : d == 1 ? c.maxGroupCountY : c.maxGroupCountZ;
  if (groups <= max && groups <= UINT32_MAX)
    return SMCP_SUCCESS;
  return fail(SMCP_ERROR_INVALID_GEOMETRY, "enqueue_launch", ZE_RESULT_SUCCESS,
              std::to_string(groups) + " work-groups in dimension " + std::to_string(d) +
                  " exceed the device's limit of " + std::to_string(std::min<uint64_t>(max, UINT32_MAX)));
}

/// The group size and group count of a launch.
smcp_result geometry_of(const kernel_record &k, const smcp_launch &g, uint32_t size[3],
                        ze_group_count_t &count) {
  if (g.local[0] != 0) { // libsycl guarantees global is a multiple of local then
    for (uint32_t d = 0; d < 3; ++d)
      size[d] = d < g.dims ? uint32_t(g.local[d]) : 1;
    uint32_t *counts[3] = {&count.groupCountX, &count.groupCountY, &count.groupCountZ};
    for (uint32_t d = 0; d < 3; ++d) {
      const size_t groups = d < g.dims ? g.global[d] / g.local[d] : 1;
      SMCP_TRY(check_group_count(k, d, groups));
      *counts[d] = uint32_t(groups);
    }
    return SMCP_SUCCESS;
  }
  uint32_t global[3] = {1, 1, 1};
  for (uint32_t d = 0; d < g.dims; ++d) {
    if (g.global[d] > UINT32_MAX)
      return fail(SMCP_ERROR_INVALID_GEOMETRY, "enqueue_launch", ZE_RESULT_SUCCESS,
                  "a global size of " + std::to_string(g.global[d]) + " in dimension " +
                      std::to_string(d) + " without a local size (zeKernelSuggestGroupSize "
                      "takes 32 bits)");
    global[d] = uint32_t(g.global[d]);
  }
  SMCP_ZE_CALL(zeKernelSuggestGroupSize,
               (k.handle, global[0], global[1], global[2], &size[0], &size[1], &size[2]));
  for (uint32_t d = 0; d < 3; ++d) {
    if (size[d] == 0 || global[d] % size[d] != 0)
      return fail(SMCP_ERROR_INVALID_GEOMETRY, "zeKernelSuggestGroupSize", ZE_RESULT_SUCCESS,
                  "the suggested group size " + std::to_string(size[d]) +
                      " does not divide the global size " + std::to_string(global[d]) +
                      " in dimension " + std::to_string(d));
    SMCP_TRY(check_group_count(k, d, global[d] / size[d]));
  }
  count.groupCountX = global[0] / size[0];
  count.groupCountY = global[1] / size[1];
  count.groupCountZ = global[2] / size[2];
  return SMCP_SUCCESS;
}

/// Sets the launch's arguments and group size on the kernel (its mutex held).
smcp_result set_arguments_locked(kernel_record &k, const uint32_t size[3], uint32_t num_args,
                                 const smcp_kernel_arg *args) {
  for (uint32_t i = 0; i < num_args; ++i) {
    const smcp_kernel_arg &a = args[i];
    switch (a.kind) {
    case SMCP_ARG_VALUE:
      SMCP_ZE_CALL(zeKernelSetArgumentValue, (k.handle, i, a.size, a.value));
      break;
    case SMCP_ARG_POINTER: // the parameter is the pointer value itself
      SMCP_ZE_CALL(zeKernelSetArgumentValue, (k.handle, i, sizeof(void *), &a.value));
      break;
    case SMCP_ARG_LOCAL: // the driver allocates size bytes per work-group
      SMCP_ZE_CALL(zeKernelSetArgumentValue, (k.handle, i, a.size, nullptr));
      break;
    default:
      return fail(SMCP_ERROR_INVALID_ARGUMENT, "enqueue_launch", ZE_RESULT_SUCCESS,
                  "argument " + std::to_string(i) + " has the unknown kind " +
                      std::to_string(a.kind));
    }
  }
  if (size[0] != k.group_size[0] || size[1] != k.group_size[1] || size[2] != k.group_size[2]) {
    SMCP_ZE_CALL(zeKernelSetGroupSize, (k.handle, size[0], size[1], size[2]));
    for (int d = 0; d < 3; ++d)
      k.group_size[d] = size[d];
  }
  return SMCP_SUCCESS;
}

/// The launch's global offset as zeKernelSetGlobalOffsetExp takes it (32 bits
/// per dimension); libsycl sends one only where the device reports the
/// extension (SMCP_CAP_NATIVE_GLOBAL_OFFSET).
smcp_result offset_of(const smcp_launch &geometry, uint32_t (&offset)[3]) {
  for (uint32_t d = 0; d < geometry.dims && d < 3; ++d) {
    if (geometry.offset[d] > UINT32_MAX)
      return fail(SMCP_ERROR_INVALID_GEOMETRY, "enqueue_launch", ZE_RESULT_SUCCESS,
                  "global offset " + std::to_string(geometry.offset[d]) + " of dimension " +
                      std::to_string(d) + " exceeds zeKernelSetGlobalOffsetExp's 32 bits");
    offset[d] = uint32_t(geometry.offset[d]);
  }
  return SMCP_SUCCESS;
}

/// The offset is kernel state like the group size: set only when it changes.
smcp_result set_offset_locked(kernel_record &k, const uint32_t (&offset)[3]) {
  if (offset[0] == k.offset[0] && offset[1] == k.offset[1] && offset[2] == k.offset[2])
    return SMCP_SUCCESS;
  SMCP_ZE_CALL(zeKernelSetGlobalOffsetExp, (k.handle, offset[0], offset[1], offset[2]));
  for (int d = 0; d < 3; ++d)
    k.offset[d] = offset[d];
  return SMCP_SUCCESS;
}

} // namespace

smcp_result enqueue_launch(smcp_queue queue, smcp_kernel kernel, const smcp_launch *geometry,
                           uint32_t num_args, const smcp_kernel_arg *args, uint32_t num_wait,
                           const smcp_event *wait, smcp_event_purpose purpose, smcp_event *out) {
  kernel_record &k = to_record(kernel);
  uint32_t offset[3] = {0, 0, 0};
  SMCP_TRY(offset_of(*geometry, offset));
  uint32_t size[3] = {1, 1, 1};
  ze_group_count_t count{};
  SMCP_TRY(geometry_of(k, *geometry, size, count));

  command c(queue, num_wait, wait);
  SMCP_TRY(c.begin(out, purpose));
  {
    std::lock_guard<std::mutex> lock(k.mutex); // after the queue's (c.begin)
    SMCP_TRY(set_arguments_locked(k, size, num_args, args));
    SMCP_TRY(set_offset_locked(k, offset));
    SMCP_ZE_CALL(zeCommandListAppendLaunchKernel,
                 (c.list(), k.handle, &count, c.signal(), c.num_wait(), c.wait()));
  }
  return c.finish(out);
}

} // namespace smcp::level_zero
