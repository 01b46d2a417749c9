// sycl_ext_oneapi_local_memory: group-local variables at kernel functor scope.
//
// Each call site asks for static work-group memory with
// __smcp_group_local_alloc(size, align); the device passes (device-passes/
// LowerGroupLocalMemory.cpp) turn every call into its own work-group-memory
// variable. The functions are always inlined, so that two call sites stay
// two allocations even at -O0.
#pragma once

#include "../../group.hpp"
#include "../../multi_ptr.hpp"

#include <new>
#include <type_traits>
#include <utility>

#define SYCL_EXT_ONEAPI_LOCAL_MEMORY 1

#ifdef __SYCL_DEVICE_ONLY__
extern "C" __attribute__((nothrow)) void *__smcp_group_local_alloc(size_t Size, size_t Align);
#endif

namespace sycl::ext::oneapi {

/// multi_ptr<T, Group::address_space> for Group = sycl::group; spelled out
/// so that other groups reach the static_assert below, not a failed overload.
template <typename T> using local_multi_ptr = multi_ptr<T, access::address_space::local_space>;

namespace detail {

template <typename T, typename Group> void check_group_local() {
  static_assert(std::is_same_v<Group, sycl::group<1>> || std::is_same_v<Group, sycl::group<2>> ||
                    std::is_same_v<Group, sycl::group<3>>,
                "group_local_memory: Group must be sycl::group (sycl_ext_oneapi_local_memory)");
  static_assert(std::is_trivially_destructible_v<T>,
                "group_local_memory: T must be trivially destructible "
                "(sycl_ext_oneapi_local_memory)");
}

template <typename T> __attribute__((always_inline)) T *allocate() {
#ifdef __SYCL_DEVICE_ONLY__
  return static_cast<T *>(__smcp_group_local_alloc(sizeof(T), alignof(T)));
#else
  return nullptr; // group-local memory exists only in kernels
#endif
}

} // namespace detail

template <typename T, typename Group, typename... Args>
__attribute__((always_inline)) local_multi_ptr<T>
group_local_memory(Group G, Args &&...As) {
  detail::check_group_local<T, Group>();
  T *P = detail::allocate<T>();
  if (G.leader())
    new (P) T(std::forward<Args>(As)...); // no arguments: value-initialised
  group_barrier(G);
  return local_multi_ptr<T>(P);
}

template <typename T, typename Group>
__attribute__((always_inline)) local_multi_ptr<T>
group_local_memory_for_overwrite(Group G) {
  detail::check_group_local<T, Group>();
  T *P = detail::allocate<T>();
  if constexpr (!std::is_trivially_default_constructible_v<T>) {
    if (G.leader())
      new (P) T; // default-initialised
    group_barrier(G);
  }
  return local_multi_ptr<T>(P);
}

} // namespace sycl::ext::oneapi
