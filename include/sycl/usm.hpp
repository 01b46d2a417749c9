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

// The typed forms allocate Count elements of T, aligned for T.
#define SMCP_TYPED_USM(Kind)                                                   \
  template <typename T>                                                        \
  T *malloc_##Kind(size_t Count, const queue &Q, const property_list &Props = {}) { \
    return static_cast<T *>(aligned_alloc_##Kind(alignof(T), Count * sizeof(T), Q, Props)); \
  }                                                                            \
  template <typename T>                                                        \
  T *aligned_alloc_##Kind(size_t Alignment, size_t Count, const queue &Q,      \
                          const property_list &Props = {}) {                   \
    return static_cast<T *>(aligned_alloc_##Kind(Alignment, Count * sizeof(T), Q, Props)); \
  }
SMCP_TYPED_USM(device)
SMCP_TYPED_USM(host)
SMCP_TYPED_USM(shared)
#undef SMCP_TYPED_USM

template <typename T>
T *malloc_device(size_t Count, const device &Dev, const context &Ctx,
                 const property_list &Props = {}) {
  return static_cast<T *>(aligned_alloc_device(alignof(T), Count * sizeof(T), Dev, Ctx, Props));
}
template <typename T>
T *malloc_shared(size_t Count, const device &Dev, const context &Ctx,
                 const property_list &Props = {}) {
  return static_cast<T *>(aligned_alloc_shared(alignof(T), Count * sizeof(T), Dev, Ctx, Props));
}
template <typename T>
T *malloc_host(size_t Count, const context &Ctx, const property_list &Props = {}) {
  return static_cast<T *>(aligned_alloc_host(alignof(T), Count * sizeof(T), Ctx, Props));
}
template <typename T>
T *malloc(size_t Count, const queue &Q, usm::alloc Kind, const property_list &Props = {}) {
  return static_cast<T *>(aligned_alloc(alignof(T), Count * sizeof(T), Q, Kind, Props));
}

} // namespace sycl
