// usm_registry.h - every live USM allocation: pointer -> kind, size, device
// and context. It answers get_pointer_type/get_pointer_device and lets free()
// reject double frees and foreign pointers with a clear error.
#pragma once

#include <sycl/usm.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

namespace sycl::detail {

class context_impl;
class device_impl;

struct usm_allocation {
  void *base; // what the user got
  size_t size;
  usm::alloc kind;
  std::shared_ptr<device_impl> device; // null for host allocations
  std::shared_ptr<context_impl> context;
  /// What the adapter allocated (and frees): base, or below it when the
  /// alignment was made by allocating more and rounding up.
  void *backend = nullptr;
};

class usm_registry {
public:
  static usm_registry &get();

  void add(usm_allocation a);
  /// The allocation containing ptr, if any.
  std::optional<usm_allocation> find(const void *ptr) const;
  /// Removes and returns the allocation starting at ptr; throws errc::invalid
  /// when ptr is not the start of a live allocation of context.
  usm_allocation remove(void *ptr, const context_impl &context);

private:
  mutable std::mutex _mutex;
  std::map<uintptr_t, usm_allocation> _allocations; // by base address
};

} // namespace sycl::detail
