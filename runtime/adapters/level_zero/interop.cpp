// interop.cpp - the Level Zero objects behind the adapter's handles, for
// sycl::get_native<backend::ext_oneapi_level_zero> and interop_handle (not
// retained: they live as long as the handle).
#include "program.h"
#include "queue.h"

#include "entry_points.h"

namespace smcp::level_zero {

smcp_result get_native_handle(smcp_handle_kind kind, const void *handle, void **out) {
  void *h = const_cast<void *>(handle);
  switch (kind) {
  case SMCP_HANDLE_PLATFORM:
    *out = to_record(static_cast<smcp_platform>(h)).handle;
    return SMCP_SUCCESS;
  case SMCP_HANDLE_DEVICE:
    *out = to_record(static_cast<smcp_device>(h)).handle;
    return SMCP_SUCCESS;
  case SMCP_HANDLE_CONTEXT:
    *out = to_ref(static_cast<smcp_context>(h))->handle;
    return SMCP_SUCCESS;
  case SMCP_HANDLE_QUEUE: // the queue's immediate command list
    *out = to_record(static_cast<smcp_queue>(h)).list;
    return SMCP_SUCCESS;
  case SMCP_HANDLE_EVENT:
    *out = to_record(static_cast<smcp_event>(h)).handle();
    return SMCP_SUCCESS;
  case SMCP_HANDLE_PROGRAM:
    *out = to_record(static_cast<smcp_program>(h)).module;
    return SMCP_SUCCESS;
  case SMCP_HANDLE_KERNEL:
    *out = to_record(static_cast<smcp_kernel>(h)).handle;
    return SMCP_SUCCESS;
  default: // an unknown kind: refused below
    break;
  }
  return fail(SMCP_ERROR_INVALID_ARGUMENT, "get_native_handle", ZE_RESULT_SUCCESS,
              "unknown handle kind " + std::to_string(kind));
}

} // namespace smcp::level_zero
