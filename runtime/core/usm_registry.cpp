// usm_registry.cpp - bookkeeping of live USM allocations.
#include "usm_registry.h"

#include "error.h"

#include <algorithm>
#include <cstdio>

namespace sycl::detail {
namespace {

std::string pointer_text(const void *p) {
  char text[32];
  std::snprintf(text, sizeof(text), "%p", p);
  return text;
}

} // namespace

usm_registry &usm_registry::get() {
  // Leaked on purpose: frees from static destructors may come after ours.
  static usm_registry *registry = new usm_registry();
  return *registry;
}

void usm_registry::add(usm_allocation a) {
  std::lock_guard<std::mutex> lock(_mutex);
  _allocations[reinterpret_cast<uintptr_t>(a.base)] = std::move(a);
}

std::optional<usm_allocation> usm_registry::find(const void *ptr) const {
  const auto p = reinterpret_cast<uintptr_t>(ptr);
  std::lock_guard<std::mutex> lock(_mutex);
  auto it = _allocations.upper_bound(p);
  if (it == _allocations.begin())
    return std::nullopt;
  --it;
  // A zero-byte allocation still owns its base address.
  if (p < it->first || p - it->first >= std::max<size_t>(it->second.size, 1))
    return std::nullopt;
  return it->second;
}

usm_allocation usm_registry::remove(void *ptr, const context_impl &context) {
  std::lock_guard<std::mutex> lock(_mutex);
  auto it = _allocations.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == _allocations.end())
    smcp::rt::throw_error(errc::invalid, "sycl::free: " + pointer_text(ptr) +
                                             " is not a live USM allocation (never allocated "
                                             "by sycl::malloc_*, already freed, or not the "
                                             "start of its allocation)");
  if (it->second.context.get() != &context)
    smcp::rt::throw_error(errc::invalid, "sycl::free: " + pointer_text(ptr) +
                                             " belongs to another context");
  usm_allocation a = std::move(it->second);
  _allocations.erase(it);
  return a;
}

} // namespace sycl::detail
