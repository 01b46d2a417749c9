// launch_geometry.h - how a launch becomes a CUDA grid, and where its
// local-memory arguments go: pure functions, tested without a driver
// (test/unit/cuda_launch_geometry_test.cpp).
#pragma once

#include "../adapter_abi.h"

#include <cstddef>
#include <cstdint>

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

} // namespace smcp::cuda
