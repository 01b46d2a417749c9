// device_assert.cpp - see device_assert.h.
#include "device_assert.h"

#include "context_impl.h"
#include "device_globals.h"
#include "device_impl.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace sycl::detail {

void *assert_flag(context_impl &context, const device_impl &device) {
  return context.device_globals().get(device, {"smcp.assert_flag", sizeof(uint32_t), nullptr});
}

void check_device_assert(context_impl &context, const device_impl &device, const void *flag) {
  uint32_t failed = 0;
  context.device_globals().read(device, flag, &failed, sizeof(failed));
  if (!failed)
    return;
  std::fflush(stdout); // the device's message, printed through the process's stdout
  std::fprintf(stderr,
               "sycl: a kernel failed an assertion on device '%s' (its message is above); "
               "aborting\n",
               device.name().c_str());
  std::abort();
}

} // namespace sycl::detail
