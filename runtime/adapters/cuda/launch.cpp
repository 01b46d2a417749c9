// launch.cpp - enqueue_launch: the grid, local-memory arguments as offsets
// into the dynamic shared memory, the arguments packed for cuLaunchKernel,
// and the launch handed to the device's launch thread (launch_thread.h) or
// made here.
#include "launch_geometry.h"
#include "launch_thread.h"
#include "program.h"
#include "queue.h"

#include "entry_points.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace smcp::cuda {
namespace {

/// Lets the kernel use more dynamic shared memory than the default limit:
/// once, to everything the device allows beside the kernel's static shared
/// memory, so every later launch fits whatever its size.
smcp_result allow_shared_memory(kernel_record &k, uint64_t dynamic_bytes) {
  const device_record &d = k.device();
  const uint64_t available = d.shared_per_block_optin - k.static_shared_bytes;
  if (dynamic_bytes > available)
    return fail(SMCP_ERROR_INVALID_ARGUMENT, "enqueue_launch", CUDA_SUCCESS,
                "the launch's local memory (" + std::to_string(dynamic_bytes) +
                    " bytes) exceeds the " + std::to_string(available) +
                    " bytes of shared memory the kernel can have on " + d.name);
  if (k.static_shared_bytes + dynamic_bytes <= d.shared_per_block ||
      k.large_shared_memory.load(std::memory_order_acquire))
    return SMCP_SUCCESS;
  // Every thread that gets here sets the same value: no lock needed.
  SMCP_CU_CALL(cuFuncSetAttribute,
               (k.function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, int(available)));
  k.large_shared_memory.store(true, std::memory_order_release);
  return SMCP_SUCCESS;
}

/// The grid and block of a launch.
smcp_result grid_of(const kernel_record &k, const smcp_launch &g, unsigned int grid[3],
                    unsigned int block[3]) {
  const device_record &dev = k.device();
  size_t local[3] = {1, 1, 1};
  if (g.local[0] != 0) { // libsycl guarantees global is a multiple of local then
    for (uint32_t d = 0; d < g.dims; ++d)
      local[d] = g.local[d];
  } else {
    const block_limits limits{k.max_threads_per_block,
                              {dev.max_block[0], dev.max_block[1], dev.max_block[2]}};
    choose_block(g.dims, g.global, limits, local);
  }
  for (uint32_t d = 0; d < 3; ++d) {
    const size_t global = d < g.dims ? g.global[d] : 1;
    const size_t groups = global / local[d];
    if (groups > dev.max_grid[d])
      return fail(SMCP_ERROR_INVALID_GEOMETRY, "enqueue_launch", CUDA_SUCCESS,
                  std::to_string(groups) + " work-groups (blocks of " + std::to_string(local[d]) +
                      ") in dimension " + std::to_string(d) +
                      " exceed the CUDA grid's limit of " + std::to_string(dev.max_grid[d]));
    grid[d] = static_cast<unsigned int>(groups);
    block[d] = static_cast<unsigned int>(local[d]);
  }
  return SMCP_SUCCESS;
}

} // namespace

smcp_result enqueue_launch(smcp_queue queue, smcp_kernel kernel, const smcp_launch *geometry,
                           uint32_t num_args, const smcp_kernel_arg *args, uint32_t num_wait,
                           const smcp_event *wait, smcp_event_purpose, smcp_event *out) {
  kernel_record &k = to_record(kernel);
  for (uint32_t d = 0; d < geometry->dims; ++d)
    if (geometry->offset[d] != 0)
      return fail(SMCP_ERROR_UNSUPPORTED, "enqueue_launch", CUDA_SUCCESS,
                  "CUDA launches have no global offset (libsycl folds it into the arguments)");
  for (uint32_t i = 0; i < num_args; ++i)
    if (args[i].kind != SMCP_ARG_VALUE && args[i].kind != SMCP_ARG_POINTER &&
        args[i].kind != SMCP_ARG_LOCAL)
      return fail(SMCP_ERROR_INVALID_ARGUMENT, "enqueue_launch", CUDA_SUCCESS,
                  "argument " + std::to_string(i) + " has the unknown kind " +
                      std::to_string(args[i].kind));
  if (!direct_launch::params_type::fits(num_args, args))
    return fail(SMCP_ERROR_INVALID_ARGUMENT, "enqueue_launch", CUDA_SUCCESS,
                "the kernel's " + std::to_string(num_args) + " arguments exceed the " +
                    std::to_string(direct_launch::params_type::capacity) +
                    " bytes of parameters a CUDA launch takes");
  unsigned int grid[3], block[3];
  SMCP_TRY(grid_of(k, *geometry, grid, block));
  std::vector<uint64_t> heap_offsets;
  uint64_t stack_offsets[64];
  uint64_t *local_offsets = stack_offsets;
  if (num_args > 64) {
    heap_offsets.resize(num_args);
    local_offsets = heap_offsets.data();
  }
  const uint64_t shared_bytes = lay_out_local_args(num_args, args, local_offsets);
  SMCP_TRY(make_current(k.program->where->primary));
  SMCP_TRY(allow_shared_memory(k, shared_bytes));

  auto describe = [&](auto &call) {
    call.function = k.function;
    std::copy(grid, grid + 3, call.grid);
    std::copy(block, block + 3, call.block);
    call.shared_bytes = static_cast<unsigned int>(shared_bytes);
    return call.params.pack(num_args, args, local_offsets);
  };
  command c(queue);
  queue_record &q = to_record(queue);
  // A launch right after the host waited for the queue is a latency-bound
  // one: the next wait is probably for it (launch_thread.h).
  launch_thread *thread =
      c.profiled() || q.waited_for_all() ? nullptr : q.where->launcher();
  if (thread && queued_launch::params_type::fits(num_args, args)) {
    SMCP_TRY(c.begin(num_wait, wait, out, /*handed_over=*/true));
    // Packed straight into the ring slot: only the bytes it uses travel to
    // the launch thread's core.
    const uint64_t seq = thread->push([&](queued_launch &slot, uint64_t at) {
      slot.record = nullptr;
      slot.stream = c.stream();
      describe(slot);
      q.last_launch.store(at, std::memory_order_release); // in order: under the thread's lock
    });
    return c.finish(out, seq);
  }
  SMCP_TRY(c.begin(num_wait, wait, out));
  direct_launch call;
  call.stream = c.stream();
  describe(call); // fits: checked first
  const CUresult r = call.issue();
  if (!check(r, "cuLaunchKernel", __FILE__, __LINE__))
    return to_result(r);
  return c.finish(out);
}

} // namespace smcp::cuda
