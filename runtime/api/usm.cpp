// usm.cpp - USM allocation, release and pointer queries.
#include "../core/context_impl.h"
#include "../core/error.h"
#include "../core/impl_access.h"
#include "../core/trace.h"
#include "../core/usm_registry.h"

#include <cstdint>

#include <sycl/usm.hpp>

namespace sycl {
namespace {

using detail::impl_access;

smcp_usm_kind to_kind(usm::alloc kind) {
  switch (kind) {
  case usm::alloc::device:
    return SMCP_USM_DEVICE;
  case usm::alloc::host:
    return SMCP_USM_HOST;
  case usm::alloc::shared:
    return SMCP_USM_SHARED;
  default:
    smcp::rt::throw_error(errc::invalid, "USM allocation of kind 'unknown'");
  }
}

aspect required_aspect(usm::alloc kind) {
  return kind == usm::alloc::device ? aspect::usm_device_allocations
         : kind == usm::alloc::host ? aspect::usm_host_allocations
                                    : aspect::usm_shared_allocations;
}

const char *kind_name(usm::alloc kind) {
  return kind == usm::alloc::device ? "device" : kind == usm::alloc::host ? "host" : "shared";
}

/// The one allocation path: checks, asks the adapter, records the allocation.
void *allocate(size_t alignment, size_t bytes, const std::shared_ptr<detail::device_impl> &dev,
               const std::shared_ptr<detail::context_impl> &ctx, usm::alloc kind) {
  const smcp_usm_kind backend_kind = to_kind(kind);
  if (!ctx->contains(*dev))
    smcp::rt::throw_error(errc::invalid, "USM allocation for device '" + dev->name() +
                                             "', which is not part of the given context");
  if (!dev->has(required_aspect(kind)))
    smcp::rt::throw_error(errc::feature_not_supported,
                          std::string("device '") + dev->name() + "' cannot allocate " +
                              kind_name(kind) + " USM");
  if (alignment & (alignment - 1))
    smcp::rt::throw_error(errc::invalid, "USM alignment " + std::to_string(alignment) +
                                             " is not a power of two");
  if (bytes == 0)
    return nullptr;
  const auto &a = ctx->adapter();
  auto try_alloc = [&](size_t size, size_t align, void *&out) {
    smcp_result r = a.try_call("usm_alloc", a.table().usm_alloc, ctx->handle(), dev->handle(),
                               backend_kind, size, align, &out);
    if (r != SMCP_SUCCESS)
      smcp::rt::trace("USM allocation failed: %s",
                      a.describe_last_error("usm_alloc", r).c_str());
    return r == SMCP_SUCCESS;
  };
  void *backend = nullptr, *ptr = nullptr;
  if (try_alloc(bytes, alignment, backend)) {
    if (alignment == 0 || reinterpret_cast<uintptr_t>(backend) % alignment == 0)
      ptr = backend;
    else // the backend took the request but not the alignment
      SMCP_ADAPTER_CALL(a, usm_free, ctx->handle(), backend_kind, backend);
  }
  // Alignments a backend does not offer (clSVMAlloc on PoCL above 128
  // bytes, CUDA above 256): allocate alignment - 1 bytes more and round
  // up. Up to 64 bytes every backend aligns, so a failure there is a
  // failure (no retry).
  constexpr size_t always_aligned = 64;
  if (!ptr && alignment > always_aligned && bytes <= SIZE_MAX - alignment &&
      try_alloc(bytes + alignment - 1, 0, backend)) {
    const uintptr_t raw = reinterpret_cast<uintptr_t>(backend);
    ptr = reinterpret_cast<void *>((raw + alignment - 1) & ~uintptr_t(alignment - 1));
  }
  if (!ptr) // SYCL reports failed allocations with nullptr
    return nullptr;
  detail::usm_registry::get().add(
      {ptr, bytes, kind, kind == usm::alloc::host ? nullptr : dev, ctx, backend});
  return ptr;
}

void *allocate(size_t alignment, size_t bytes, const device &dev, const context &ctx,
               usm::alloc kind) {
  return allocate(alignment, bytes, impl_access::impl(dev), impl_access::impl(ctx), kind);
}

void *allocate(size_t alignment, size_t bytes, const queue &q, usm::alloc kind) {
  return allocate(alignment, bytes, q.get_device(), q.get_context(), kind);
}

/// Host allocations belong to a context, not a device: any of its devices can make them.
void *allocate_host(size_t alignment, size_t bytes, const context &ctx) {
  const auto &c = impl_access::impl(ctx);
  return allocate(alignment, bytes, c->devices().front(), c, usm::alloc::host);
}

} // namespace

void *malloc_device(size_t n, const device &d, const context &c, const property_list &) {
  return allocate(0, n, d, c, usm::alloc::device);
}
void *malloc_device(size_t n, const queue &q, const property_list &) {
  return allocate(0, n, q, usm::alloc::device);
}
void *aligned_alloc_device(size_t al, size_t n, const device &d, const context &c,
                           const property_list &) {
  return allocate(al, n, d, c, usm::alloc::device);
}
void *aligned_alloc_device(size_t al, size_t n, const queue &q, const property_list &) {
  return allocate(al, n, q, usm::alloc::device);
}

void *malloc_host(size_t n, const context &c, const property_list &) {
  return allocate_host(0, n, c);
}
void *malloc_host(size_t n, const queue &q, const property_list &) {
  return allocate_host(0, n, q.get_context());
}
void *aligned_alloc_host(size_t al, size_t n, const context &c, const property_list &) {
  return allocate_host(al, n, c);
}
void *aligned_alloc_host(size_t al, size_t n, const queue &q, const property_list &) {
  return allocate_host(al, n, q.get_context());
}

void *malloc_shared(size_t n, const device &d, const context &c, const property_list &) {
  return allocate(0, n, d, c, usm::alloc::shared);
}
void *malloc_shared(size_t n, const queue &q, const property_list &) {
  return allocate(0, n, q, usm::alloc::shared);
}
void *aligned_alloc_shared(size_t al, size_t n, const device &d, const context &c,
                           const property_list &) {
  return allocate(al, n, d, c, usm::alloc::shared);
}
void *aligned_alloc_shared(size_t al, size_t n, const queue &q, const property_list &) {
  return allocate(al, n, q, usm::alloc::shared);
}

void *malloc(size_t n, const device &d, const context &c, usm::alloc kind,
             const property_list &) {
  return kind == usm::alloc::host ? allocate_host(0, n, c) : allocate(0, n, d, c, kind);
}
void *malloc(size_t n, const queue &q, usm::alloc kind, const property_list &p) {
  return malloc(n, q.get_device(), q.get_context(), kind, p);
}
void *aligned_alloc(size_t al, size_t n, const device &d, const context &c, usm::alloc kind,
                    const property_list &) {
  return kind == usm::alloc::host ? allocate_host(al, n, c) : allocate(al, n, d, c, kind);
}
void *aligned_alloc(size_t al, size_t n, const queue &q, usm::alloc kind,
                    const property_list &p) {
  return aligned_alloc(al, n, q.get_device(), q.get_context(), kind, p);
}

void free(void *ptr, const context &ctx) {
  if (!ptr)
    return;
  const auto &c = impl_access::impl(ctx);
  detail::usm_allocation a = detail::usm_registry::get().remove(ptr, *c);
  // sycl::free reports nothing (SYCL 2020 4.8.3.5 gives it no error): code
  // frees in clean-up paths. A backend's refusal is only traced.
  const auto &adapter = c->adapter();
  smcp_result r = adapter.try_call("usm_free", adapter.table().usm_free, c->handle(),
                                   to_kind(a.kind), a.backend);
  if (r != SMCP_SUCCESS)
    smcp::rt::trace("sycl::free: %s", adapter.describe_last_error("usm_free", r).c_str());
}
void free(void *ptr, const queue &q) { free(ptr, q.get_context()); }

usm::alloc get_pointer_type(const void *ptr, const context &ctx) {
  auto a = detail::usm_registry::get().find(ptr);
  if (!a || a->context != impl_access::impl(ctx))
    return usm::alloc::unknown;
  return a->kind;
}

device get_pointer_device(const void *ptr, const context &ctx) {
  auto a = detail::usm_registry::get().find(ptr);
  if (!a || a->context != impl_access::impl(ctx))
    smcp::rt::throw_error(errc::invalid, "get_pointer_device: the pointer is not a USM "
                                         "allocation of this context");
  // Host allocations are not tied to a device: SYCL says to return any device of the context.
  return impl_access::wrap<device>(a->device ? a->device : a->context->devices().front());
}

} // namespace sycl
