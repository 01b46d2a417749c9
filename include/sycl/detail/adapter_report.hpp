// adapter_report.hpp - what became of each adapter the runtime tried, for
// sycl-ls --verbose and the "no device" error: the loader
// (runtime/core/adapter_loader.cpp) records one adapter_outcome per library it
// tried, and the device enumeration (runtime/core/runtime_state.cpp)
// completes the record of each adapter that loaded.
#pragma once

#include <string>
#include <vector>

namespace sycl::detail {

struct adapter_outcome {
  enum class state {
    usable,             // loaded, initialised, at least one device visible
    not_found,          // no file at the path
    load_failed,        // dlopen failed, or no entry point: reason has dlerror()'s text
    abi_mismatch,       // the adapter and libsycl speak different ABI versions
    init_failed,        // the adapter's init failed (no driver, driver error)
    no_devices,         // initialised, but its backend offers no platform or device
    enumeration_failed, // asking it for platforms or devices failed
    hidden,             // every device it has is hidden by ONEAPI_DEVICE_SELECTOR
  };
  std::string library;  // the path tried
  state status = state::usable;
  std::string reason;   // why it is unusable; empty when usable
  unsigned devices = 0; // visible devices it contributes
};

/// One word per state, as sycl-ls prints it ("usable", "not-found", ...).
const char *outcome_name(adapter_outcome::state s);

/// Every adapter tried, in the order the runtime tried them.
std::vector<adapter_outcome> adapter_outcomes();

} // namespace sycl::detail
