// kernel.cpp - kernels: a ze kernel with indirect access to every USM kind,
// and the queries libsycl makes of it.
#include "program.h"

#include "entry_points.h"

#include <algorithm>

namespace smcp::level_zero {
namespace {

/// The largest group the kernel can run in: as many sub-groups of its
/// largest size as it may have (what Unified Runtime's adapter answers
/// where the driver has no per-kernel limit; 1.8 headers have none), within
/// the device's limit. A driver that says nothing leaves the device's.
uint64_t max_group_size(const device_record &d, const ze_kernel_properties_t &p) {
  const uint64_t device_max = d.compute.maxTotalGroupSize;
  const uint64_t kernel_max = uint64_t(p.maxSubgroupSize) * p.maxNumSubgroups;
  return kernel_max == 0 ? device_max : std::min(kernel_max, device_max);
}

} // namespace

kernel_record::~kernel_record() {
  if (handle)
    SMCP_ZE_CHECK(zeKernelDestroy, (handle));
}

smcp_result kernel_create(smcp_program program, const char *name, smcp_kernel *out) {
  auto k = std::make_unique<kernel_record>();
  k->program = reinterpret_cast<program_handle *>(program)->program;
  ze_kernel_desc_t desc{};
  desc.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC;
  desc.pKernelName = name;
  SMCP_ZE_CALL(zeKernelCreate, (k->program->module, &desc, &k->handle));
  // USM pointers may hide in by-value arguments (a captured struct holding
  // a pointer): the driver must make every allocation resident for them.
  SMCP_ZE_CALL(zeKernelSetIndirectAccess,
               (k->handle, ZE_KERNEL_INDIRECT_ACCESS_FLAG_HOST | ZE_KERNEL_INDIRECT_ACCESS_FLAG_DEVICE |
                               ZE_KERNEL_INDIRECT_ACCESS_FLAG_SHARED));
  ze_kernel_properties_t properties{};
  properties.stype = ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES;
  SMCP_ZE_CALL(zeKernelGetProperties, (k->handle, &properties));
  k->num_args = properties.numKernelArgs;
  k->max_group_size = max_group_size(*k->program->device, properties);
  k->sub_group_size = properties.maxSubgroupSize;
  k->private_bytes = properties.privateMemSize;
  k->required_group_size[0] = properties.requiredGroupSizeX;
  k->required_group_size[1] = properties.requiredGroupSizeY;
  k->required_group_size[2] = properties.requiredGroupSizeZ;
  *out = reinterpret_cast<smcp_kernel>(k.release());
  return SMCP_SUCCESS;
}

smcp_result kernel_release(smcp_kernel kernel) {
  delete &to_record(kernel);
  return SMCP_SUCCESS;
}

smcp_result kernel_get_info(smcp_kernel kernel, smcp_device, smcp_kernel_info what, size_t size,
                            void *value, size_t *size_ret) {
  const kernel_record &k = to_record(kernel);
  switch (what) {
  case SMCP_KERNEL_INFO_NUM_ARGS:
    return return_info(size, value, size_ret, &k.num_args, sizeof(k.num_args));
  case SMCP_KERNEL_INFO_WORK_GROUP_SIZE:
    return return_info(size, value, size_ret, &k.max_group_size, sizeof(k.max_group_size));
  case SMCP_KERNEL_INFO_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
    return return_info(size, value, size_ret, &k.sub_group_size, sizeof(k.sub_group_size));
  case SMCP_KERNEL_INFO_PRIVATE_MEM_SIZE:
    return return_info(size, value, size_ret, &k.private_bytes, sizeof(k.private_bytes));
  case SMCP_KERNEL_INFO_COMPILE_WORK_GROUP_SIZE:
    return return_info(size, value, size_ret, k.required_group_size,
                       sizeof(k.required_group_size));
  case SMCP_KERNEL_INFO_ATTRIBUTES:
    return fail(SMCP_ERROR_UNSUPPORTED, "kernel_get_info", ZE_RESULT_SUCCESS,
                "the Level Zero adapter does not read kernels' source attributes");
  default:
    break;
  }
  return fail(SMCP_ERROR_INVALID_ARGUMENT, "kernel_get_info", ZE_RESULT_SUCCESS,
              "unknown kernel info " + std::to_string(what));
}

} // namespace smcp::level_zero
