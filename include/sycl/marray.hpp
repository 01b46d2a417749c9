// sycl::marray (SYCL 2020 §4.14.3): a fixed-size array with element-wise
// arithmetic, comparisons and logical operators giving marray<bool, N>.
#pragma once

#include "half.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace sycl {

template <typename T, size_t N> class marray;

namespace detail {
template <typename T> struct marray_count : std::integral_constant<size_t, 1> {};
template <typename T, size_t N>
struct marray_count<marray<T, N>> : std::integral_constant<size_t, N> {};
template <typename T>
inline constexpr bool is_marray_integral_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;
} // namespace detail

template <typename T, size_t N> class marray {
  static_assert(N > 0, "an marray has at least one element");
  using mask = marray<bool, N>; // what comparisons give

public:
  using value_type = T;
  using reference = T &;
  using const_reference = const T &;
  using iterator = T *;
  using const_iterator = const T *;

  constexpr marray() : E{} {}
  explicit constexpr marray(const T &S) : E{} {
    for (size_t I = 0; I < N; ++I)
      E[I] = S;
  }
  /// From scalars and marrays whose element counts add up to N.
  template <typename... Args,
            typename = std::enable_if_t<(sizeof...(Args) > 1) &&
                                        ((detail::marray_count<Args>::value + ...) == N)>>
  constexpr marray(const Args &...As) : E{} {
    size_t K = 0;
    (put(K, As), ...);
  }
  constexpr marray(const marray &) = default;
  constexpr marray &operator=(const marray &) = default;
  constexpr marray &operator=(const T &S) { return *this = marray(S); }

  template <size_t M = N, typename = std::enable_if_t<M == 1>> operator T() const { return E[0]; }

  static constexpr size_t size() noexcept { return N; }
  constexpr T &operator[](size_t I) { return E[I]; }
  constexpr const T &operator[](size_t I) const { return E[I]; }
  iterator begin() { return E; }
  iterator end() { return E + N; }
  const_iterator begin() const { return E; }
  const_iterator end() const { return E + N; }

#define SMCP_MARRAY_BINARY(OP, RESULT, REQUIRES)                                                   \
  template <typename U = T, typename = std::enable_if_t<REQUIRES>>                                 \
  friend constexpr RESULT operator OP(const marray &A, const marray &B) {                          \
    RESULT R;                                                                                      \
    for (size_t I = 0; I < N; ++I)                                                                 \
      R[I] = A.E[I] OP B.E[I];                                                                     \
    return R;                                                                                      \
  }                                                                                                \
  template <typename U = T, typename = std::enable_if_t<REQUIRES>>                                 \
  friend constexpr RESULT operator OP(const marray &A, const T &S) {                               \
    return A OP marray(S);                                                                         \
  }                                                                                                \
  template <typename U = T, typename = std::enable_if_t<REQUIRES>>                                 \
  friend constexpr RESULT operator OP(const T &S, const marray &B) {                               \
    return marray(S) OP B;                                                                         \
  }
#define SMCP_MARRAY_ARITH(OP, REQUIRES)                                                            \
  SMCP_MARRAY_BINARY(OP, marray, REQUIRES)                                                         \
  template <typename U = T, typename = std::enable_if_t<REQUIRES>>                                 \
  friend constexpr marray &operator OP##=(marray &A, const marray &B) {                            \
    return A = A OP B;                                                                             \
  }                                                                                                \
  template <typename U = T, typename = std::enable_if_t<REQUIRES>>                                 \
  friend constexpr marray &operator OP##=(marray &A, const T &S) {                                 \
    return A = A OP marray(S);                                                                     \
  }
  SMCP_MARRAY_ARITH(+, true)
  SMCP_MARRAY_ARITH(-, true)
  SMCP_MARRAY_ARITH(*, true)
  SMCP_MARRAY_ARITH(/, true)
  SMCP_MARRAY_ARITH(%, detail::is_marray_integral_v<U>)
  SMCP_MARRAY_ARITH(&, detail::is_marray_integral_v<U>)
  SMCP_MARRAY_ARITH(|, detail::is_marray_integral_v<U>)
  SMCP_MARRAY_ARITH(^, detail::is_marray_integral_v<U>)
  SMCP_MARRAY_ARITH(<<, detail::is_marray_integral_v<U>)
  SMCP_MARRAY_ARITH(>>, detail::is_marray_integral_v<U>)
  SMCP_MARRAY_BINARY(==, mask, true)
  SMCP_MARRAY_BINARY(!=, mask, true)
  SMCP_MARRAY_BINARY(<, mask, true)
  SMCP_MARRAY_BINARY(>, mask, true)
  SMCP_MARRAY_BINARY(<=, mask, true)
  SMCP_MARRAY_BINARY(>=, mask, true)
  SMCP_MARRAY_BINARY(&&, mask, true)
  SMCP_MARRAY_BINARY(||, mask, true)
#undef SMCP_MARRAY_ARITH
#undef SMCP_MARRAY_BINARY
  friend constexpr marray<bool, N> operator!(const marray &A) { return A == marray(T(0)); }
  friend constexpr marray operator+(const marray &A) { return A; }
  friend constexpr marray operator-(const marray &A) {
    marray R;
    for (size_t I = 0; I < N; ++I)
      R.E[I] = -A.E[I];
    return R;
  }
  template <typename U = T, typename = std::enable_if_t<detail::is_marray_integral_v<U>>>
  friend constexpr marray operator~(const marray &A) {
    marray R;
    for (size_t I = 0; I < N; ++I)
      R.E[I] = ~A.E[I];
    return R;
  }
  friend constexpr marray &operator++(marray &A) { return A += T(1); }
  friend constexpr marray &operator--(marray &A) { return A -= T(1); }
  friend constexpr marray operator++(marray &A, int) {
    marray Old = A;
    A += T(1);
    return Old;
  }
  friend constexpr marray operator--(marray &A, int) {
    marray Old = A;
    A -= T(1);
    return Old;
  }

private:
  template <typename S> constexpr void put(size_t &K, const S &Value) {
    if constexpr (detail::marray_count<S>::value == 1)
      E[K++] = static_cast<T>(Value);
    else
      for (size_t I = 0; I < S::size(); ++I)
        E[K++] = static_cast<T>(Value[I]);
  }

  T E[N];
};

template <class T, class... U, typename = std::enable_if_t<(std::is_same_v<T, U> && ...)>>
marray(T, U...) -> marray<T, sizeof...(U) + 1>;

#define SMCP_MARRAY_ALIASES(T, NAME)                                                               \
  using m##NAME##2 = marray<T, 2>;                                                                 \
  using m##NAME##3 = marray<T, 3>;                                                                 \
  using m##NAME##4 = marray<T, 4>;                                                                 \
  using m##NAME##8 = marray<T, 8>;                                                                 \
  using m##NAME##16 = marray<T, 16>;
SMCP_MARRAY_ALIASES(bool, bool)
SMCP_MARRAY_ALIASES(int8_t, char)
SMCP_MARRAY_ALIASES(int8_t, schar)
SMCP_MARRAY_ALIASES(uint8_t, uchar)
SMCP_MARRAY_ALIASES(int16_t, short)
SMCP_MARRAY_ALIASES(uint16_t, ushort)
SMCP_MARRAY_ALIASES(int32_t, int)
SMCP_MARRAY_ALIASES(uint32_t, uint)
SMCP_MARRAY_ALIASES(int64_t, long)
SMCP_MARRAY_ALIASES(uint64_t, ulong)
SMCP_MARRAY_ALIASES(half, half)
SMCP_MARRAY_ALIASES(float, float)
SMCP_MARRAY_ALIASES(double, double)
#undef SMCP_MARRAY_ALIASES

} // namespace sycl
