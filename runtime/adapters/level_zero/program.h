// program.h - programs (ze modules) and kernels of the Level Zero adapter. A
// kernel keeps its module, so libsycl may release a program before the
// kernels made from it.
#pragma once

#include "context.h"

#include <memory>
#include <mutex>

namespace smcp::level_zero {

struct program_record {
  context_ref context;
  device_record *device = nullptr;
  ze_module_handle_t module = nullptr;
  ~program_record();
};

/// What an smcp_program points to: one owner of the module among its kernels.
struct program_handle {
  std::shared_ptr<program_record> program;
};

inline program_record &to_record(smcp_program p) {
  return *reinterpret_cast<program_handle *>(p)->program;
}

struct kernel_record {
  std::shared_ptr<program_record> program;
  ze_kernel_handle_t handle = nullptr;
  uint32_t num_args = 0;
  uint64_t max_group_size = 0; // SMCP_KERNEL_INFO_WORK_GROUP_SIZE
  uint64_t sub_group_size = 0; // ..._PREFERRED_WORK_GROUP_SIZE_MULTIPLE: its largest
  uint64_t private_bytes = 0;  // ..._PRIVATE_MEM_SIZE
  uint64_t required_group_size[3] = {0, 0, 0}; // ..._COMPILE_WORK_GROUP_SIZE
  /// Level Zero keeps arguments and the group size on the kernel, so a
  /// launch sets them and appends under this mutex, taken after the queue's.
  std::mutex mutex;
  uint32_t group_size[3] = {0, 0, 0}; // the last zeKernelSetGroupSize (under mutex)
  uint32_t offset[3] = {0, 0, 0};     // the last zeKernelSetGlobalOffsetExp (under mutex)
  ~kernel_record();
};

inline kernel_record &to_record(smcp_kernel k) { return *reinterpret_cast<kernel_record *>(k); }

} // namespace smcp::level_zero
