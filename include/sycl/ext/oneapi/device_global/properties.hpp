// The compile-time properties of device_global (sycl_ext_oneapi_device_global,
// "Properties for device global variables"), and what the runtime and the
// device compile need to know of a device_global's property list.
//
// Separate from device_global.hpp so that the class template can name
// empty_properties_t as its default argument, and so that code that only
// inspects properties need not pull in the class.
#pragma once

#include "../properties/properties.hpp"

#include <type_traits>

namespace sycl::ext::oneapi::experimental {

template <typename T, typename PropertyListT> class device_global;

struct device_image_scope_key {
  using value_t = property_value<device_image_scope_key>;
};

enum class host_access_enum : unsigned char { read, write, read_write, none };

struct host_access_key {
  template <host_access_enum Access>
  using value_t = property_value<host_access_key, std::integral_constant<host_access_enum, Access>>;
};

enum class init_mode_enum : unsigned char { reprogram, reset };

struct init_mode_key {
  template <init_mode_enum Trigger>
  using value_t = property_value<init_mode_key, std::integral_constant<init_mode_enum, Trigger>>;
};

struct implement_in_csr_key {
  template <bool Enable>
  using value_t = property_value<implement_in_csr_key, std::bool_constant<Enable>>;
};

inline constexpr device_image_scope_key::value_t device_image_scope;

template <host_access_enum Access> inline constexpr host_access_key::value_t<Access> host_access;
inline constexpr host_access_key::value_t<host_access_enum::read> host_access_read;
inline constexpr host_access_key::value_t<host_access_enum::write> host_access_write;
inline constexpr host_access_key::value_t<host_access_enum::read_write> host_access_read_write;
inline constexpr host_access_key::value_t<host_access_enum::none> host_access_none;

template <init_mode_enum Trigger> inline constexpr init_mode_key::value_t<Trigger> init_mode;
inline constexpr init_mode_key::value_t<init_mode_enum::reprogram> init_mode_reprogram;
inline constexpr init_mode_key::value_t<init_mode_enum::reset> init_mode_reset;

template <bool Enable> inline constexpr implement_in_csr_key::value_t<Enable> implement_in_csr;
inline constexpr implement_in_csr_key::value_t<true> implement_in_csr_on;
inline constexpr implement_in_csr_key::value_t<false> implement_in_csr_off;

template <> struct is_property_key<device_image_scope_key> : std::true_type {};
template <> struct is_property_key<host_access_key> : std::true_type {};
template <> struct is_property_key<init_mode_key> : std::true_type {};
template <> struct is_property_key<implement_in_csr_key> : std::true_type {};

template <typename T, typename PropertyListT>
struct is_property_key_of<device_image_scope_key, device_global<T, PropertyListT>>
    : std::true_type {};
template <typename T, typename PropertyListT>
struct is_property_key_of<host_access_key, device_global<T, PropertyListT>> : std::true_type {};
template <typename T, typename PropertyListT>
struct is_property_key_of<init_mode_key, device_global<T, PropertyListT>> : std::true_type {};
template <typename T, typename PropertyListT>
struct is_property_key_of<implement_in_csr_key, device_global<T, PropertyListT>>
    : std::true_type {};

namespace detail {

template <typename PropertyListT> constexpr host_access_enum host_access_of() {
  if constexpr (PropertyListT::template has_property<host_access_key>())
    return decltype(PropertyListT::template get_property<host_access_key>())::value;
  else
    return host_access_enum::read_write; // the spec's default: no assertion made
}

template <typename PropertyListT> struct device_global_traits {
  static_assert(is_property_list_v<PropertyListT>,
                "device_global: PropertyListT must be a properties<...> list");

  static constexpr bool image_scope =
      PropertyListT::template has_property<device_image_scope_key>();
  static constexpr host_access_enum host_access = host_access_of<PropertyListT>();
  static constexpr bool host_can_read =
      host_access == host_access_enum::read || host_access == host_access_enum::read_write;
  static constexpr bool host_can_write =
      host_access == host_access_enum::write || host_access == host_access_enum::read_write;
};

} // namespace detail
} // namespace sycl::ext::oneapi::experimental
