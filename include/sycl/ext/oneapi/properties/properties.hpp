// sycl_ext_oneapi_properties, compile-time subset: a property value is a
// type, and properties<...> is a list of them that holds no data, so that a
// list can be a template argument (device_global<T, PropertyListT>) and be
// queried in constant expressions. Runtime properties are not supported.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#ifndef SYCL_EXT_ONEAPI_PROPERTIES
#define SYCL_EXT_ONEAPI_PROPERTIES 1
#endif

namespace sycl::ext::oneapi::experimental {

template <typename T> struct is_property_key : std::false_type {};
template <typename Prop, typename SyclObject> struct is_property_key_of : std::false_type {};
template <typename T> inline constexpr bool is_property_key_v = is_property_key<T>::value;
template <typename Prop, typename SyclObject>
inline constexpr bool is_property_key_of_v = is_property_key_of<Prop, SyclObject>::value;

namespace detail {

// A single integral_constant-like parameter is exposed as ::value, so that
// code reads get_property<K>().value rather than unpacking the type.
template <typename V, typename = void> struct single_value {};
template <typename V> struct single_value<V, std::void_t<decltype(V::value)>> {
  static constexpr auto value = V::value;
};
template <typename... Values> struct value_member {};
template <typename V> struct value_member<V> : single_value<V> {};

} // namespace detail

template <typename Key, typename... Values>
struct property_value : detail::value_member<Values...> {
  using key_t = Key;
};

template <typename Key, typename... A, typename... B>
constexpr bool operator==(property_value<Key, A...>, property_value<Key, B...>) {
  return std::is_same_v<property_value<Key, A...>, property_value<Key, B...>>;
}
template <typename Key, typename... A, typename... B>
constexpr bool operator!=(property_value<Key, A...> L, property_value<Key, B...> R) {
  return !(L == R);
}

namespace detail {

template <typename T> struct is_property_value : std::false_type {};
template <typename Key, typename... Values>
struct is_property_value<property_value<Key, Values...>> : std::true_type {};

template <typename... Keys> struct keys_distinct : std::true_type {};
template <typename K, typename... Rest>
struct keys_distinct<K, Rest...>
    : std::bool_constant<!(std::is_same_v<K, Rest> || ...) && keys_distinct<Rest...>::value> {};

template <typename T> struct type_is {
  using type = T;
};
template <typename Key, typename... PropertyValues> struct value_for {};
template <typename Key, typename First, typename... Rest>
struct value_for<Key, First, Rest...>
    : std::conditional_t<std::is_same_v<Key, typename First::key_t>, type_is<First>,
                         value_for<Key, Rest...>> {};

} // namespace detail

template <typename... PropertyValues> class properties {
  static_assert((detail::is_property_value<PropertyValues>::value && ...),
                "properties: every argument must be a compile-time property value");
  static_assert(detail::keys_distinct<typename PropertyValues::key_t...>::value,
                "properties: a property key appears more than once in the list");

public:
  // For an empty list the variadic constructor is the default constructor;
  // the template stands in only when it would not be.
  template <std::size_t N = sizeof...(PropertyValues), std::enable_if_t<(N > 0), int> = 0>
  constexpr properties() noexcept {}
  constexpr properties(PropertyValues...) noexcept {}

  template <typename Key> static constexpr bool has_property() {
    return (std::is_same_v<Key, typename PropertyValues::key_t> || ...);
  }

  template <typename Key> static constexpr auto get_property() {
    static_assert(has_property<Key>(),
                  "properties::get_property: the list has no property with this key");
    // Guarded so that a missing key reports the assertion above and nothing else.
    if constexpr (has_property<Key>())
      return typename detail::value_for<Key, PropertyValues...>::type{};
  }
};

template <typename... PropertyValues>
properties(PropertyValues...) -> properties<PropertyValues...>;

using empty_properties_t = properties<>;

template <typename T> struct is_property_list : std::false_type {};
template <typename... PropertyValues>
struct is_property_list<properties<PropertyValues...>> : std::true_type {};
template <typename T> inline constexpr bool is_property_list_v = is_property_list<T>::value;

} // namespace sycl::ext::oneapi::experimental
