// Features SYCL 2020 pre-adopts from C++20 into namespace sycl (§3.9.3):
// sycl::bit_cast; and sycl::byte (§4.14.1, deprecated in favour of std::byte).
#pragma once

#include <type_traits>

namespace sycl {

template <
    typename To, typename From,
    typename = std::enable_if_t<sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<To> &&
                                std::is_trivially_copyable_v<From>>>
constexpr To bit_cast(const From &Value) noexcept {
  return __builtin_bit_cast(To, Value);
}

using byte [[deprecated("use std::byte")]] = unsigned char;

} // namespace sycl
