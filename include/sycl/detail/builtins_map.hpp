// The one mechanism behind the vec and marray forms of every SYCL built-in
// (SYCL 2020 §4.17): the scalar function applied element by element. Any
// argument may be a vec, a swizzle, an marray or a scalar; scalars are
// broadcast (clamp(v, 0.0f, 1.0f), fmin(v, s), step(s, v), ...). The result
// is a vec or an marray, like the first vector argument, of what the scalar
// function returns.
#pragma once

#include "../vec.hpp"

#include <type_traits>

namespace sycl::detail {

template <typename T> struct vector_kind { static constexpr bool value = false; };
template <typename T, int N> struct vector_kind<vec<T, N>> {
  static constexpr bool value = true;
  static constexpr int size = N;
  template <typename R> using with = vec<R, N>;
};
template <typename T, size_t N> struct vector_kind<marray<T, N>> {
  static constexpr bool value = true;
  static constexpr int size = int(N);
  template <typename R> using with = marray<R, N>;
};
template <typename V, int... I>
struct vector_kind<swizzle<V, I...>> : vector_kind<typename swizzle<V, I...>::result_type> {};

template <typename T> inline constexpr bool is_vector_arg_v = vector_kind<std::decay_t<T>>::value;
template <typename... A> inline constexpr bool any_vector_v = (is_vector_arg_v<A> || ...);
/// Enables the element-wise form of a built-in for arguments A.
template <typename... A> using enable_vector_t = std::enable_if_t<any_vector_v<A...>, int>;

/// The first vector-like type among A.
template <typename... A> struct first_vector;
template <typename A, typename... R> struct first_vector<A, R...> {
  using type =
      std::conditional_t<is_vector_arg_v<A>, std::decay_t<A>, typename first_vector<R...>::type>;
};
template <> struct first_vector<> { using type = void; };

/// Element I of a vector argument, or a scalar as it is.
template <typename A> decltype(auto) element(const A &X, int I) {
  if constexpr (is_swizzle<A>::value)
    return X[I];
  else if constexpr (is_vector_arg_v<A>)
    return X[I];
  else
    return (X);
}

/// Fn applied element-wise; the result is shaped like the first vector
/// argument, its elements what Fn returns.
template <typename Fn, typename... A> auto map(Fn F, const A &...Args) {
  using Kind = vector_kind<typename first_vector<A...>::type>;
  using R = std::decay_t<decltype(F(element(Args, 0)...))>;
  typename Kind::template with<R> Out;
  for (int I = 0; I < Kind::size; ++I)
    Out[I] = F(element(Args, I)...);
  return Out;
}

} // namespace sycl::detail

/// The element-wise forms of built-in NAME, for any arity.
#define SMCP_BUILTIN_VECTOR_FORM(NAME)                                                             \
  template <typename... A, ::sycl::detail::enable_vector_t<A...> = 0>                              \
  auto NAME(const A &...Args) {                                                                    \
    return ::sycl::detail::map([](auto... E) { return NAME(E...); }, Args...);                     \
  }
