// runtime_state.h - the process-wide view of backends: loaded adapters, their
// platforms and the devices ONEAPI_DEVICE_SELECTOR leaves visible.
//
// Built on first use (never from a static constructor, so that registering
// device images before main costs nothing) and deliberately never destroyed:
// SYCL objects in other static destructors may still use it at exit.
#pragma once

#include "adapter_loader.h"
#include "device_filter.h"
#include "device_impl.h"

#include <sycl/exception.hpp>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace sycl::detail {

class context_impl;

class runtime_state {
public:
  /// Throws errc::invalid when ONEAPI_DEVICE_SELECTOR cannot be parsed.
  static runtime_state &get();

  /// Platforms with at least one visible device.
  const std::vector<std::shared_ptr<platform_impl>> &platforms() const { return _platforms; }
  std::vector<std::shared_ptr<device_impl>> devices() const;
  const smcp::rt::loaded_adapters &adapters() const { return _adapters; }

  /// Says why no device is visible: which adapters were tried and what became
  /// of each (adapters().attempts), ONEAPI_DEVICE_SELECTOR hiding devices included.
  std::string explain_devices() const;

  /// The context queues get when none is given: one per platform, with all
  /// its visible devices.
  std::shared_ptr<context_impl> default_context(platform_impl &p);
  /// The context a queue on d gets when none is given: its platform's for a
  /// root device; for a sub-device, which the platform's context does not
  /// hold, one of its own (made once).
  std::shared_ptr<context_impl> default_context(const std::shared_ptr<device_impl> &d);

  std::shared_ptr<device_impl> shared_device(const device_impl *d) const;

private:
  runtime_state();
  struct device_counts {
    unsigned platforms = 0, visible = 0, hidden = 0;
  };
  device_counts enumerate(const smcp::rt::adapter &a, std::vector<unsigned> &next_index);
  adapter_outcome &attempt_of(const smcp::rt::adapter &a);
  /// Completes a loaded adapter's outcome from what its enumeration found.
  void settle(adapter_outcome &o, device_counts counts);

  smcp::rt::loaded_adapters _adapters;
  smcp::rt::device_filter _filter;
  std::vector<std::shared_ptr<platform_impl>> _platforms;
  std::mutex _mutex;
  std::vector<std::pair<platform_impl *, std::shared_ptr<context_impl>>> _default_contexts;
  std::vector<std::pair<device_impl *, std::shared_ptr<context_impl>>> _sub_device_contexts;
};

} // namespace sycl::detail
