// SYCL function objects (SYCL 2020 §4.17.2) and their identities
// (known_identity, §4.9.2.2), shared by group algorithms and reductions.
#pragma once

#include <limits>
#include <type_traits>
// std::plus and friends without all of <functional> (see detail/std_function.hpp).
#if __has_include(<bits/stl_function.h>)
#include <bits/stl_function.h>
#else
#include <functional>
#endif

namespace sycl {

#define SMCP_BINARY_OP(NAME, EXPR)                                                                 \
  template <typename T = void> struct NAME {                                                       \
    constexpr T operator()(const T &X, const T &Y) const { return EXPR; }                          \
  };                                                                                               \
  template <> struct NAME<void> {                                                                  \
    template <typename T, typename U>                                                              \
    constexpr auto operator()(const T &X, const U &Y) const -> decltype(EXPR) {                    \
      return EXPR;                                                                                 \
    }                                                                                              \
  };
SMCP_BINARY_OP(plus, X + Y)
SMCP_BINARY_OP(multiplies, X * Y)
SMCP_BINARY_OP(bit_and, X & Y)
SMCP_BINARY_OP(bit_or, X | Y)
SMCP_BINARY_OP(bit_xor, X ^ Y)
SMCP_BINARY_OP(logical_and, X && Y)
SMCP_BINARY_OP(logical_or, X || Y)
SMCP_BINARY_OP(minimum, Y < X ? Y : X)
SMCP_BINARY_OP(maximum, X < Y ? Y : X)
#undef SMCP_BINARY_OP

namespace detail {
template <typename Op, typename T> struct identity_of {
  static constexpr bool known = false;
};
#define SMCP_IDENTITY(NAME, COND, VALUE)                                                           \
  template <typename T, typename U> struct identity_of<NAME<U>, T> {                               \
    static constexpr bool known = COND;                                                            \
    static constexpr T value() { return VALUE; }                                                   \
  };
SMCP_IDENTITY(plus, std::is_arithmetic_v<T>, T{})
SMCP_IDENTITY(multiplies, std::is_arithmetic_v<T>, T{1})
SMCP_IDENTITY(bit_and, std::is_integral_v<T>, T(~T{}))
SMCP_IDENTITY(bit_or, std::is_integral_v<T>, T{})
SMCP_IDENTITY(bit_xor, std::is_integral_v<T>, T{})
SMCP_IDENTITY(logical_and, (std::is_same_v<T, bool> || std::is_integral_v<T>), T(true))
SMCP_IDENTITY(logical_or, (std::is_same_v<T, bool> || std::is_integral_v<T>), T(false))
SMCP_IDENTITY(minimum, std::is_arithmetic_v<T>,
              std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity()
                                                   : std::numeric_limits<T>::max())
SMCP_IDENTITY(maximum, std::is_arithmetic_v<T>,
              std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity()
                                                   : std::numeric_limits<T>::lowest())
#undef SMCP_IDENTITY

/// The SYCL function object a standard one stands for (std::plus<T> ->
/// plus<T>, ...): code written for other SYCL implementations passes the
/// standard ones to reductions and group algorithms, with the same
/// identities and reducer operators.
template <typename Op> struct sycl_op {
  using type = Op;
};
#define SMCP_STD_OP(NAME)                                                                          \
  template <typename U> struct sycl_op<std::NAME<U>> {                                             \
    using type = NAME<U>;                                                                          \
  };                                                                                               \
  template <typename U, typename T>                                                                \
  struct identity_of<std::NAME<U>, T> : identity_of<NAME<U>, T> {};
SMCP_STD_OP(plus)
SMCP_STD_OP(multiplies)
SMCP_STD_OP(bit_and)
SMCP_STD_OP(bit_or)
SMCP_STD_OP(bit_xor)
SMCP_STD_OP(logical_and)
SMCP_STD_OP(logical_or)
#undef SMCP_STD_OP
template <typename Op> using sycl_op_t = typename sycl_op<Op>::type;

/// Is Op (or its standard counterpart) Name<T> or Name<void>?
template <template <typename> class Name, typename Op, typename T>
inline constexpr bool is_op_v =
    std::is_same_v<sycl_op_t<Op>, Name<T>> || std::is_same_v<sycl_op_t<Op>, Name<void>>;
} // namespace detail

template <typename BinaryOperation, typename AccumulatorT>
struct has_known_identity
    : std::bool_constant<detail::identity_of<BinaryOperation, AccumulatorT>::known> {};
template <typename BinaryOperation, typename AccumulatorT>
inline constexpr bool has_known_identity_v =
    has_known_identity<BinaryOperation, AccumulatorT>::value;

template <typename BinaryOperation, typename AccumulatorT> struct known_identity {
  static_assert(has_known_identity_v<BinaryOperation, AccumulatorT>,
                "this operation has no known identity for this type: give one explicitly");
  static constexpr AccumulatorT value =
      detail::identity_of<BinaryOperation, AccumulatorT>::value();
};
template <typename BinaryOperation, typename AccumulatorT>
inline constexpr AccumulatorT known_identity_v =
    known_identity<BinaryOperation, AccumulatorT>::value;

} // namespace sycl
