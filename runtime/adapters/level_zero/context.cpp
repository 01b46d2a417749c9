// context.cpp - contexts: one ze context over the devices of one driver.
#include "context.h"

#include "entry_points.h"

#include <algorithm>

namespace smcp::level_zero {

context_record::~context_record() {
  // Events given back before their commands were done may keep others
  // (their commands' wait lists), of either pool: let go of them all first.
  while (host_events.drop_kept_waits() + device_events.drop_kept_waits() +
             timestamp_events.drop_kept_waits() >
         0) {
  }
  for (auto &[device, list] : proxy_lists)
    SMCP_ZE_CHECK(zeCommandListDestroy, (list));
  host_events.destroy_all();
  device_events.destroy_all();
  timestamp_events.destroy_all();
  if (handle)
    SMCP_ZE_CHECK(zeContextDestroy, (handle));
}

bool context_record::has(const device_record &d) const {
  return std::find(devices.begin(), devices.end(), &d) != devices.end();
}

smcp_result check_device(const context_record &c, smcp_device device, const char *entry) {
  if (c.has(to_record(device)))
    return SMCP_SUCCESS;
  return fail(SMCP_ERROR_INVALID_ARGUMENT, entry, ZE_RESULT_SUCCESS,
              "the device is not one of the context's");
}

smcp_result context_create(uint32_t num_devices, const smcp_device *devices, smcp_context *out) {
  if (num_devices == 0)
    return fail(SMCP_ERROR_INVALID_ARGUMENT, "context_create", ZE_RESULT_SUCCESS,
                "a context needs at least one device");
  auto c = std::make_shared<context_record>();
  for (uint32_t i = 0; i < num_devices; ++i) {
    device_record &d = to_record(devices[i]);
    if (i > 0 && d.platform != c->devices.front()->platform)
      return fail(SMCP_ERROR_INVALID_ARGUMENT, "context_create", ZE_RESULT_SUCCESS,
                  "a Level Zero context spans the devices of one driver only");
    c->devices.push_back(&d);
    c->device_handles.push_back(d.handle);
  }
  ze_context_desc_t desc{};
  desc.stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC;
  SMCP_ZE_CALL(zeContextCreate, (c->devices.front()->platform->handle, &desc, &c->handle));
  *out = reinterpret_cast<smcp_context>(new context_handle{std::move(c)});
  return SMCP_SUCCESS;
}

smcp_result context_release(smcp_context context) {
  delete reinterpret_cast<context_handle *>(context);
  return SMCP_SUCCESS;
}

} // namespace smcp::level_zero
