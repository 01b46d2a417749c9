// sycl::specialization_id (SYCL 2020 4.9.5) and the symbolic id that names a
// specialization constant in both compiles.
//
// The symbolic id is "<TU prefix>____<unique stable name of spec_tag<Var>>".
// The stable name mangles the variable (for internal linkage too), the prefix
// (the driver's -D__SMCP_TU_PREFIX, one per TU) tells apart variables of
// different TUs that mangle alike (anonymous namespaces, `static`). Host and
// device compute the same string from the same expression, so no
// integration footer is needed; variables that are one object across TUs
// (inline / static class members) become one constant at the device link,
// where the post-link pass merges them by their IR global.
#pragma once

#include "detail/common.hpp"
#include "device_copyable.hpp"

#include <type_traits>
#include <utility>

// __SMCP_TU_PREFIX_OF(TU): the TU prefix, read where a template using it is
// instantiated. A precompiled <sycl/sycl.hpp> (driver/Pch.cpp) is shared by
// every TU, so there the prefix cannot be a macro expanded in this header:
// the driver defines tu_prefix after the precompiled header instead.
#ifdef __SMCP_TU_PREFIX_AFTER_PCH
namespace sycl::detail {
template <typename TU> struct tu_prefix; // { static constexpr char value[] = "<prefix>"; }
} // namespace sycl::detail
#define __SMCP_TU_PREFIX_OF(TU) ::sycl::detail::tu_prefix<TU>::value
#else
#ifndef __SMCP_TU_PREFIX
#define __SMCP_TU_PREFIX ""
#endif
#define __SMCP_TU_PREFIX_OF(TU) __SMCP_TU_PREFIX
#endif

namespace sycl {

template <typename T> class specialization_id {
  // Checked here, at the declaration, so that the error points at the
  // variable rather than at the first kernel that reads it.
  static_assert(is_device_copyable_v<T>,
                "specialization_id<T>: T must be device copyable (SYCL 2020 4.9.5)");

public:
  using value_type = T;

  template <class... Args, typename = std::enable_if_t<std::is_constructible_v<T, Args...>>>
  explicit constexpr specialization_id(Args &&...args)
      : _default(std::forward<Args>(args)...) {}

  specialization_id(const specialization_id &) = delete;
  specialization_id(specialization_id &&) = delete;
  specialization_id &operator=(const specialization_id &) = delete;
  specialization_id &operator=(specialization_id &&) = delete;

private:
  friend struct detail::header_access;
  /// The default value. It must stay the only field: the post-link pass
  /// reads T's layout and default from the variable's initializer.
  T _default;
};

namespace detail {

template <auto &SpecName> struct spec_tag {};

/// The default of a last template parameter `TU` of every template that
/// computes a symbolic id: a type of an anonymous namespace makes each
/// instantiation TU-local. Without it, the instantiations for an inline
/// variable would be one linkonce function across TUs, and the linker would
/// keep one TU's prefix for all of them.
namespace {
struct spec_tu_tag {};
} // namespace

template <auto &SpecName>
using spec_value_t = typename std::remove_reference_t<decltype(SpecName)>::value_type;

/// The two halves of a symbolic id; the runtime and the post-link pass join
/// them with "____".
struct spec_id_parts {
  const char *tu_prefix;
  const char *name;
};

/// Whether SpecName's default can be read in a constant expression, which
/// holds for constexpr variables only (SFINAE: a non-constant template
/// argument is a substitution failure).
template <auto &SpecName,
          bool = (spec_value_t<SpecName>(header_access::default_value(SpecName)), true)>
constexpr bool spec_is_constexpr(int) {
  return true;
}
template <auto &SpecName> constexpr bool spec_is_constexpr(...) { return false; }

template <auto &SpecName, typename TU = spec_tu_tag> constexpr spec_id_parts spec_id() {
  static_assert(is_device_copyable_v<spec_value_t<SpecName>>,
                "a specialization constant's type must be device copyable");
  // The device compile reads the default from the variable's initializer.
  static_assert(std::is_const_v<std::remove_reference_t<decltype(SpecName)>> &&
                    spec_is_constexpr<SpecName>(0),
                "a specialization_id variable must be declared constexpr (SYCL 2020 4.9.5.1)");
  // The runtime is built by any C++17 compiler and never instantiates this.
#if defined(__has_builtin) && __has_builtin(__builtin_sycl_unique_stable_name)
  return {__SMCP_TU_PREFIX_OF(TU), __builtin_sycl_unique_stable_name(spec_tag<SpecName>)};
#else
  static_assert(sizeof(spec_tag<SpecName>) == 0, "specialization constants need syclcc");
  return {};
#endif
}

} // namespace detail
} // namespace sycl

#ifdef __SYCL_DEVICE_ONLY__
/// Device marker: writes the constant's value to Out. The SpecConstants
/// post-link pass (device-passes/SpecConstants.cpp) replaces each call with
/// SPIR-V spec constants; IdObject is the specialization_id variable.
extern "C" __attribute__((nothrow)) void
__smcp_spec_constant(const char *TuPrefix, const char *Name, const void *IdObject, void *Out);
#endif
