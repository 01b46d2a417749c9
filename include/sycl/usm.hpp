// Unified shared memory (SYCL 2020 4.8): allocation, release and pointer queries.
#pragma once

#include "context.hpp"
#include "device.hpp"
#include "property_list.hpp"
#include "queue.hpp"

#include <cstddef>

namespace sycl {

namespace usm {
enum class alloc : int { host, device, shared, unknown };
} // namespace usm

// All allocation functions return nullptr when the memory cannot be had, and
// throw errc::feature_not_supported when the device lacks the USM aspect.
void *malloc_device(size_t NumBytes, const device &Dev, const context &Ctx,
                    const property_list &Props = {});
void *malloc_device(size_t NumBytes, const queue &Q, const property_list &Props = {});
void *aligned_alloc_device(size_t Alignment, size_t NumBytes, const device &Dev,
                           const context &Ctx, const property_list &Props = {});
void *aligned_alloc_device(size_t Alignment, size_t NumBytes, const queue &Q,
                           const property_list &Props = {});

void *malloc_host(size_t NumBytes, const context &Ctx, const property_list &Props = {});
void *malloc_host(size_t NumBytes, const queue &Q, const property_list &Props = {});
void *aligned_alloc_host(size_t Alignment, size_t NumBytes, const context &Ctx,
                         const property_list &Props = {});
void *aligned_alloc_host(size_t Alignment, size_t NumBytes, const queue &Q,
                         const property_list &Props = {});

void *malloc_shared(size_t NumBytes, const device &Dev, const context &Ctx,
                    const property_list &Props = {});
void *malloc_shared(size_t NumBytes, const queue &Q, const property_list &Props = {});
void *aligned_alloc_shared(size_t Alignment, size_t NumBytes, const device &Dev,
                           const context &Ctx, const property_list &Props = {});
void *aligned_alloc_shared(size_t Alignment, size_t NumBytes, const queue &Q,
                           const property_list &Props = {});

void *malloc(size_t NumBytes, const device &Dev, const context &Ctx, usm::alloc Kind,
             const property_list &Props = {});
void *malloc(size_t NumBytes, const queue &Q, usm::alloc Kind, const property_list &Props = {});
void *aligned_alloc(size_t Alignment, size_t NumBytes, const device &Dev, const context &Ctx,
                    usm::alloc Kind, const property_list &Props = {});
void *aligned_alloc(size_t Alignment, size_t NumBytes, const queue &Q, usm::alloc Kind,
                    const property_list &Props = {});

void free(void *Ptr, const context &Ctx);
void free(void *Ptr, const queue &Q);

usm::alloc get_pointer_type(const void *Ptr, const context &Ctx);
/// Throws errc::invalid when Ptr is not a USM pointer of Ctx.
device get_pointer_device(const void *Ptr, const context &Ctx);

// The typed forms (SYCL 2020 4.8.3): Count elements of T, aligned for T
// (malloc_*) or as asked (aligned_alloc_*; 0 means aligned for T).
namespace detail {
template <typename T> constexpr size_t typed_alignment(size_t Alignment) {
  return Alignment ? Alignment : alignof(T);
}
} // namespace detail

#define SMCP_TYPED_USM_DEVICE_KIND(Kind)                                                           \
  template <typename T>                                                                            \
  T *malloc_##Kind(size_t Count, const device &Dev, const context &Ctx,                            \
                   const property_list &Props = {}) {                                              \
    return static_cast<T *>(aligned_alloc_##Kind(alignof(T), Count * sizeof(T), Dev, Ctx, Props)); \
  }                                                                                                \
  template <typename T>                                                                            \
  T *malloc_##Kind(size_t Count, const queue &Q, const property_list &Props = {}) {               \
    return static_cast<T *>(aligned_alloc_##Kind(alignof(T), Count * sizeof(T), Q, Props));        \
  }                                                                                                \
  template <typename T>                                                                            \
  T *aligned_alloc_##Kind(size_t Alignment, size_t Count, const device &Dev, const context &Ctx,   \
                          const property_list &Props = {}) {                                       \
    return static_cast<T *>(aligned_alloc_##Kind(detail::typed_alignment<T>(Alignment),            \
                                                 Count * sizeof(T), Dev, Ctx, Props));             \
  }                                                                                                \
  template <typename T>                                                                            \
  T *aligned_alloc_##Kind(size_t Alignment, size_t Count, const queue &Q,                          \
                          const property_list &Props = {}) {                                       \
    return static_cast<T *>(                                                                       \
        aligned_alloc_##Kind(detail::typed_alignment<T>(Alignment), Count * sizeof(T), Q, Props)); \
  }
SMCP_TYPED_USM_DEVICE_KIND(device)
SMCP_TYPED_USM_DEVICE_KIND(shared)
#undef SMCP_TYPED_USM_DEVICE_KIND

template <typename T>
T *malloc_host(size_t Count, const context &Ctx, const property_list &Props = {}) {
  return static_cast<T *>(aligned_alloc_host(alignof(T), Count * sizeof(T), Ctx, Props));
}
template <typename T>
T *malloc_host(size_t Count, const queue &Q, const property_list &Props = {}) {
  return static_cast<T *>(aligned_alloc_host(alignof(T), Count * sizeof(T), Q, Props));
}
template <typename T>
T *aligned_alloc_host(size_t Alignment, size_t Count, const context &Ctx,
                      const property_list &Props = {}) {
  return static_cast<T *>(
      aligned_alloc_host(detail::typed_alignment<T>(Alignment), Count * sizeof(T), Ctx, Props));
}
template <typename T>
T *aligned_alloc_host(size_t Alignment, size_t Count, const queue &Q,
                      const property_list &Props = {}) {
  return static_cast<T *>(
      aligned_alloc_host(detail::typed_alignment<T>(Alignment), Count * sizeof(T), Q, Props));
}

template <typename T>
T *malloc(size_t Count, const device &Dev, const context &Ctx, usm::alloc Kind,
          const property_list &Props = {}) {
  return static_cast<T *>(aligned_alloc(alignof(T), Count * sizeof(T), Dev, Ctx, Kind, Props));
}
template <typename T>
T *malloc(size_t Count, const queue &Q, usm::alloc Kind, const property_list &Props = {}) {
  return static_cast<T *>(aligned_alloc(alignof(T), Count * sizeof(T), Q, Kind, Props));
}
template <typename T>
T *aligned_alloc(size_t Alignment, size_t Count, const device &Dev, const context &Ctx,
                 usm::alloc Kind, const property_list &Props = {}) {
  return static_cast<T *>(aligned_alloc(detail::typed_alignment<T>(Alignment), Count * sizeof(T),
                                        Dev, Ctx, Kind, Props));
}
template <typename T>
T *aligned_alloc(size_t Alignment, size_t Count, const queue &Q, usm::alloc Kind,
                 const property_list &Props = {}) {
  return static_cast<T *>(
      aligned_alloc(detail::typed_alignment<T>(Alignment), Count * sizeof(T), Q, Kind, Props));
}

} // namespace sycl
