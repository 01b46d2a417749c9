// sycl::property_list: the properties given to a SYCL object's constructor.
//
// Each property class names its kind (detail::property_kind) so that the list
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
  reduction_initialize_to_identity,
};

template <typename T, typename = void> struct is_smcp_property : std::false_type {};
template <typename T>
struct is_smcp_property<T, std::void_t<decltype(T::smcp_kind)>> : std::true_type {};

[[noreturn]] void throw_missing_property();

} // namespace detail

template <typename T> struct is_property : detail::is_smcp_property<T> {};
template <typename T> inline constexpr bool is_property_v = is_property<T>::value;

class property_list {
public:
  property_list() = default;
  template <typename... Props, typename = std::enable_if_t<(is_property_v<Props> && ...)>>
  property_list(Props... P) {
    (add(P), ...);
  }

  template <typename Prop> bool has_property() const noexcept {
    return find(Prop::smcp_kind) != nullptr;
  }

  /// Throws errc::invalid when the property is not in the list.
  template <typename Prop> Prop get_property() const {
    const void *P = find(Prop::smcp_kind);
    if (!P)
      detail::throw_missing_property();
    return *static_cast<const Prop *>(P);
  }

private:
  template <typename Prop> void add(const Prop &P) {
    _props.emplace_back(Prop::smcp_kind, std::make_shared<Prop>(P));
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
