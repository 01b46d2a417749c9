// kernel_requirements.cpp - see kernel_requirements.h.
#include "kernel_requirements.h"

#include "device_impl.h"
#include "error.h"

#include <sycl/aspect.hpp>
#include <sycl/detail/abi/aspects.h>

#include <iterator>

namespace sycl::detail {
namespace {

// The SYCL aspect behind each bit of the image's set (abi/aspects.h).
struct aspect_need {
  smcp::abi::aspect_bit bit;
  aspect required;
  const char *what;
};
constexpr aspect_need aspect_needs[] = {
    {smcp::abi::aspect_fp64, aspect::fp64, "double-precision floating point (aspect::fp64)"},
    {smcp::abi::aspect_fp16, aspect::fp16, "half-precision floating point (aspect::fp16)"},
    {smcp::abi::aspect_atomic64, aspect::atomic64, "64-bit atomics (aspect::atomic64)"},
};
static_assert(std::size(aspect_needs) == std::size(smcp::abi::aspect_bits),
              "every aspect bit needs its sycl::aspect");

} // namespace

namespace {

/// The first aspect `kernel` uses that `device` lacks, or null.
const aspect_need *missing_aspect(const smcp::fatbin::DeviceImage &image, const std::string &kernel,
                                  const device_impl &device) {
  uint32_t mask = 0;
  std::string error;
  if (!smcp::fatbin::decodeKernelRequirements(image, kernel, mask, error))
    smcp::rt::throw_error(errc::kernel_not_supported,
                          "kernel '" + kernel + "': its device image is broken: " + error);
  for (const aspect_need &a : aspect_needs)
    if ((mask & a.bit) && !device.has(a.required))
      return &a;
  return nullptr;
}

} // namespace

bool kernel_runs_on(const smcp::fatbin::DeviceImage &image, const std::string &kernel,
                    const device_impl &device) {
  return missing_aspect(image, kernel, device) == nullptr;
}

void check_kernel_aspects(const smcp::fatbin::DeviceImage &image, const std::string &kernel,
                          const device_impl &device) {
  if (const aspect_need *a = missing_aspect(image, kernel, device))
    smcp::rt::throw_error(errc::kernel_not_supported,
                          "kernel '" + kernel + "' uses " + a->what + ", which device '" +
                              device.name() + "' does not support");
}

} // namespace sycl::detail
