// Pieces every SYCL runtime class header shares: the forward declarations of
// the implementation classes and the access helper the runtime uses to wrap
// and unwrap them. Every runtime class is a handle to one shared impl object
// (common reference semantics, SYCL 2020 4.5.2).
#pragma once

#include <cstddef>
#include "std_function.hpp"
#include <memory>

namespace sycl::detail {

class platform_impl;
class device_impl;
class context_impl;
class queue_impl;
class event_impl;
class handler_impl;
class accessor_impl;
class buffer_impl;

/// Defined in the runtime only: builds SYCL objects from impls and back.
struct impl_access;

} // namespace sycl::detail

/// std::hash for a SYCL class whose identity is its impl pointer.
#define SMCP_DEFINE_IMPL_HASH(Class)                                           \
  namespace std {                                                              \
  template <> struct hash<sycl::Class> {                                       \
    size_t operator()(const sycl::Class &C) const noexcept {                   \
      return std::hash<const void *>()(C.smcp_impl_identity());                \
    }                                                                          \
  };                                                                           \
  }

/// The comparison operators and identity accessor of such a class.
#define SMCP_IMPL_IDENTITY(Class)                                              \
  friend bool operator==(const Class &A, const Class &B) { return A._impl == B._impl; } \
  friend bool operator!=(const Class &A, const Class &B) { return !(A == B); }  \
  const void *smcp_impl_identity() const noexcept { return _impl.get(); }
