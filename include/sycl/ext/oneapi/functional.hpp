// <sycl/ext/oneapi/functional.hpp>: the function objects under the names
// DPC++ gave them before SYCL 2020 (sycl::ext::oneapi::plus, maximum, ...).
// Aliases, not new types, so that known_identity, group algorithms and
// reductions treat both spellings alike.
#pragma once

#include "../../functional.hpp"

namespace sycl::ext::oneapi {
template <typename T = void> using plus = sycl::plus<T>;
template <typename T = void> using multiplies = sycl::multiplies<T>;
template <typename T = void> using bit_and = sycl::bit_and<T>;
template <typename T = void> using bit_or = sycl::bit_or<T>;
template <typename T = void> using bit_xor = sycl::bit_xor<T>;
template <typename T = void> using minimum = sycl::minimum<T>;
template <typename T = void> using maximum = sycl::maximum<T>;
} // namespace sycl::ext::oneapi
