// kernel_requirements.cpp - see kernel_requirements.h.
#include "kernel_requirements.h"

#include "device_impl.h"
#include "error.h"

#include <sycl/aspect.hpp>

namespace sycl::detail {
namespace {

// Bit values as in device-passes/Passes.h (KernelAspect).
struct aspect_bit {
  unsigned bit;
  aspect required;
  const char *what;
};
constexpr aspect_bit aspect_bits[] = {
    {1, aspect::fp64, "double-precision floating point (aspect::fp64)"},
    {2, aspect::fp16, "half-precision floating point (aspect::fp16)"},
    {4, aspect::atomic64, "64-bit atomics (aspect::atomic64)"},
};

/// The mask recorded for `kernel`: "<kernel>=<mask>" lines.
unsigned recorded_mask(const smcp::fatbin::DeviceImage &image, const std::string &kernel) {
  const smcp::fatbin::Property *p = image.findProperty("smcp.kernel_aspects");
  if (!p)
    return 0;
  std::string text(p->Value.begin(), p->Value.end());
  const std::string key = kernel + "=";
  for (size_t pos = 0; pos < text.size();) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos)
      end = text.size();
    if (text.compare(pos, key.size(), key) == 0)
      return unsigned(std::strtoul(text.c_str() + pos + key.size(), nullptr, 10));
    pos = end + 1;
  }
  return 0;
}

} // namespace

void check_kernel_aspects(const smcp::fatbin::DeviceImage &image, const std::string &kernel,
                          const device_impl &device) {
  unsigned mask = recorded_mask(image, kernel);
  for (const aspect_bit &a : aspect_bits)
    if ((mask & a.bit) && !device.has(a.required))
      smcp::rt::throw_error(errc::kernel_not_supported,
                            "kernel '" + kernel + "' uses " + a.what + ", which device '" +
                                device.name() + "' does not support");
}

} // namespace sycl::detail
