// What tells a reduction argument apart in parallel_for's parameter pack:
// queue.hpp and handler.hpp need this before reduction.hpp is seen.
#pragma once

#include <tuple>
#include <type_traits>

namespace sycl::detail {

/// VarT: T* for USM reductions, a read_write accessor for buffer ones.
/// HasIdentity: known at compile time, so that kernels combining into a
/// reduction with an identity carry no "has a value" flags.
template <typename T, typename Op, typename VarT = T *, bool HasIdentity = true>
struct reduction_var;

template <typename> struct is_reduction : std::false_type {};
template <typename T, typename Op, typename VarT, bool HasIdentity>
struct is_reduction<reduction_var<T, Op, VarT, HasIdentity>> : std::true_type {};

template <typename... Rest>
inline constexpr bool is_reduction_args_v =
    sizeof...(Rest) >= 2 &&
    is_reduction<std::decay_t<std::tuple_element_t<0, std::tuple<Rest...>>>>::value;

} // namespace sycl::detail
