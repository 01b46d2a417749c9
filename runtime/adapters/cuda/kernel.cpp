// kernel.cpp - kernels: a CUfunction with the attributes launches consult.
#include "program.h"

#include "entry_points.h"

namespace smcp::cuda {
namespace {

smcp_result function_attribute(CUfunction f, CUfunction_attribute what, uint32_t &out) {
  int v = 0;
  SMCP_CU_CALL(cuFuncGetAttribute, (&v, what, f));
  out = v < 0 ? 0 : uint32_t(v);
  return SMCP_SUCCESS;
}

/// The kernel's parameter count: the index at which cuFuncGetParamInfo
/// stops answering.
smcp_result parameter_count(CUfunction f, uint32_t &out) {
  if (!driver.cuFuncGetParamInfo)
    return fail(SMCP_ERROR_UNSUPPORTED, "kernel_get_info", CUDA_SUCCESS,
                "the NVIDIA driver lacks cuFuncGetParamInfo, which counts parameters");
  size_t offset = 0, size = 0;
  uint32_t n = 0;
  while (driver.cuFuncGetParamInfo(f, n, &offset, &size) == CUDA_SUCCESS)
    ++n;
  out = n;
  return SMCP_SUCCESS;
}

} // namespace

smcp_result kernel_create(smcp_program program, const char *name, smcp_kernel *out) {
  auto k = std::make_unique<kernel_record>();
  k->program = reinterpret_cast<program_handle *>(program)->program;
  SMCP_TRY(make_current(k->program->where->primary));
  SMCP_CU_CALL(cuModuleGetFunction, (&k->function, k->program->module, name));
  SMCP_TRY(function_attribute(k->function, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                              k->max_threads_per_block));
  SMCP_TRY(function_attribute(k->function, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
                              k->static_shared_bytes));
  *out = reinterpret_cast<smcp_kernel>(k.release());
  return SMCP_SUCCESS;
}

smcp_result kernel_release(smcp_kernel kernel) {
  delete &to_record(kernel);
  return SMCP_SUCCESS;
}

smcp_result kernel_get_info(smcp_kernel kernel, smcp_device, smcp_kernel_info what, size_t size,
                            void *value, size_t *size_ret) {
  kernel_record &k = to_record(kernel);
  switch (what) {
  case SMCP_KERNEL_INFO_NUM_ARGS: {
    uint32_t n = 0;
    SMCP_TRY(make_current(k.program->where->primary));
    SMCP_TRY(parameter_count(k.function, n));
    return return_info(size, value, size_ret, &n, sizeof(n));
  }
  case SMCP_KERNEL_INFO_WORK_GROUP_SIZE: {
    const uint64_t n = k.max_threads_per_block;
    return return_info(size, value, size_ret, &n, sizeof(n));
  }
  case SMCP_KERNEL_INFO_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: { // a warp
    const uint64_t n = k.device().warp_size;
    return return_info(size, value, size_ret, &n, sizeof(n));
  }
  case SMCP_KERNEL_INFO_PRIVATE_MEM_SIZE: { // local memory per thread
    uint32_t bytes = 0;
    SMCP_TRY(make_current(k.program->where->primary));
    SMCP_TRY(function_attribute(k.function, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, bytes));
    const uint64_t n = bytes;
    return return_info(size, value, size_ret, &n, sizeof(n));
  }
  case SMCP_KERNEL_INFO_COMPILE_WORK_GROUP_SIZE:
  case SMCP_KERNEL_INFO_ATTRIBUTES:
    return fail(SMCP_ERROR_UNSUPPORTED, "kernel_get_info", CUDA_SUCCESS,
                "a CUDA module records no required work-group size or source attributes");
  default:
    break;
  }
  return fail(SMCP_ERROR_INVALID_ARGUMENT, "kernel_get_info", CUDA_SUCCESS,
              "unknown kernel info " + std::to_string(what));
}

} // namespace smcp::cuda
