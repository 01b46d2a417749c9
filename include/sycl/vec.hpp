// sycl::vec (SYCL 2020 §4.14.2): element-wise arithmetic, comparisons,
// conversions with rounding modes, loads and stores, and swizzles (the named
// ones; every simple swizzle with SYCL_SIMPLE_SWIZZLES). Plain C++ on the
// host and on the device: the optimiser vectorises where the target allows.
// marray (§4.14.3) is in marray.hpp.
#pragma once

#include "detail/swizzle.hpp"
#include "detail/vec_convert.hpp"
#include "half.hpp"
#include "marray.hpp"
#include "multi_ptr.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

namespace sycl {

/// Element names for vec::swizzle<...>() (§4.14.2.1).
struct elem {
  static constexpr int x = 0, y = 1, z = 2, w = 3;
  static constexpr int r = 0, g = 1, b = 2, a = 3;
  static constexpr int s0 = 0, s1 = 1, s2 = 2, s3 = 3, s4 = 4, s5 = 5, s6 = 6, s7 = 7;
  static constexpr int s8 = 8, s9 = 9, sA = 10, sB = 11, sC = 12, sD = 13, sE = 14, sF = 15;
};

namespace detail {

/// The signed integer of T's size: the element type of vec comparisons.
template <typename T>
using rel_t =
    std::conditional_t<sizeof(T) == 1, int8_t,
                       std::conditional_t<sizeof(T) == 2, int16_t,
                                          std::conditional_t<sizeof(T) == 4, int32_t, int64_t>>>;

template <typename T> struct is_vec : std::false_type {};
template <typename T, int N> struct is_vec<vec<T, N>> : std::true_type {};

template <typename T> struct element_count : std::integral_constant<int, 1> {};
template <typename T, int N> struct element_count<vec<T, N>> : std::integral_constant<int, N> {};
template <typename VecT, int... Idx>
struct element_count<swizzle<VecT, Idx...>> : std::integral_constant<int, sizeof...(Idx)> {};

template <typename T>
inline constexpr bool is_vec_integral_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

} // namespace detail

template <typename T, int N> class vec {
  static_assert(N == 1 || N == 2 || N == 3 || N == 4 || N == 8 || N == 16,
                "vec has 1, 2, 3, 4, 8 or 16 elements");
  // A vec of 3 occupies the storage of 4, as the specification requires.
  static constexpr int Storage = N == 3 ? 4 : N;
  using rel = vec<detail::rel_t<T>, N>;

public:
  using element_type = T;
  using value_type = T;

  vec() = default;
  constexpr vec(const vec &) = default;
  explicit constexpr vec(const T &S) {
    for (int I = 0; I < N; ++I)
      E[I] = S;
  }
  /// From scalars, vecs and swizzles whose element counts add up to N.
  template <typename... Args, typename = std::enable_if_t<
                                  (sizeof...(Args) > 1) &&
                                  ((detail::element_count<std::decay_t<Args>>::value + ...) == N)>>
  constexpr vec(const Args &...As) {
    int K = 0;
    (put(K, As), ...);
  }
  template <typename VecT, int... Idx, typename = std::enable_if_t<sizeof...(Idx) == N>>
  vec(const detail::swizzle<VecT, Idx...> &S) : vec(S.operator vec()) {}

  vec &operator=(const vec &) = default;
  /// Every element set to S.
  vec &operator=(const T &S) { return *this = vec(S); }

  template <int M = N, typename = std::enable_if_t<M == 1>> operator T() const { return E[0]; }

  static constexpr size_t size() noexcept { return N; }
  static constexpr size_t byte_size() noexcept { return sizeof(T) * Storage; }
  [[deprecated("use size()")]] size_t get_count() const { return N; }
  [[deprecated("use byte_size()")]] size_t get_size() const { return byte_size(); }

  T &operator[](int I) { return E[I]; }
  const T &operator[](int I) const { return E[I]; }

  template <typename U, rounding_mode Mode = rounding_mode::automatic> vec<U, N> convert() const {
    vec<U, N> R;
    for (int I = 0; I < N; ++I)
      R[I] = detail::convert_element<U, Mode>(E[I]);
    return R;
  }
  template <typename AsT> AsT as() const {
    static_assert(sizeof(AsT) == sizeof(vec), "vec::as needs a type of the same size");
    AsT R;
    std::memcpy(&R, this, sizeof(R));
    return R;
  }

  template <access::address_space Space, access::decorated D>
  void load(size_t Offset, multi_ptr<const T, Space, D> Ptr) {
    for (int I = 0; I < N; ++I)
      E[I] = Ptr[Offset * N + I];
  }
  template <access::address_space Space, access::decorated D>
  void load(size_t Offset, multi_ptr<T, Space, D> Ptr) {
    load(Offset, multi_ptr<const T, Space, D>(Ptr.get_raw()));
  }
  template <access::address_space Space, access::decorated D>
  void store(size_t Offset, multi_ptr<T, Space, D> Ptr) const {
    for (int I = 0; I < N; ++I)
      Ptr[Offset * N + I] = E[I];
  }

  // --- swizzles ---------------------------------------------------------------
  template <int... Idx> detail::swizzle<vec, Idx...> swizzle() {
    static_assert(((Idx >= 0 && Idx < N) && ...), "swizzle index out of range");
    return detail::swizzle<vec, Idx...>(*this);
  }
  template <int... Idx> detail::swizzle<const vec, Idx...> swizzle() const {
    static_assert(((Idx >= 0 && Idx < N) && ...), "swizzle index out of range");
    return detail::swizzle<const vec, Idx...>(*this);
  }

  // Single elements are references: v.x() = 1, float f = v.s3().
#define SMCP_ELEMENT(NAME, I, MAX)                                                                 \
  template <int M = N, typename = std::enable_if_t<(I < M && M <= MAX)>> T &NAME() {               \
    return E[I];                                                                                   \
  }                                                                                                \
  template <int M = N, typename = std::enable_if_t<(I < M && M <= MAX)>> const T &NAME() const {   \
    return E[I];                                                                                   \
  }
  SMCP_ELEMENT(x, 0, 4)
  SMCP_ELEMENT(y, 1, 4)
  SMCP_ELEMENT(z, 2, 4)
  SMCP_ELEMENT(w, 3, 4)
  SMCP_ELEMENT(r, 0, 4)
  SMCP_ELEMENT(g, 1, 4)
  SMCP_ELEMENT(b, 2, 4)
  SMCP_ELEMENT(a, 3, 4)
  SMCP_ELEMENT(s0, 0, 16)
  SMCP_ELEMENT(s1, 1, 16)
  SMCP_ELEMENT(s2, 2, 16)
  SMCP_ELEMENT(s3, 3, 16)
  SMCP_ELEMENT(s4, 4, 16)
  SMCP_ELEMENT(s5, 5, 16)
  SMCP_ELEMENT(s6, 6, 16)
  SMCP_ELEMENT(s7, 7, 16)
  SMCP_ELEMENT(s8, 8, 16)
  SMCP_ELEMENT(s9, 9, 16)
  SMCP_ELEMENT(sA, 10, 16)
  SMCP_ELEMENT(sB, 11, 16)
  SMCP_ELEMENT(sC, 12, 16)
  SMCP_ELEMENT(sD, 13, 16)
  SMCP_ELEMENT(sE, 14, 16)
  SMCP_ELEMENT(sF, 15, 16)
#undef SMCP_ELEMENT

  // Swizzles of several elements (MIN: the element count the highest index
  // needs; MAX: 4, or 4 only for rgba). Without SYCL_SIMPLE_SWIZZLES only the
  // few that existing code expects everywhere.
#define SMCP_SWIZZLE(NAME, MIN, MAX, ...)                                                          \
  template <int M = N, typename = std::enable_if_t<(M >= MIN && M <= MAX)>> auto NAME() {          \
    return swizzle<__VA_ARGS__>();                                                                 \
  }                                                                                                \
  template <int M = N, typename = std::enable_if_t<(M >= MIN && M <= MAX)>> auto NAME() const {    \
    return swizzle<__VA_ARGS__>();                                                                 \
  }
#ifdef SYCL_SIMPLE_SWIZZLES
#include "detail/vec_simple_swizzles.inc"
#else
  SMCP_SWIZZLE(xy, 2, 4, 0, 1)
  SMCP_SWIZZLE(yx, 2, 4, 1, 0)
  SMCP_SWIZZLE(xyz, 3, 4, 0, 1, 2)
  SMCP_SWIZZLE(wzyx, 4, 4, 3, 2, 1, 0)
#endif
#undef SMCP_SWIZZLE

  // lo/hi/even/odd: halves and strides, views like the other swizzles. The
  // halves of a vec of 3 are those of its 4-element storage.
  template <int M = N, typename = std::enable_if_t<(M > 1)>> auto lo() { return part<0, 1>(*this); }
  template <int M = N, typename = std::enable_if_t<(M > 1)>> auto hi() {
    return part<Storage / 2, 1>(*this);
  }
  template <int M = N, typename = std::enable_if_t<(M > 1)>> auto even() {
    return part<0, 2>(*this);
  }
  template <int M = N, typename = std::enable_if_t<(M > 1)>> auto odd() {
    return part<1, 2>(*this);
  }
  template <int M = N, typename = std::enable_if_t<(M > 1)>> auto lo() const {
    return part<0, 1>(*this);
  }
  template <int M = N, typename = std::enable_if_t<(M > 1)>> auto hi() const {
    return part<Storage / 2, 1>(*this);
  }
  template <int M = N, typename = std::enable_if_t<(M > 1)>> auto even() const {
    return part<0, 2>(*this);
  }
  template <int M = N, typename = std::enable_if_t<(M > 1)>> auto odd() const {
    return part<1, 2>(*this);
  }

  // --- operators: element-wise, a scalar on either side broadcast ------------
#define SMCP_VEC_BINARY(OP, RESULT, REQUIRES)                                                      \
  template <typename U = T, typename = std::enable_if_t<REQUIRES>>                                 \
  friend RESULT operator OP(const vec &A, const vec &B) {                                          \
    RESULT R;                                                                                      \
    for (int I = 0; I < N; ++I)                                                                    \
      R[I] = A.E[I] OP B.E[I];                                                                     \
    return R;                                                                                      \
  }                                                                                                \
  template <typename U = T, typename = std::enable_if_t<REQUIRES>>                                 \
  friend RESULT operator OP(const vec &A, const T &S) {                                            \
    return A OP vec(S);                                                                            \
  }                                                                                                \
  template <typename U = T, typename = std::enable_if_t<REQUIRES>>                                 \
  friend RESULT operator OP(const T &S, const vec &B) {                                            \
    return vec(S) OP B;                                                                            \
  }
#define SMCP_VEC_ARITH(OP, REQUIRES)                                                               \
  SMCP_VEC_BINARY(OP, vec, REQUIRES)                                                               \
  template <typename U = T, typename = std::enable_if_t<REQUIRES>>                                 \
  friend vec &operator OP##=(vec &A, const vec &B) {                                               \
    return A = A OP B;                                                                             \
  }                                                                                                \
  template <typename U = T, typename = std::enable_if_t<REQUIRES>>                                 \
  friend vec &operator OP##=(vec &A, const T &S) {                                                 \
    return A = A OP vec(S);                                                                        \
  }
  SMCP_VEC_ARITH(+, true)
  SMCP_VEC_ARITH(-, true)
  SMCP_VEC_ARITH(*, true)
  SMCP_VEC_ARITH(/, true)
  SMCP_VEC_ARITH(%, detail::is_vec_integral_v<U>)
  SMCP_VEC_ARITH(&, detail::is_vec_integral_v<U>)
  SMCP_VEC_ARITH(|, detail::is_vec_integral_v<U>)
  SMCP_VEC_ARITH(^, detail::is_vec_integral_v<U>)
  SMCP_VEC_ARITH(<<, detail::is_vec_integral_v<U>)
  SMCP_VEC_ARITH(>>, detail::is_vec_integral_v<U>)
#undef SMCP_VEC_ARITH
  // Comparisons and logical operators: -1 (all bits) for true, 0 for false,
  // in the signed integer of the element's size.
#define SMCP_VEC_REL(OP)                                                                           \
  friend rel operator OP(const vec &A, const vec &B) {                                             \
    rel R;                                                                                         \
    for (int I = 0; I < N; ++I)                                                                    \
      R[I] = A.E[I] OP B.E[I] ? -1 : 0;                                                            \
    return R;                                                                                      \
  }                                                                                                \
  friend rel operator OP(const vec &A, const T &S) { return A OP vec(S); }                         \
  friend rel operator OP(const T &S, const vec &B) { return vec(S) OP B; }
  SMCP_VEC_REL(==)
  SMCP_VEC_REL(!=)
  SMCP_VEC_REL(<)
  SMCP_VEC_REL(>)
  SMCP_VEC_REL(<=)
  SMCP_VEC_REL(>=)
  SMCP_VEC_REL(&&)
  SMCP_VEC_REL(||)
#undef SMCP_VEC_REL
#undef SMCP_VEC_BINARY
  friend rel operator!(const vec &A) { return A == vec(T(0)); }
  friend vec operator-(const vec &A) {
    vec R;
    for (int I = 0; I < N; ++I)
      R.E[I] = -A.E[I];
    return R;
  }
  friend vec operator+(const vec &A) { return A; }
  template <typename U = T, typename = std::enable_if_t<detail::is_vec_integral_v<U>>>
  friend vec operator~(const vec &A) {
    vec R;
    for (int I = 0; I < N; ++I)
      R.E[I] = ~A.E[I];
    return R;
  }
  friend vec &operator++(vec &A) { return A += T(1); }
  friend vec &operator--(vec &A) { return A -= T(1); }
  friend vec operator++(vec &A, int) {
    vec Old = A;
    A += T(1);
    return Old;
  }
  friend vec operator--(vec &A, int) {
    vec Old = A;
    A -= T(1);
    return Old;
  }

private:
  template <typename S> constexpr void put(int &K, const S &Value) {
    if constexpr (detail::element_count<S>::value == 1 && !detail::is_vec<S>::value)
      E[K++] = static_cast<T>(Value);
    else {
      auto V = static_cast<vec<T, detail::element_count<S>::value>>(Value);
      for (int I = 0; I < detail::element_count<S>::value; ++I)
        E[K++] = V[I];
    }
  }
  /// The swizzle of (Storage / 2) elements from Start, Stride apart.
  template <int Start, int Stride, typename Self, int... I>
  static auto part_of(Self &V, std::integer_sequence<int, I...>) {
    return detail::swizzle<Self, (Start + Stride * I)...>(V);
  }
  template <int Start, int Stride, typename Self> static auto part(Self &V) {
    return part_of<Start, Stride>(V, std::make_integer_sequence<int, Storage / 2>());
  }

  alignas(sizeof(T) * Storage <= 64 ? sizeof(T) * Storage : 64) T E[Storage] = {};
};

/// vec(1.0f, 2.0f) is a vec<float, 2>: every argument of one type.
template <class T, class... U, typename = std::enable_if_t<(std::is_same_v<T, U> && ...)>>
vec(T, U...) -> vec<T, sizeof...(U) + 1>;

#define SMCP_VEC_ALIASES(T, NAME)                                                                  \
  using NAME##2 = vec<T, 2>;                                                                       \
  using NAME##3 = vec<T, 3>;                                                                       \
  using NAME##4 = vec<T, 4>;                                                                       \
  using NAME##8 = vec<T, 8>;                                                                       \
  using NAME##16 = vec<T, 16>;
SMCP_VEC_ALIASES(int8_t, char)
SMCP_VEC_ALIASES(int8_t, schar)
SMCP_VEC_ALIASES(uint8_t, uchar)
SMCP_VEC_ALIASES(int16_t, short)
SMCP_VEC_ALIASES(uint16_t, ushort)
SMCP_VEC_ALIASES(int32_t, int)
SMCP_VEC_ALIASES(uint32_t, uint)
SMCP_VEC_ALIASES(int64_t, long)
SMCP_VEC_ALIASES(uint64_t, ulong)
SMCP_VEC_ALIASES(half, half)
SMCP_VEC_ALIASES(float, float)
SMCP_VEC_ALIASES(double, double)
#undef SMCP_VEC_ALIASES

} // namespace sycl
