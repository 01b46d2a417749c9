// interop.cpp - the CUDA objects behind the adapter's handles, for
// sycl::get_native and interop_handle (not retained: they live as long as
// the handle).
#include "program.h"
#include "queue.h"

#include "entry_points.h"

#include <cstdint>

namespace smcp::cuda {

smcp_result get_native_handle(smcp_handle_kind kind, const void *handle, void **out) {
  void *h = const_cast<void *>(handle);
  switch (kind) {
  case SMCP_HANDLE_PLATFORM: // CUDA has no platform object
    *out = nullptr;
    return SMCP_SUCCESS;
  case SMCP_HANDLE_DEVICE: // a CUdevice is an ordinal
    *out = reinterpret_cast<void *>(intptr_t(to_record(static_cast<smcp_device>(h)).ordinal));
    return SMCP_SUCCESS;
  case SMCP_HANDLE_CONTEXT: // the primary context of the context's first device
    *out = to_record(static_cast<smcp_context>(h)).devices.front()->primary;
    return SMCP_SUCCESS;
  case SMCP_HANDLE_QUEUE: { // the in-order stream, or the first of an out-of-order queue's
    queue_record &q = to_record(static_cast<smcp_queue>(h));
    q.drain_launches(); // what the user enqueues there follows the queue's launches
    *out = q.streams.front();
    return SMCP_SUCCESS;
  }
  case SMCP_HANDLE_EVENT: { // a CUevent recorded after the command
    CUevent done;
    SMCP_TRY(done_event(to_record(static_cast<smcp_event>(h)), done));
    *out = done;
    return SMCP_SUCCESS;
  }
  case SMCP_HANDLE_PROGRAM:
    *out = to_record(static_cast<smcp_program>(h)).module;
    return SMCP_SUCCESS;
  case SMCP_HANDLE_KERNEL:
    *out = to_record(static_cast<smcp_kernel>(h)).function;
    return SMCP_SUCCESS;
  default: // an unknown kind: refused below
    break;
  }
  return fail(SMCP_ERROR_INVALID_ARGUMENT, "get_native_handle", CUDA_SUCCESS,
              "unknown handle kind " + std::to_string(kind));
}

} // namespace smcp::cuda
