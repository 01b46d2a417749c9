// Pieces every SYCL runtime class header shares: the forward declarations of
// the implementation classes and the two access structs through which the
// runtime and the headers reach what the classes keep private. Every runtime
// class is a handle to one shared impl object (common reference semantics,
// SYCL 2020 4.5.2).
#pragma once

#include <cstddef>
#include "std_function.hpp"
#include <memory>
#include <utility>

namespace smcp::detail {
struct kernel_info;
} // namespace smcp::detail

namespace sycl::detail {

class platform_impl;
class device_impl;
class context_impl;
class queue_impl;
class event_impl;
class handler_impl;
class accessor_impl;
class buffer_impl;

struct launch_range;

/// Defined in the runtime only: builds SYCL objects from impls and back.
struct impl_access;

/// What the header templates (accessors, kernel launches, reductions,
/// std::hash, ...) need of SYCL classes beyond the SYCL API. Those members
/// are private, so user code cannot call them; each class befriends this one
/// struct, the headers' counterpart of impl_access, instead of every function
/// that needs them. The functions are templates over the object's type, so
/// the struct comes before the classes it opens, and each is checked where it
/// is used.
struct header_access {
  /// The impl object a SYCL class is a handle to (buffer, and the identity
  /// that std::hash hashes).
  template <typename T> static const auto &impl(const T &Object) { return Object._impl; }

  /// An object made by one of its class's private constructors
  /// (kernel_handler, kernel_id, kernel_bundle).
  template <typename T, typename... Args> static T make(Args &&...A) {
    return T(std::forward<Args>(A)...);
  }

  /// The command group's side of an accessor: its requirement (accessor
  /// constructors, handler::require).
  template <typename Handler, typename Record> static void require(Handler &H, const Record &R) {
    H.add_requirement(R);
  }
  /// A kernel launch (detail/kernel_launch.hpp): the functor's bytes and
  /// the launch geometry, recorded as the group's command.
  template <typename Handler>
  static void launch(Handler &H, const smcp::detail::kernel_info *Info, const void *Functor,
                     size_t FunctorSize, const launch_range &R) {
    H.launch(Info, Functor, FunctorSize, R);
  }
  /// What reductions (reduction.hpp) ask of the command group.
  template <typename Handler> static void *temporary(Handler &H, size_t Bytes, bool Zeroed) {
    return H.temporary(Bytes, Zeroed);
  }
  template <typename Handler> static void expect_follow_up_kernel(Handler &H) {
    H.expect_follow_up_kernel();
  }
  /// A sycl::stream's buffer for this command group (stream.hpp).
  template <typename Handler> static void *stream_buffer(Handler &H, size_t Bytes) {
    return H.stream_buffer(Bytes);
  }
  template <typename Handler> static size_t max_work_group_size(const Handler &H) {
    return H.max_work_group_size();
  }

  /// An accessor's runtime record (null in device code, where only the
  /// host-only callers ask for it); the return type keeps non-accessors out
  /// (detail::has_record).
  template <typename Acc> static auto record(const Acc &A) -> decltype(A.record()) {
    return A.record();
  }
  /// What std::hash hashes of a class whose identity is not one impl
  /// pointer (accessors, kernels).
  template <typename T> static size_t hash_key(const T &Object) { return Object.hash_key(); }
  /// An image's texel layout, with a sampled image's sampler (image accessors).
  template <typename Image> static const auto &layout(const Image &I) { return I._layout; }
  /// A device accessor's geometry (handler::update_host).
  template <typename Acc> static const auto &geometry(const Acc &A) { return A.MGeo; }

  /// A specialization_id's default value. constexpr: spec_is_constexpr
  /// reads it in a constant expression.
  template <typename SpecId> static constexpr const auto &default_value(const SpecId &Id) {
    return Id._default;
  }
};

} // namespace sycl::detail

/// std::hash for a SYCL class whose identity is its impl pointer.
#define SMCP_DEFINE_IMPL_HASH(Class)                                           \
  namespace std {                                                              \
  template <> struct hash<sycl::Class> {                                       \
    size_t operator()(const sycl::Class &C) const noexcept {                   \
      return std::hash<const void *>()(                                        \
          sycl::detail::header_access::impl(C).get());                         \
    }                                                                          \
  };                                                                           \
  }

/// The comparison operators of such a class.
#define SMCP_IMPL_IDENTITY(Class)                                              \
  friend bool operator==(const Class &A, const Class &B) { return A._impl == B._impl; } \
  friend bool operator!=(const Class &A, const Class &B) { return !(A == B); }
