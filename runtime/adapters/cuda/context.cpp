// context.cpp - contexts: a retained primary context per device.
#include "context.h"

#include "entry_points.h"

#include <cstdlib>
#include <cstring>

namespace smcp::cuda {

bool launch_thread_enabled() {
  static const bool enabled = [] {
    const char *v = std::getenv("SMCP_CUDA_LAUNCH_THREAD");
    return !v || std::strcmp(v, "0") != 0;
  }();
  return enabled;
}

launch_thread *device_context::launcher() {
  if (!launch_thread_enabled())
    return nullptr;
  std::call_once(_launcher_once, [this] {
    const CUcontext context = primary;
    _launcher = std::make_unique<launch_thread>(
        [](queued_launch &l) {
          const CUresult r = l.issue();
          // The trace line; the error: at its wait.
          check(r, l.record ? "cuEventRecord" : "cuLaunchKernel", __FILE__, __LINE__);
          return int(r);
        },
        [context] { make_current(context); });
  });
  return _launcher.get();
}

device_context::~device_context() {
  _launcher.reset(); // its last launches issued: nothing else may use the stream after
  if (!primary)
    return;
  if (make_current(primary) == SMCP_SUCCESS)
    events.destroy_all();
  SMCP_CU_CHECK(cuDevicePrimaryCtxRelease, (device->ordinal));
}

smcp_result enter(smcp_context context, smcp_device device, const char *entry,
                  device_context_ref &out) {
  for (const auto &d : to_record(context).devices)
    if (d->device == &to_record(device)) {
      out = d;
      return make_current(d->primary);
    }
  return fail(SMCP_ERROR_INVALID_ARGUMENT, entry, CUDA_SUCCESS,
              "the device is not one of the context's");
}

smcp_result context_create(uint32_t num_devices, const smcp_device *devices, smcp_context *out) {
  if (num_devices == 0)
    return fail(SMCP_ERROR_INVALID_ARGUMENT, "context_create", CUDA_SUCCESS,
                "a context needs at least one device");
  auto context = std::make_unique<context_record>();
  for (uint32_t i = 0; i < num_devices; ++i) {
    auto d = std::make_shared<device_context>();
    d->device = &to_record(devices[i]);
    SMCP_CU_CALL(cuDevicePrimaryCtxRetain, (&d->primary, d->device->ordinal));
    context->devices.push_back(std::move(d));
  }
  SMCP_TRY(enable_peer_access(*context));
  *out = reinterpret_cast<smcp_context>(context.release());
  return SMCP_SUCCESS;
}

smcp_result context_release(smcp_context context) {
  delete &to_record(context);
  return SMCP_SUCCESS;
}

} // namespace smcp::cuda
