// The view that vec's swizzles return (SYCL 2020 §4.14.2.5, __swizzled_vec__):
// some elements of a vec, in any order and possibly repeated. Reads give a
// vec of the selected elements; writes go to the underlying vec. Every
// operator is the vec operator on the selected elements, so a swizzle mixes
// with vecs, scalars and other swizzles wherever a vec would.
#pragma once

#include "vec_convert.hpp"

#include <type_traits>

namespace sycl {
template <typename T, int N> class vec;
} // namespace sycl

namespace sycl::detail {

template <typename VecT, int... Idx> class swizzle;

template <typename T> struct is_swizzle : std::false_type {};
template <typename VecT, int... Idx> struct is_swizzle<swizzle<VecT, Idx...>> : std::true_type {};

template <typename VecT, int... Idx> class swizzle {
  using T = std::remove_const_t<typename VecT::element_type>;
  static constexpr int M = sizeof...(Idx);

public:
  using element_type = T;
  using result_type = vec<T, M>;

  explicit swizzle(VecT &V) : V(V) {}
  swizzle(const swizzle &) = default;

  operator result_type() const { return value(); }
  template <int K = M, typename = std::enable_if_t<K == 1>> operator T() const {
    return V[(Idx, ...)];
  }
  static constexpr size_t size() noexcept { return M; }
  T operator[](int I) const { return value()[I]; }

  template <typename ConvertT, rounding_mode Mode = rounding_mode::automatic> auto convert() const {
    return value().template convert<ConvertT, Mode>();
  }
  template <typename AsT> AsT as() const { return value().template as<AsT>(); }

  // Writes. A swizzle with a repeated index is not assignable (the
  // specification leaves it undefined which write wins).
  swizzle &operator=(const result_type &R) {
    static_assert(unique(), "a swizzle with repeated elements cannot be assigned to");
    int K = 0;
    ((V[Idx] = R[K++]), ...);
    return *this;
  }
  swizzle &operator=(const swizzle &S) { return *this = S.value(); }
  template <typename OtherVec, int... OtherIdx,
            typename = std::enable_if_t<sizeof...(OtherIdx) == M>>
  swizzle &operator=(const swizzle<OtherVec, OtherIdx...> &S) {
    return *this = result_type(S);
  }
  swizzle &operator=(const T &S) { return *this = result_type(S); }

#define SMCP_SWIZZLE_ASSIGN(OP)                                                                    \
  template <typename U> auto operator OP##=(const U &B)->decltype(result_type() OP B, *this) {     \
    return *this = value() OP B;                                                                   \
  }
  SMCP_SWIZZLE_ASSIGN(+)
  SMCP_SWIZZLE_ASSIGN(-)
  SMCP_SWIZZLE_ASSIGN(*)
  SMCP_SWIZZLE_ASSIGN(/)
  SMCP_SWIZZLE_ASSIGN(%)
  SMCP_SWIZZLE_ASSIGN(&)
  SMCP_SWIZZLE_ASSIGN(|)
  SMCP_SWIZZLE_ASSIGN(^)
  SMCP_SWIZZLE_ASSIGN(<<)
  SMCP_SWIZZLE_ASSIGN(>>)
#undef SMCP_SWIZZLE_ASSIGN
  swizzle &operator++() { return *this += T(1); }
  swizzle &operator--() { return *this -= T(1); }
  result_type operator++(int) {
    result_type Old = *this;
    *this += T(1);
    return Old;
  }
  result_type operator--(int) {
    result_type Old = *this;
    *this -= T(1);
    return Old;
  }

  // Reads: the vec operator on the selected elements. The right-hand form
  // excludes swizzles, so that swizzle OP swizzle has one candidate.
#define SMCP_SWIZZLE_BINARY(OP)                                                                    \
  template <typename U>                                                                            \
  friend auto operator OP(const swizzle &A, const U &B)->decltype(result_type() OP B) {            \
    return A.value() OP B;                                                                         \
  }                                                                                                \
  template <typename U, typename = std::enable_if_t<!is_swizzle<U>::value>>                        \
  friend auto operator OP(const U &A, const swizzle &B)->decltype(A OP result_type()) {            \
    return A OP B.value();                                                                         \
  }
  SMCP_SWIZZLE_BINARY(+)
  SMCP_SWIZZLE_BINARY(-)
  SMCP_SWIZZLE_BINARY(*)
  SMCP_SWIZZLE_BINARY(/)
  SMCP_SWIZZLE_BINARY(%)
  SMCP_SWIZZLE_BINARY(&)
  SMCP_SWIZZLE_BINARY(|)
  SMCP_SWIZZLE_BINARY(^)
  SMCP_SWIZZLE_BINARY(<<)
  SMCP_SWIZZLE_BINARY(>>)
  SMCP_SWIZZLE_BINARY(&&)
  SMCP_SWIZZLE_BINARY(||)
  SMCP_SWIZZLE_BINARY(==)
  SMCP_SWIZZLE_BINARY(!=)
  SMCP_SWIZZLE_BINARY(<)
  SMCP_SWIZZLE_BINARY(>)
  SMCP_SWIZZLE_BINARY(<=)
  SMCP_SWIZZLE_BINARY(>=)
#undef SMCP_SWIZZLE_BINARY
  friend auto operator+(const swizzle &A) { return +A.value(); }
  friend auto operator-(const swizzle &A) { return -A.value(); }
  friend auto operator!(const swizzle &A) { return !A.value(); }
  template <typename U = T, typename = std::enable_if_t<std::is_integral_v<U>>>
  friend auto operator~(const swizzle &A) {
    return ~A.value();
  }

private:
  // Not result_type(*this): that would pick vec's constructor from a swizzle.
  result_type value() const { return result_type(V[Idx]...); }

  static constexpr bool unique() {
    constexpr int I[] = {Idx...};
    for (int A = 0; A < M; ++A)
      for (int B = A + 1; B < M; ++B)
        if (I[A] == I[B])
          return false;
    return true;
  }

  VecT &V;
};

} // namespace sycl::detail
