// Compile-time properties (sycl_ext_oneapi_properties) and the device_global
// property keys: lists built by CTAD, their queries, the traits device_global
// derives from a list, and the errors for a missing or repeated key. The
// headers are read by host and device compiles, in C++17 and C++20.
// RUN: %clang_host -fsyntax-only -Xclang -verify %s
// RUN: %clang_host -std=c++20 -fsyntax-only -Xclang -verify %s
// RUN: %clang_device -fsyntax-only -Xclang -verify %s

#include <sycl/ext/oneapi/device_global/properties.hpp>
#include <sycl/ext/oneapi/properties/properties.hpp>

#include <type_traits>

using namespace sycl::ext::oneapi::experimental;

static_assert(SYCL_EXT_ONEAPI_PROPERTIES == 1);

using P = decltype(properties(device_image_scope, host_access_read));
static_assert(std::is_same_v<
              P, properties<property_value<device_image_scope_key>,
                            property_value<host_access_key,
                                           std::integral_constant<host_access_enum,
                                                                  host_access_enum::read>>>>);
static_assert(P::has_property<device_image_scope_key>());
static_assert(P::has_property<host_access_key>());
static_assert(!P::has_property<init_mode_key>());
static_assert(P::get_property<host_access_key>().value == host_access_enum::read);
static_assert(std::is_same_v<decltype(P::get_property<device_image_scope_key>()),
                             device_image_scope_key::value_t>);
static_assert(is_property_list_v<P> && is_property_list_v<empty_properties_t>);
static_assert(!is_property_list_v<int>);
constexpr P p_default{};
constexpr P p_values{device_image_scope, host_access_read};
static_assert(std::is_empty_v<P> && std::is_empty_v<device_image_scope_key::value_t>);

// Every value the spec names, through CTAD.
using All = decltype(properties(host_access_write, init_mode_reset, implement_in_csr_off));
static_assert(All::get_property<host_access_key>().value == host_access_enum::write);
static_assert(All::get_property<init_mode_key>().value == init_mode_enum::reset);
static_assert(!All::get_property<implement_in_csr_key>().value);
static_assert(decltype(properties(host_access_read_write))::get_property<host_access_key>().value ==
              host_access_enum::read_write);
static_assert(decltype(properties(host_access_none))::get_property<host_access_key>().value ==
              host_access_enum::none);
static_assert(decltype(properties(init_mode_reprogram))::get_property<init_mode_key>().value ==
              init_mode_enum::reprogram);
static_assert(decltype(properties(implement_in_csr_on))::get_property<implement_in_csr_key>().value);
static_assert(std::is_same_v<decltype(properties(init_mode<init_mode_enum::reset>)),
                             decltype(properties(init_mode_reset))>);
static_assert(std::is_same_v<decltype(properties(implement_in_csr<true>)),
                             decltype(properties(implement_in_csr_on))>);
static_assert(std::is_same_v<decltype(properties(host_access<host_access_enum::write>)),
                             decltype(properties(host_access_write))>);
static_assert(host_access_read == host_access<host_access_enum::read>);
static_assert(host_access_read != host_access_write);

static_assert(is_property_key_v<device_image_scope_key> && is_property_key_v<host_access_key> &&
              is_property_key_v<init_mode_key> && is_property_key_v<implement_in_csr_key>);
static_assert(!is_property_key_v<int>);
// The forward declaration of device_global is enough for these.
static_assert(is_property_key_of_v<device_image_scope_key, device_global<int, empty_properties_t>>);
static_assert(is_property_key_of_v<implement_in_csr_key, device_global<int, P>>);
static_assert(!is_property_key_of_v<device_image_scope_key, int>);

static_assert(!empty_properties_t::has_property<device_image_scope_key>());
static_assert(!empty_properties_t::has_property<host_access_key>());
static_assert(std::is_same_v<decltype(properties()), empty_properties_t>);

using detail::device_global_traits;
using Empty = device_global_traits<empty_properties_t>;
static_assert(!Empty::image_scope && Empty::host_access == host_access_enum::read_write &&
              Empty::host_can_read && Empty::host_can_write);
using ReadOnly = device_global_traits<decltype(properties(host_access_read))>;
static_assert(!ReadOnly::image_scope && ReadOnly::host_access == host_access_enum::read &&
              ReadOnly::host_can_read && !ReadOnly::host_can_write);
using NoHost = device_global_traits<decltype(properties(host_access_none))>;
static_assert(NoHost::host_access == host_access_enum::none && !NoHost::host_can_read &&
              !NoHost::host_can_write);
using Scoped = device_global_traits<decltype(properties(device_image_scope))>;
static_assert(Scoped::image_scope && Scoped::host_can_read && Scoped::host_can_write);
static_assert(device_global_traits<P>::image_scope && !device_global_traits<P>::host_can_write);

// expected-error@sycl/ext/oneapi/properties/properties.hpp:* {{properties::get_property: the list has no property with this key}}
void absent() { P::get_property<init_mode_key>(); } // expected-note {{in instantiation of}}

// expected-error@sycl/ext/oneapi/properties/properties.hpp:* {{properties: a property key appears more than once in the list}}
using Dup = decltype(properties(host_access_read, host_access_write)); // expected-note {{in instantiation of}}
