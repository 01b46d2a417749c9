// sycl_ext_oneapi_device_global: a variable with one instance per (device,
// context).
//
// The object is the same on both sides. In device code the device passes
// replace the variable by the instance of the device and context a kernel
// runs in, so `m_value` below *is* that instance. On the host it is never
// written: it keeps the initial value, which the runtime copies into each new
// instance, and its address names the variable to the copy and memcpy members
// of queue and handler (handler.hpp, queue.hpp).
#pragma once

#include "../../../access.hpp"
#include "../../../multi_ptr.hpp"
#include "properties.hpp"
#include "../../../detail/abi/kernel_abi.h"

#include <cstddef>
#include <type_traits>
#include <utility>

#ifndef SYCL_EXT_ONEAPI_DEVICE_GLOBAL
#define SYCL_EXT_ONEAPI_DEVICE_GLOBAL 1
#endif

namespace sycl::ext::oneapi::experimental {

namespace detail {
template <typename T, typename = void> struct has_arrow : std::is_pointer<T> {};
template <typename T>
struct has_arrow<T, std::void_t<decltype(std::declval<T &>().operator->())>> : std::true_type {};
} // namespace detail

template <typename T, typename PropertyListT = empty_properties_t>
class SMCP_ABI_MARK(SMCP_ABI_DEVICE_GLOBAL_MARK,
                    detail::device_global_traits<PropertyListT>::image_scope) device_global {
  static_assert(is_property_list_v<PropertyListT>,
                "device_global: the second argument must be a properties<...> list");
  static_assert(std::is_trivially_destructible_v<T>,
                "device_global: T must be trivially destructible");

public:
  using element_type = std::remove_extent_t<T>;

// clang-15 implements consteval without announcing it in __cpp_consteval.
#if __cpp_consteval || __cplusplus > 201703L
  /// T's value is list-initialised from Args, at compile time. Numbers are
  /// converted to T's element type first: the extension's own examples
  /// initialise float variables from double literals.
  template <typename... Args>
  consteval explicit device_global(Args &&...args)
      : m_value{element_arg<Args>(std::forward<Args>(args))...} {}
#else
  static_assert(std::is_trivially_default_constructible_v<T>,
                "device_global: before C++20, T must be trivially default constructible "
                "(its instances start zero-initialised)");
  device_global() = default;
#endif

  device_global(const device_global &) = delete;
  device_global(const device_global &&) = delete;
  device_global &operator=(const device_global &) = delete;
  device_global &operator=(const device_global &&) = delete;

  // Device functions only: on the host these name the initial value, and
  // using them there is undefined behaviour.
  template <access::decorated IsDecorated>
  multi_ptr<T, access::address_space::global_space, IsDecorated> get_multi_ptr() noexcept {
    return multi_ptr<T, access::address_space::global_space, IsDecorated>(&m_value);
  }
  template <access::decorated IsDecorated>
  multi_ptr<const T, access::address_space::global_space, IsDecorated>
  get_multi_ptr() const noexcept {
    return multi_ptr<const T, access::address_space::global_space, IsDecorated>(&m_value);
  }

  operator T &() noexcept { return m_value; }
  operator const T &() const noexcept { return m_value; }
  T &get() noexcept { return m_value; }
  const T &get() const noexcept { return m_value; }

  device_global &operator=(const T &Value) noexcept {
    assign(m_value, Value);
    return *this;
  }

  template <typename U = T>
  auto operator[](std::ptrdiff_t Idx) noexcept -> decltype(std::declval<U &>()[Idx]) {
    return m_value[Idx];
  }
  template <typename U = T>
  auto operator[](std::ptrdiff_t Idx) const noexcept -> decltype(std::declval<const U &>()[Idx]) {
    return m_value[Idx];
  }

  template <typename U = T, typename = std::enable_if_t<detail::has_arrow<U>::value>>
  U &operator->() noexcept {
    return m_value;
  }
  template <typename U = T, typename = std::enable_if_t<detail::has_arrow<U>::value>>
  const U &operator->() const noexcept {
    return m_value;
  }

  template <typename PropertyT,
            typename = std::enable_if_t<is_property_key_of_v<PropertyT, device_global>>>
  static constexpr bool has_property() {
    return PropertyListT::template has_property<PropertyT>();
  }
  template <typename PropertyT,
            typename = std::enable_if_t<is_property_key_of_v<PropertyT, device_global>>>
  static constexpr auto get_property() {
    return PropertyListT::template get_property<PropertyT>();
  }

private:
  template <typename A> static constexpr decltype(auto) element_arg(A &&Arg) {
    using E = std::remove_all_extents_t<T>;
    if constexpr (std::is_arithmetic_v<E> && std::is_arithmetic_v<std::remove_reference_t<A>>)
      return static_cast<E>(Arg);
    else
      return std::forward<A>(Arg);
  }

  // noexcept, like operator=: a kernel must not get an exception personality.
  template <typename V> static void assign(V &Dest, const V &Src) noexcept {
    if constexpr (std::is_array_v<V>) {
      for (size_t I = 0; I < std::extent_v<V>; ++I)
        assign(Dest[I], Src[I]);
    } else {
      Dest = Src;
    }
  }

  T m_value;
};

} // namespace sycl::ext::oneapi::experimental
