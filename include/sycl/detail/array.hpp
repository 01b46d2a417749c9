// The common base of sycl::id and sycl::range: Dims size_t values with the
// element-wise operators the specification lists for both (SYCL 2020
// §4.9.1.1, §4.9.1.3): arithmetic, bitwise, logical and relational operators
// returning the class itself, with a scalar on either side; compound
// assignment; unary +/-; ++/--.
#pragma once

#include <cstddef>
#include <type_traits>

namespace sycl::detail {

/// Scalars mixed with ids and ranges: any integral type but bool. A template
/// rather than size_t alone, so that `id<1> * 2` matches exactly and wins over
/// the built-in `size_t * int` that id<1>'s conversion to size_t also offers
/// (otherwise the call is ambiguous).
template <typename S>
using enable_index_scalar_t =
    std::enable_if_t<std::is_integral_v<S> && !std::is_same_v<S, bool>, int>;

template <int Dims, template <int> class Derived> class array {
  static_assert(Dims >= 1 && Dims <= 3, "SYCL ids and ranges have 1 to 3 dimensions");

public:
  using self = Derived<Dims>;

  constexpr size_t get(int D) const { return Values[D]; }
  constexpr size_t &operator[](int D) { return Values[D]; }
  constexpr size_t operator[](int D) const { return Values[D]; }

  friend constexpr bool operator==(const self &A, const self &B) {
    for (int D = 0; D < Dims; ++D)
      if (A.Values[D] != B.Values[D])
        return false;
    return true;
  }
  friend constexpr bool operator!=(const self &A, const self &B) { return !(A == B); }
  // Beyond the synopsis, but needed as soon as `id<1> == 3` compiles at all:
  // without them it is ambiguous between the conversions either way.
  template <typename S, enable_index_scalar_t<S> = 0>
  friend constexpr bool operator==(const self &A, S B) { return A == self::broadcast(B); }
  template <typename S, enable_index_scalar_t<S> = 0>
  friend constexpr bool operator!=(const self &A, S B) { return !(A == B); }
  template <typename S, enable_index_scalar_t<S> = 0>
  friend constexpr bool operator==(S A, const self &B) { return B == A; }
  template <typename S, enable_index_scalar_t<S> = 0>
  friend constexpr bool operator!=(S A, const self &B) { return !(B == A); }

  /// Every element set to S.
  static constexpr self broadcast(size_t S) {
    self R{};
    for (int D = 0; D < Dims; ++D)
      R.Values[D] = S;
    return R;
  }

  // Element-wise binary operators, element results converted to size_t:
  // && || < > <= >= give 0 or 1 per dimension.
#define SMCP_ARRAY_BINARY(OP)                                                  \
  friend constexpr self operator OP(const self &A, const self &B) {            \
    self R = A;                                                                \
    for (int D = 0; D < Dims; ++D)                                             \
      R.Values[D] = size_t(A.Values[D] OP B.Values[D]);                        \
    return R;                                                                  \
  }                                                                            \
  template <typename S, enable_index_scalar_t<S> = 0>                          \
  friend constexpr self operator OP(const self &A, S B) {                      \
    return A OP self::broadcast(size_t(B));                                    \
  }                                                                            \
  template <typename S, enable_index_scalar_t<S> = 0>                          \
  friend constexpr self operator OP(S A, const self &B) {                      \
    return self::broadcast(size_t(A)) OP B;                                    \
  }
#define SMCP_ARRAY_ASSIGN(OP)                                                  \
  SMCP_ARRAY_BINARY(OP)                                                        \
  friend constexpr self &operator OP##=(self &A, const self &B) {              \
    return A = A OP B;                                                         \
  }                                                                            \
  template <typename S, enable_index_scalar_t<S> = 0>                          \
  friend constexpr self &operator OP##=(self &A, S B) {                        \
    return A = A OP self::broadcast(size_t(B));                                \
  }
  SMCP_ARRAY_ASSIGN(+)
  SMCP_ARRAY_ASSIGN(-)
  SMCP_ARRAY_ASSIGN(*)
  SMCP_ARRAY_ASSIGN(/)
  SMCP_ARRAY_ASSIGN(%)
  SMCP_ARRAY_ASSIGN(<<)
  SMCP_ARRAY_ASSIGN(>>)
  SMCP_ARRAY_ASSIGN(&)
  SMCP_ARRAY_ASSIGN(|)
  SMCP_ARRAY_ASSIGN(^)
  SMCP_ARRAY_BINARY(&&)
  SMCP_ARRAY_BINARY(||)
  SMCP_ARRAY_BINARY(<)
  SMCP_ARRAY_BINARY(>)
  SMCP_ARRAY_BINARY(<=)
  SMCP_ARRAY_BINARY(>=)
#undef SMCP_ARRAY_ASSIGN
#undef SMCP_ARRAY_BINARY

  friend constexpr self operator+(const self &A) { return A; }
  friend constexpr self operator-(const self &A) { return self::broadcast(0) - A; }
  friend constexpr self &operator++(self &A) { return A += 1; }
  friend constexpr self &operator--(self &A) { return A -= 1; }
  friend constexpr self operator++(self &A, int) {
    self Old = A;
    A += 1;
    return Old;
  }
  friend constexpr self operator--(self &A, int) {
    self Old = A;
    A -= 1;
    return Old;
  }

protected:
  constexpr array() = default;
  size_t Values[Dims] = {};
};

/// One-dimensional ids and items convert to size_t. A base class rather than a
/// constrained template conversion, because built-in operators such as
/// pointer[id] do not consider conversion templates.
template <int Dims, typename Self> struct size_t_conversion {};
template <typename Self> struct size_t_conversion<1, Self> {
  constexpr operator size_t() const { return static_cast<const Self *>(this)->get(0); }
};

} // namespace sycl::detail
