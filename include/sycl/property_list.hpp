// sycl::property_list: the properties given to a SYCL object's constructor.
//
// Each property class has a kind (detail::property_kind_of) so that the list
// can find it again without RTTI; the list keeps a copy of each property.
#pragma once

#include "exception.hpp"

#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace sycl {
namespace detail {

enum class property_kind : unsigned {
  queue_in_order,
  queue_enable_profiling,
  no_init,
  buffer_use_host_ptr,
  buffer_use_mutex,
  buffer_context_bound,
  image_use_host_ptr,
  image_use_mutex,
  image_context_bound,
  reduction_initialize_to_identity,
};

/// The kind of a property class, specialised next to each class (a trait
/// rather than a member, so that the classes show only their SYCL API).
template <typename Prop> struct property_kind_of {};
template <property_kind Kind>
using property_kind_constant = std::integral_constant<property_kind, Kind>;

template <typename T, typename = void> struct has_property_kind : std::false_type {};
template <typename T>
struct has_property_kind<T, std::void_t<decltype(property_kind_of<T>::value)>> : std::true_type {};

[[noreturn]] void throw_missing_property();

} // namespace detail

template <typename T> struct is_property : detail::has_property_kind<T> {};
template <typename T> inline constexpr bool is_property_v = is_property<T>::value;

class property_list {
public:
  property_list() = default;
  // Out of line (runtime/api/out_of_line_lifetimes.cpp): an empty list is
  // made and destroyed by every constructor call that takes the default
  // argument, and the vector's inline destruction was a loop of reference
  // counts at each of them.
  property_list(const property_list &Other);
  property_list(property_list &&Other) noexcept;
  property_list &operator=(const property_list &Other);
  property_list &operator=(property_list &&Other) noexcept;
  ~property_list();
  template <typename... Props, typename = std::enable_if_t<(is_property_v<Props> && ...)>>
  property_list(Props... P) {
    (add(P), ...);
  }

  template <typename Prop> bool has_property() const noexcept {
    return find(detail::property_kind_of<Prop>::value) != nullptr;
  }

  /// Throws errc::invalid when the property is not in the list.
  template <typename Prop> Prop get_property() const {
    const void *P = find(detail::property_kind_of<Prop>::value);
    if (!P)
      detail::throw_missing_property();
    return *static_cast<const Prop *>(P);
  }

private:
  template <typename Prop> void add(const Prop &P) {
    _props.emplace_back(detail::property_kind_of<Prop>::value, std::make_shared<Prop>(P));
  }
  const void *find(detail::property_kind Kind) const noexcept {
    for (const auto &P : _props)
      if (P.first == Kind)
        return P.second.get();
    return nullptr;
  }

  std::vector<std::pair<detail::property_kind, std::shared_ptr<const void>>> _props;
};

} // namespace sycl
