// selector.cpp - the standard device selectors and device selection.
#include "../core/error.h"
#include "../core/image_registry.h"
#include "../core/impl_access.h"
#include "../core/runtime_state.h"

#include <sycl/device.hpp>
#include <sycl/device_selector.hpp>

namespace sycl {
namespace {

using detail::impl_access;

const char *wanted_kind(const std::function<int(const device &)> &selector) {
  using fn = int (*)(const device &);
  const fn *f = selector.target<fn>();
  if (!f)
    return nullptr;
  if (*f == &gpu_selector_v)
    return "GPU";
  if (*f == &cpu_selector_v)
    return "CPU";
  if (*f == &accelerator_selector_v)
    return "accelerator";
  return nullptr;
}

std::string device_list(const std::vector<std::shared_ptr<detail::device_impl>> &devs) {
  std::string text;
  for (const auto &d : devs)
    text += "\n  " + d->name();
  return text;
}

} // namespace

int default_selector_v(const device &dev) {
  // A device that loads one of the program's device images comes before any
  // that loads none: a binary built for one target picks a device of that
  // target over a preferred kind it has no code for. Then GPUs first.
  const int loads_images =
      detail::image_registry::get().images_for(*impl_access::impl(dev)).empty() ? 0 : 1000;
  if (dev.is_gpu())
    return loads_images + 300;
  if (dev.is_accelerator())
    return loads_images + 200;
  return loads_images + (dev.is_cpu() ? 100 : 0);
}
int gpu_selector_v(const device &dev) { return dev.is_gpu() ? 1 : -1; }
int cpu_selector_v(const device &dev) { return dev.is_cpu() ? 1 : -1; }
int accelerator_selector_v(const device &dev) { return dev.is_accelerator() ? 1 : -1; }

device device::select(const std::function<int(const device &)> &selector) {
  auto &state = detail::runtime_state::get();
  auto devs = state.devices();
  if (devs.empty())
    smcp::rt::throw_error(errc::runtime, "no SYCL device is available; " + state.explain_devices());
  std::shared_ptr<detail::device_impl> best;
  int best_score = -1;
  for (const auto &d : devs) {
    int score = selector(impl_access::wrap<device>(d));
    if (score > best_score) { // ties keep the first device, in platform order
      best_score = score;
      best = d;
    }
  }
  if (best)
    return impl_access::wrap<device>(best);
  const char *kind = wanted_kind(selector);
  std::string what = kind ? std::string("no ") + kind + " device is available"
                          : std::string("no device satisfies the device selector");
  smcp::rt::throw_error(errc::runtime, what + "; the available devices are:" + device_list(devs));
}

} // namespace sycl
