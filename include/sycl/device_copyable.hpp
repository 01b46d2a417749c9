// sycl::is_device_copyable (SYCL 2020 3.13.1): the types whose bytes may be
// copied to a device. Trivially copyable types are; arrays, std::array,
// std::pair and std::tuple are when their elements are; a program may
// specialise the trait for its own types.
#pragma once

#include <array>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace sycl {

template <typename T> struct is_device_copyable;

namespace detail {
template <typename T> struct device_copyable_default : std::is_trivially_copyable<T> {};
template <typename T, std::size_t N>
struct device_copyable_default<T[N]> : is_device_copyable<T> {};
template <typename T, std::size_t N>
struct device_copyable_default<std::array<T, N>> : is_device_copyable<T> {};
template <typename T, typename U>
struct device_copyable_default<std::pair<T, U>>
    : std::bool_constant<is_device_copyable<T>::value && is_device_copyable<U>::value> {};
template <typename... Ts>
struct device_copyable_default<std::tuple<Ts...>>
    : std::bool_constant<(is_device_copyable<Ts>::value && ...)> {};
} // namespace detail

// cv-qualified types ask the unqualified one, which a program may specialise.
template <typename T>
struct is_device_copyable
    : std::conditional_t<std::is_same_v<T, std::remove_cv_t<T>>, detail::device_copyable_default<T>,
                         is_device_copyable<std::remove_cv_t<T>>> {};

template <typename T> inline constexpr bool is_device_copyable_v = is_device_copyable<T>::value;

} // namespace sycl
