// launch_thread.h - the CUDA adapter's launches, made on the calling thread
// or handed to the device's launch thread (../support/issue_thread.h).
//
// cuLaunchKernel costs 3-4 us of host time on the H100's host, more than
// libsycl spends on a launch. Each device of a context gets one thread that
// makes its launches, started by the first; a queue of small kernels then
// runs at the driver's rate. Everything else the adapter does on a stream
// (copies, fills, markers, event records and waits, native handles) first
// drains the launches the stream's queue has handed over, so the driver
// sees each stream's commands in submission order. On the calling thread
// launch: profiling queues, whose timestamps surround the launch there;
// launches too large for a ring slot; and a queue's first launch after the
// host waited for all of it, whose wait would otherwise pay the trip between
// threads (1-2 us on the H100's host: launch + wait is latency-bound).
// SMCP_CUDA_LAUNCH_THREAD=0 makes every launch on the calling thread.
#pragma once

#include "common.h"
#include "launch_geometry.h"

#include "../support/issue_thread.h"

namespace smcp::cuda {

/// One cuLaunchKernel, with its parameters' values; or, with `record` set,
/// one cuEventRecord after the stream's earlier launches (stream_mark::poll).
template <typename Params> struct launch_call {
  using params_type = Params;
  CUevent record = nullptr;
  CUfunction function = nullptr;
  unsigned int grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  unsigned int shared_bytes = 0;
  CUstream stream = nullptr;
  Params params;

  CUresult issue() {
    if (record)
      return driver.cuEventRecord(record, stream);
    void *pointers[sizeof(params.offset) / sizeof(params.offset[0])];
    params.pointers(pointers);
    return driver.cuLaunchKernel(function, grid[0], grid[1], grid[2], block[0], block[1],
                                 block[2], shared_bytes, stream, pointers, nullptr);
  }
};

/// A ring slot: most kernels take a few pointers and sizes.
using queued_launch = launch_call<packed_params<512, 64>>;
/// On the calling thread: up to the driver's classic 4 KiB of parameters.
using direct_launch = launch_call<packed_params<4096, 256>>;

using launch_thread = adapter::issue_thread<queued_launch>;

/// Whether launches go through launch threads (SMCP_CUDA_LAUNCH_THREAD,
/// read once; on unless "0").
bool launch_thread_enabled();

} // namespace smcp::cuda
