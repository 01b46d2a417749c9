// sycl::private_memory (SYCL 2020 4.10.7.3): a variable of a hierarchical
// kernel's work-group scope with one instance per (physical) work-item. Other
// work-group-scope variables are shared by the group (they live in local
// memory); the constructor's __smcp_private_memory call tells
// LowerWorkGroupScope to leave this object in each work-item's private memory.
#pragma once

#include "detail/hierarchical.hpp"
#include "group.hpp"
#include "h_item.hpp"

namespace sycl {

template <typename T, int Dims = 1> class private_memory {
public:
  private_memory(const group<Dims> &) {
#ifdef __SYCL_DEVICE_ONLY__
    __smcp_private_memory(this);
#endif
  }

  /// The instance of the calling work-item (Id only names it).
  T &operator()(const h_item<Dims> &) { return Value; }

private:
  T Value;
};

} // namespace sycl
