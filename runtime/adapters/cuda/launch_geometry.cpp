// launch_geometry.cpp - block choice and the local-argument layout.
#include "launch_geometry.h"

#include <algorithm>

namespace smcp::cuda {
namespace {

constexpr uint64_t warp_threads = 32;

/// The largest divisor of n that is at most cap (cap >= 1).
size_t largest_divisor(size_t n, uint64_t cap) {
  if (n <= cap)
    return n ? n : 1;
  if (n % cap == 0)
    return size_t(cap);
  for (uint64_t d = cap - 1; d > 1; --d)
    if (n % d == 0)
      return size_t(d);
  return 1;
}

} // namespace

void choose_block(uint32_t dims, const size_t global[3], const block_limits &limits,
                  size_t block[3]) {
  uint64_t budget = std::max<uint64_t>(1, std::min(preferred_block_threads, limits.max_threads));
  for (uint32_t d = 0; d < 3; ++d) {
    if (d >= dims) {
      block[d] = 1;
      continue;
    }
    uint64_t cap = std::min(budget, std::max<uint64_t>(1, limits.max_block[d]));
    if (d == 0 && dims > 1)
      cap = std::min(cap, warp_threads);
    block[d] = largest_divisor(global[d], cap);
    budget /= block[d];
  }
}

uint64_t lay_out_local_args(uint32_t num_args, const smcp_kernel_arg *args, uint64_t *offsets) {
  uint64_t total = 0;
  for (uint32_t i = 0; i < num_args; ++i) {
    if (args[i].kind != SMCP_ARG_LOCAL)
      continue;
    total = (total + local_arg_alignment - 1) / local_arg_alignment * local_arg_alignment;
    offsets[i] = total;
    total += args[i].size;
  }
  return total;
}

} // namespace smcp::cuda
