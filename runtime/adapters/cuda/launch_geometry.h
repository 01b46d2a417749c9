// launch_geometry.h - how a launch becomes a CUDA grid, where its
// local-memory arguments go, and its parameters packed for a later
// cuLaunchKernel: pure functions, tested without a driver
// (test/unit/cuda_launch_geometry_test.cpp).
#pragma once

#include "../adapter_abi.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace smcp::cuda {

struct block_limits {
  uint64_t max_threads;     // per block: the kernel's limit, at most the device's
  uint64_t max_block[3];    // per dimension
};

/// Threads per block the adapter aims for when it chooses: enough warps to
/// hide latency, small enough that most kernels fit their registers.
constexpr uint64_t preferred_block_threads = 256;

/// The block of a launch that leaves its choice to the adapter (local all
/// 0). Each dimension gets the largest divisor of its global size within
/// what is left of the thread budget (dimension 0 first, at most a warp's 32
/// when there are more dimensions, so rows stay contiguous), since the
/// kernel has no bounds check: the grid must cover global exactly.
void choose_block(uint32_t dims, const size_t global[3], const block_limits &limits,
                  size_t block[3]);

/// The byte offsets of the SMCP_ARG_LOCAL arguments in the kernel's one
/// dynamic shared-memory block (the PTX contract of adapter_abi.h): in
/// order, each at the next multiple of local_arg_alignment. offsets[i] is
/// written for each local argument i; returns the block's size.
constexpr uint64_t local_arg_alignment = 64;
uint64_t lay_out_local_args(uint32_t num_args, const smcp_kernel_arg *args, uint64_t *offsets);

/// A launch's kernel parameters as cuLaunchKernel takes them, owning their
/// values: the launch thread issues it after the caller's arguments are
/// gone. Values sit at 8-byte-aligned offsets (the driver copies each
/// parameter's bytes from its pointer, whatever its alignment); Bytes and
/// Args bound what one launch may carry.
template <size_t Bytes, uint32_t Args> struct packed_params {
  static constexpr size_t capacity = Bytes;
  uint32_t count = 0;
  uint16_t offset[Args];
  alignas(16) unsigned char values[Bytes];

  /// Whether args fit (the same walk as pack's, without copying).
  static bool fits(uint32_t num_args, const smcp_kernel_arg *args) {
    size_t used = 0;
    if (num_args > Args)
      return false;
    for (uint32_t i = 0; i < num_args; ++i)
      if (!place(args[i], used))
        return false;
    return true;
  }
  /// Packs args (local arguments: their offsets from lay_out_local_args);
  /// false when they exceed Bytes or Args.
  bool pack(uint32_t num_args, const smcp_kernel_arg *args, const uint64_t *local_offsets) {
    size_t used = 0;
    if (num_args > Args)
      return false;
    for (uint32_t i = 0; i < num_args; ++i) {
      const void *from = args[i].kind == SMCP_ARG_VALUE ? args[i].value
                         : args[i].kind == SMCP_ARG_LOCAL ? static_cast<const void *>(&local_offsets[i])
                                                          : static_cast<const void *>(&args[i].value);
      const size_t at = used;
      if (!place(args[i], used))
        return false;
      offset[i] = static_cast<uint16_t>((at + 7) / 8 * 8);
      std::memcpy(values + offset[i], from, used - offset[i]);
    }
    count = num_args;
    return true;
  }
  /// Reserves an argument's bytes after `used` (at the next multiple of 8);
  /// false when they do not fit.
  static bool place(const smcp_kernel_arg &arg, size_t &used) {
    const size_t size = arg.kind == SMCP_ARG_VALUE ? arg.size : sizeof(uint64_t);
    const size_t at = (used + 7) / 8 * 8;
    if (at > Bytes || size > Bytes - at)
      return false;
    used = at + size;
    return true;
  }
  /// cuLaunchKernel's kernelParams: params[i] points at value i.
  void pointers(void **params) {
    for (uint32_t i = 0; i < count; ++i)
      params[i] = values + offset[i];
  }
};

} // namespace smcp::cuda
