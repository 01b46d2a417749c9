// SYCL geometric functions (SYCL 2020 §4.17.7): on float, double and half
// scalars and on vecs and marrays of 2, 3 or 4 of them (cross: 3 or 4).
#pragma once

#include "builtins_scalar.hpp"

#include <cmath>

namespace sycl {
namespace detail {
template <typename T> struct geo_element {
  using type = T;
  static constexpr bool ok = is_genfloat_v<T>;
};
template <typename T, int N> struct geo_element<vec<T, N>> : geo_element<T> {
  static constexpr bool ok = is_genfloat_v<T> && N >= 2 && N <= 4;
};
template <typename T, size_t N> struct geo_element<marray<T, N>> : geo_element<T> {
  static constexpr bool ok = is_genfloat_v<T> && N >= 2 && N <= 4;
};
/// gengeofloat/gengeodouble/gengeohalf: its element type.
template <typename V>
using enable_geo_t = std::enable_if_t<geo_element<V>::ok, typename geo_element<V>::type>;
template <typename V> constexpr int geo_size() {
  if constexpr (is_vector_arg_v<V>)
    return vector_kind<V>::size;
  else
    return 1;
}
} // namespace detail

template <typename V> detail::enable_geo_t<V> dot(const V &X, const V &Y) {
  if constexpr (detail::is_vector_arg_v<V>) {
    detail::enable_geo_t<V> R = 0;
    for (int I = 0; I < detail::geo_size<V>(); ++I)
      R += X[I] * Y[I];
    return R;
  } else {
    return X * Y;
  }
}
template <typename V> detail::enable_geo_t<V> length(const V &X) { return sqrt(dot(X, X)); }
template <typename V> detail::enable_geo_t<V> distance(const V &X, const V &Y) {
  return length(V(X - Y));
}
template <typename V, typename = detail::enable_geo_t<V>> V normalize(const V &X) {
  auto L = length(X);
  return L == decltype(L)(0) ? X : V(X / L);
}
// fast_*: float only, where the specification allows reduced precision;
// full precision meets it.
template <typename V, typename = std::enable_if_t<std::is_same_v<detail::enable_geo_t<V>, float>>>
float fast_length(const V &X) {
  return length(X);
}
template <typename V, typename = std::enable_if_t<std::is_same_v<detail::enable_geo_t<V>, float>>>
float fast_distance(const V &X, const V &Y) {
  return distance(X, Y);
}
template <typename V, typename = std::enable_if_t<std::is_same_v<detail::enable_geo_t<V>, float>>>
V fast_normalize(const V &X) {
  return normalize(X);
}

/// cross of 3- and 4-element vectors (the 4th element of the result is 0).
template <typename V, typename = detail::enable_geo_t<V>,
          typename = std::enable_if_t<detail::geo_size<V>() == 3 || detail::geo_size<V>() == 4>>
V cross(const V &X, const V &Y) {
  V R = X;
  R[0] = X[1] * Y[2] - X[2] * Y[1];
  R[1] = X[2] * Y[0] - X[0] * Y[2];
  R[2] = X[0] * Y[1] - X[1] * Y[0];
  if constexpr (detail::geo_size<V>() == 4)
    R[3] = 0;
  return R;
}

} // namespace sycl
