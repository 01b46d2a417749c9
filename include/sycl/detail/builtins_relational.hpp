// SYCL relational functions (SYCL 2020 §4.17.9). A scalar test gives bool;
// on a vec it gives the signed integer of the element's size per element,
// -1 for true (as vec comparisons do); on an marray, marray<bool>.
// any/all/select/bitselect follow the same conventions: a vec condition is
// its elements' most significant bit.
#pragma once

#include "builtins_scalar.hpp"

#include <cmath>

namespace sycl {
namespace detail {
/// A relational test F element-wise: bool per element for scalars and
/// marrays, 0/-1 of the element's size for vecs.
template <typename Fn, typename... A> auto relational(Fn F, const A &...Args) {
  using First = typename first_vector<A...>::type;
  auto Bools = map(F, Args...);
  if constexpr (is_vec<typename vector_kind<First>::template with<bool>>::value) {
    using E = std::decay_t<decltype(element(std::declval<First>(), 0))>;
    vec<rel_t<E>, vector_kind<First>::size> R;
    for (int I = 0; I < vector_kind<First>::size; ++I)
      R[I] = Bools[I] ? -1 : 0;
    return R;
  } else {
    return Bools;
  }
}
/// Whether a condition element is set: the MSB of a vec's signed integer
/// elements, the value itself otherwise.
template <typename T> bool msb(T X) {
  if constexpr (std::is_signed_v<T>)
    return X < 0;
  else
    return X >> (sizeof(T) * 8 - 1);
}
} // namespace detail

#define SMCP_RELATIONAL_VECTOR_FORM(NAME)                                                          \
  template <typename... A, detail::enable_vector_t<A...> = 0> auto NAME(const A &...Args) {        \
    return detail::relational([](auto... E) { return NAME(E...); }, Args...);                      \
  }
#define SMCP_RELATIONAL1(NAME, EXPR)                                                               \
  template <typename T, detail::enable_genfloat_t<T> = 0> bool NAME(T X) {                         \
    using C = detail::compute_t<T>;                                                                \
    return EXPR;                                                                                   \
  }                                                                                                \
  SMCP_RELATIONAL_VECTOR_FORM(NAME)
#define SMCP_RELATIONAL2(NAME, EXPR)                                                               \
  template <typename T, detail::enable_genfloat_t<T> = 0> bool NAME(T X, detail::same_t<T> Y) {    \
    using C = detail::compute_t<T>;                                                                \
    return EXPR;                                                                                   \
  }                                                                                                \
  SMCP_RELATIONAL_VECTOR_FORM(NAME)
SMCP_RELATIONAL2(isequal, C(X) == C(Y))
SMCP_RELATIONAL2(isnotequal, C(X) != C(Y))
SMCP_RELATIONAL2(isgreater, C(X) > C(Y))
SMCP_RELATIONAL2(isgreaterequal, C(X) >= C(Y))
SMCP_RELATIONAL2(isless, C(X) < C(Y))
SMCP_RELATIONAL2(islessequal, C(X) <= C(Y))
SMCP_RELATIONAL2(islessgreater, C(X) < C(Y) || C(X) > C(Y))
SMCP_RELATIONAL1(isfinite, std::isfinite(C(X)))
SMCP_RELATIONAL1(isinf, std::isinf(C(X)))
SMCP_RELATIONAL1(isnan, C(X) != C(X))
SMCP_RELATIONAL1(isnormal, std::isnormal(C(X)))
SMCP_RELATIONAL2(isordered, C(X) == C(X) && C(Y) == C(Y))
SMCP_RELATIONAL2(isunordered, C(X) != C(X) || C(Y) != C(Y))
SMCP_RELATIONAL1(signbit, std::signbit(C(X)))
#undef SMCP_RELATIONAL1
#undef SMCP_RELATIONAL2
#undef SMCP_RELATIONAL_VECTOR_FORM

/// any/all: a scalar or an marray of bools or integers as truth values; a
/// vec of signed integers by the most significant bit.
template <typename T, detail::enable_geninteger_t<T> = 0> bool any(T X) { return detail::msb(X); }
template <typename T, detail::enable_geninteger_t<T> = 0> bool all(T X) { return detail::msb(X); }
inline bool any(bool X) { return X; }
inline bool all(bool X) { return X; }
template <typename T, int N> int any(const vec<T, N> &X) {
  for (int I = 0; I < N; ++I)
    if (detail::msb(X[I]))
      return 1;
  return 0;
}
template <typename T, int N> int all(const vec<T, N> &X) {
  for (int I = 0; I < N; ++I)
    if (!detail::msb(X[I]))
      return 0;
  return 1;
}
template <typename T, size_t N> bool any(const marray<T, N> &X) {
  for (size_t I = 0; I < N; ++I)
    if (bool(X[I]))
      return true;
  return false;
}
template <typename T, size_t N> bool all(const marray<T, N> &X) {
  for (size_t I = 0; I < N; ++I)
    if (!bool(X[I]))
      return false;
  return true;
}

/// bitselect: each bit from B where C's bit is set, from A elsewhere.
template <typename T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
T bitselect(T A, detail::same_t<T> B, detail::same_t<T> C) {
  using U = std::conditional_t<
      sizeof(T) == 1, uint8_t,
      std::conditional_t<sizeof(T) == 2, uint16_t,
                         std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;
  U R = (__builtin_bit_cast(U, A) & ~__builtin_bit_cast(U, C)) |
        (__builtin_bit_cast(U, B) & __builtin_bit_cast(U, C));
  return __builtin_bit_cast(T, R);
}
SMCP_BUILTIN_VECTOR_FORM(bitselect)

/// select: B where C holds, A elsewhere; a vec condition by its MSB.
template <typename T, typename C, std::enable_if_t<!detail::is_vector_arg_v<T>, int> = 0>
T select(T A, detail::same_t<T> B, C Cond) {
  return Cond ? B : A; // a scalar condition: any nonzero value
}
template <typename T, int N, typename C>
vec<T, N> select(const vec<T, N> &A, const vec<T, N> &B, const vec<C, N> &Cond) {
  vec<T, N> R;
  for (int I = 0; I < N; ++I)
    R[I] = detail::msb(Cond[I]) ? B[I] : A[I];
  return R;
}
template <typename T, size_t N>
marray<T, N> select(const marray<T, N> &A, const marray<T, N> &B, const marray<bool, N> &Cond) {
  marray<T, N> R;
  for (size_t I = 0; I < N; ++I)
    R[I] = Cond[I] ? B[I] : A[I];
  return R;
}

} // namespace sycl
