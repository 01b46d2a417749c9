// program.h - programs (CUmodules) and kernels (CUfunctions) of the CUDA
// adapter. A kernel keeps its module loaded, so libsycl may release a
// program before the kernels made from it.
#pragma once

#include "context.h"

#include <atomic>
#include <memory>

namespace smcp::cuda {

struct program_record {
  device_context_ref where;
  CUmodule module = nullptr;
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
  CUfunction function = nullptr;
  uint32_t max_threads_per_block = 0; // this kernel's limit (registers), at most the device's
  uint32_t static_shared_bytes = 0;
  /// Set once a launch needed more dynamic shared memory than the default
  /// limit and the kernel was opted in to all the device allows.
  std::atomic<bool> large_shared_memory{false};
  const device_record &device() const { return *program->where->device; }
};

inline kernel_record &to_record(smcp_kernel k) { return *reinterpret_cast<kernel_record *>(k); }

} // namespace smcp::cuda
