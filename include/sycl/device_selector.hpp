// The standard device selectors (SYCL 2020 4.6.1.1). A selector is any
// callable int(const device &): the device with the highest non-negative
// score is chosen; a negative score rejects a device.
#pragma once

#include "aspect.hpp"
#include "device.hpp"

#include <functional>
#include <initializer_list>
#include <vector>

namespace sycl {

/// Prefers a GPU, then an accelerator, then a CPU.
int default_selector_v(const device &Dev);
int gpu_selector_v(const device &Dev);
int cpu_selector_v(const device &Dev);
int accelerator_selector_v(const device &Dev);

/// SYCL 1.2.1's selector classes, deprecated by SYCL 2020 (4.6.1.2) and
/// still common in existing code: a device_selector is a callable too, so
/// queues and devices take them like the *_selector_v functions.
class device_selector {
public:
  virtual ~device_selector() = default;
  virtual int operator()(const device &Dev) const = 0;
  device select_device() const { return device(std::cref(*this)); }
};
class default_selector : public device_selector {
public:
  int operator()(const device &Dev) const override { return default_selector_v(Dev); }
};
class gpu_selector : public device_selector {
public:
  int operator()(const device &Dev) const override { return gpu_selector_v(Dev); }
};
class cpu_selector : public device_selector {
public:
  int operator()(const device &Dev) const override { return cpu_selector_v(Dev); }
};
class accelerator_selector : public device_selector {
public:
  int operator()(const device &Dev) const override { return accelerator_selector_v(Dev); }
};

namespace detail {
template <typename T>
inline constexpr bool is_device_selector_v =
    std::is_invocable_r_v<int, const T &, const device &>;
} // namespace detail

/// A selector accepting devices that have all the given aspects.
inline auto aspect_selector(const std::vector<aspect> &Require,
                            const std::vector<aspect> &Deny = {}) {
  return [=](const device &Dev) {
    for (aspect A : Require)
      if (!Dev.has(A))
        return -1;
    for (aspect A : Deny)
      if (Dev.has(A))
        return -1;
    return default_selector_v(Dev);
  };
}

template <typename... Aspects> auto aspect_selector(Aspects... Required) {
  return aspect_selector(std::vector<aspect>{Required...});
}

} // namespace sycl
