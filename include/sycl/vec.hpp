// sycl::vec (SYCL 2020 §4.14.2) and sycl::marray (§4.14.3): element-wise
// arithmetic, comparisons, conversions and swizzles. Plain C++ on the host
// and on the device: the optimiser vectorises where the target allows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

namespace sycl {

enum class rounding_mode { automatic, rte, rtz, rtp, rtn };

template <typename T, int N> class vec;

namespace detail {

/// The signed integer of T's size: the element type of vec comparisons.
template <typename T> using rel_t = std::conditional_t<
    sizeof(T) == 1, int8_t,
    std::conditional_t<sizeof(T) == 2, int16_t, std::conditional_t<sizeof(T) == 4, int32_t, int64_t>>>;

template <typename T> struct is_vec : std::false_type {};
template <typename T, int N> struct is_vec<vec<T, N>> : std::true_type {};

/// A view of some elements of a vec: reads convert to a vec, writes go to
/// the underlying elements (v.xy() = ..., v.x() += 1).
template <typename VecT, int... Idx> class swizzle {
  using T = typename VecT::element_type;

public:
  using result_type = vec<T, sizeof...(Idx)>;
  explicit swizzle(VecT &V) : V(V) {}

  operator result_type() const { return result_type(V[Idx]...); }
  template <int M = sizeof...(Idx), typename = std::enable_if_t<M == 1>>
  operator T() const { return V[(Idx, ...)]; }

  swizzle &operator=(const result_type &R) {
    int K = 0;
    ((V[Idx] = R[K++]), ...);
    return *this;
  }
  swizzle &operator=(const T &S) {
    ((V[Idx] = S), ...);
    return *this;
  }
#define SMCP_SWIZZLE_ASSIGN(OP)                                                                    \
  swizzle &operator OP##=(const result_type &R) {                                                  \
    return *this = result_type(*this) OP R;                                                        \
  }                                                                                                \
  swizzle &operator OP##=(const T &S) { return *this = result_type(*this) OP result_type(S); }
  SMCP_SWIZZLE_ASSIGN(+)
  SMCP_SWIZZLE_ASSIGN(-)
  SMCP_SWIZZLE_ASSIGN(*)
  SMCP_SWIZZLE_ASSIGN(/)
#undef SMCP_SWIZZLE_ASSIGN

private:
  VecT &V;
};

template <typename T> struct element_count : std::integral_constant<int, 1> {};
template <typename T, int N> struct element_count<vec<T, N>> : std::integral_constant<int, N> {};
template <typename VecT, int... Idx>
struct element_count<swizzle<VecT, Idx...>> : std::integral_constant<int, sizeof...(Idx)> {};

} // namespace detail

template <typename T, int N> class vec {
  static_assert(N == 1 || N == 2 || N == 3 || N == 4 || N == 8 || N == 16,
                "vec has 1, 2, 3, 4, 8 or 16 elements");
  // A vec of 3 occupies the storage of 4, as the specification requires.
  static constexpr int Storage = N == 3 ? 4 : N;

public:
  using element_type = T;
  using value_type = T;

  vec() = default;
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
  vec(const detail::swizzle<VecT, Idx...> &S) : vec(typename detail::swizzle<VecT, Idx...>::result_type(S)) {}

  static constexpr size_t size() noexcept { return N; }
  static constexpr size_t get_count() noexcept { return N; }
  static constexpr size_t byte_size() noexcept { return sizeof(T) * Storage; }

  T &operator[](int I) { return E[I]; }
  const T &operator[](int I) const { return E[I]; }

  template <typename U, rounding_mode = rounding_mode::automatic> vec<U, N> convert() const {
    vec<U, N> R;
    for (int I = 0; I < N; ++I)
      R[I] = static_cast<U>(E[I]);
    return R;
  }
  template <typename AsT> AsT as() const {
    static_assert(sizeof(AsT) == sizeof(vec), "vec::as needs a type of the same size");
    AsT R;
    std::memcpy(&R, this, sizeof(R));
    return R;
  }

  template <int... Idx> detail::swizzle<vec, Idx...> swizzle() { return detail::swizzle<vec, Idx...>(*this); }
  template <int... Idx> vec<T, sizeof...(Idx)> swizzle() const { return vec<T, sizeof...(Idx)>(E[Idx]...); }

#define SMCP_ELEMENT(NAME, I)                                                                      \
  template <int M = N, typename = std::enable_if_t<(I < M)>> T &NAME() { return E[I]; }            \
  template <int M = N, typename = std::enable_if_t<(I < M)>> const T &NAME() const { return E[I]; }
  SMCP_ELEMENT(x, 0)
  SMCP_ELEMENT(y, 1)
  SMCP_ELEMENT(z, 2)
  SMCP_ELEMENT(w, 3)
  SMCP_ELEMENT(r, 0)
  SMCP_ELEMENT(g, 1)
  SMCP_ELEMENT(b, 2)
  SMCP_ELEMENT(a, 3)
  SMCP_ELEMENT(s0, 0)
  SMCP_ELEMENT(s1, 1)
  SMCP_ELEMENT(s2, 2)
  SMCP_ELEMENT(s3, 3)
#undef SMCP_ELEMENT
  template <int M = N, typename = std::enable_if_t<(M >= 2)>> auto xy() { return swizzle<0, 1>(); }
  template <int M = N, typename = std::enable_if_t<(M >= 3)>> auto xyz() { return swizzle<0, 1, 2>(); }
  template <int M = N, typename = std::enable_if_t<(M >= 2)>> auto yx() { return swizzle<1, 0>(); }
  template <int M = N, typename = std::enable_if_t<(M >= 4)>> auto wzyx() { return swizzle<3, 2, 1, 0>(); }
  auto lo() const { return half_of<0>(std::make_integer_sequence<int, (N + 1) / 2>()); }
  auto hi() const { return half_of<(N + 1) / 2>(std::make_integer_sequence<int, (N + 1) / 2>()); }
  auto even() const { return strided<0>(std::make_integer_sequence<int, (N + 1) / 2>()); }
  auto odd() const { return strided<1>(std::make_integer_sequence<int, (N + 1) / 2>()); }

  // --- arithmetic, element-wise, with scalars broadcast ---------------------
#define SMCP_VEC_OP(OP)                                                                            \
  friend vec operator OP(const vec &A, const vec &B) {                                             \
    vec R;                                                                                         \
    for (int I = 0; I < N; ++I)                                                                    \
      R.E[I] = A.E[I] OP B.E[I];                                                                   \
    return R;                                                                                      \
  }                                                                                                \
  friend vec operator OP(const vec &A, const T &S) { return A OP vec(S); }                         \
  friend vec operator OP(const T &S, const vec &B) { return vec(S) OP B; }                         \
  vec &operator OP##=(const vec &B) { return *this = *this OP B; }                                 \
  vec &operator OP##=(const T &S) { return *this = *this OP vec(S); }
  SMCP_VEC_OP(+)
  SMCP_VEC_OP(-)
  SMCP_VEC_OP(*)
  SMCP_VEC_OP(/)
#undef SMCP_VEC_OP
#define SMCP_VEC_INT_OP(OP)                                                                        \
  template <typename U = T, typename = std::enable_if_t<std::is_integral_v<U>>>                   \
  friend vec operator OP(const vec &A, const vec &B) {                                             \
    vec R;                                                                                         \
    for (int I = 0; I < N; ++I)                                                                    \
      R.E[I] = A.E[I] OP B.E[I];                                                                   \
    return R;                                                                                      \
  }                                                                                                \
  template <typename U = T, typename = std::enable_if_t<std::is_integral_v<U>>>                   \
  friend vec operator OP(const vec &A, const T &S) { return A OP vec(S); }                         \
  template <typename U = T, typename = std::enable_if_t<std::is_integral_v<U>>>                   \
  vec &operator OP##=(const vec &B) { return *this = *this OP B; }
  SMCP_VEC_INT_OP(%)
  SMCP_VEC_INT_OP(&)
  SMCP_VEC_INT_OP(|)
  SMCP_VEC_INT_OP(^)
  SMCP_VEC_INT_OP(<<)
  SMCP_VEC_INT_OP(>>)
#undef SMCP_VEC_INT_OP
  friend vec operator-(const vec &A) { return vec(T(0)) - A; }
  friend vec operator+(const vec &A) { return A; }
  template <typename U = T, typename = std::enable_if_t<std::is_integral_v<U>>>
  friend vec operator~(const vec &A) {
    vec R;
    for (int I = 0; I < N; ++I)
      R.E[I] = ~A.E[I];
    return R;
  }
  vec &operator++() { return *this += T(1); }
  vec &operator--() { return *this -= T(1); }
  vec operator++(int) {
    vec Old = *this;
    ++*this;
    return Old;
  }
  vec operator--(int) {
    vec Old = *this;
    --*this;
    return Old;
  }

  // --- comparisons: -1 (all bits) for true, 0 for false ---------------------
#define SMCP_VEC_CMP(OP)                                                                           \
  friend vec<detail::rel_t<T>, N> operator OP(const vec &A, const vec &B) {                        \
    vec<detail::rel_t<T>, N> R;                                                                    \
    for (int I = 0; I < N; ++I)                                                                    \
      R[I] = A.E[I] OP B.E[I] ? -1 : 0;                                                            \
    return R;                                                                                      \
  }                                                                                                \
  friend vec<detail::rel_t<T>, N> operator OP(const vec &A, const T &S) { return A OP vec(S); }
  SMCP_VEC_CMP(==)
  SMCP_VEC_CMP(!=)
  SMCP_VEC_CMP(<)
  SMCP_VEC_CMP(>)
  SMCP_VEC_CMP(<=)
  SMCP_VEC_CMP(>=)
  SMCP_VEC_CMP(&&)
  SMCP_VEC_CMP(||)
#undef SMCP_VEC_CMP
  friend vec<detail::rel_t<T>, N> operator!(const vec &A) { return A == vec(T(0)); }

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
  template <int Start, int... I> vec<T, sizeof...(I)> half_of(std::integer_sequence<int, I...>) const {
    return vec<T, sizeof...(I)>((Start + I < N ? E[Start + I] : T())...);
  }
  template <int Start, int... I> vec<T, sizeof...(I)> strided(std::integer_sequence<int, I...>) const {
    return vec<T, sizeof...(I)>((Start + 2 * I < N ? E[Start + 2 * I] : T())...);
  }

  alignas(sizeof(T) * Storage <= 64 ? sizeof(T) * Storage : 64) T E[Storage] = {};
};

#define SMCP_VEC_ALIASES(T, NAME)                                                                  \
  using NAME##2 = vec<T, 2>;                                                                       \
  using NAME##3 = vec<T, 3>;                                                                       \
  using NAME##4 = vec<T, 4>;                                                                       \
  using NAME##8 = vec<T, 8>;                                                                       \
  using NAME##16 = vec<T, 16>;
SMCP_VEC_ALIASES(float, float)
SMCP_VEC_ALIASES(double, double)
SMCP_VEC_ALIASES(int32_t, int)
SMCP_VEC_ALIASES(uint32_t, uint)
SMCP_VEC_ALIASES(int64_t, long)
SMCP_VEC_ALIASES(uint64_t, ulong)
SMCP_VEC_ALIASES(int16_t, short)
SMCP_VEC_ALIASES(uint16_t, ushort)
SMCP_VEC_ALIASES(int8_t, char)
SMCP_VEC_ALIASES(uint8_t, uchar)
#undef SMCP_VEC_ALIASES

/// marray: a fixed-size array with element-wise arithmetic.
template <typename T, size_t N> class marray {
public:
  using value_type = T;
  using reference = T &;
  using const_reference = const T &;
  using iterator = T *;
  using const_iterator = const T *;

  marray() = default;
  explicit constexpr marray(const T &S) {
    for (size_t I = 0; I < N; ++I)
      E[I] = S;
  }
  template <typename... Args, typename = std::enable_if_t<sizeof...(Args) == N && (N > 1)>>
  constexpr marray(const Args &...As) : E{static_cast<T>(As)...} {}

  static constexpr size_t size() noexcept { return N; }
  T &operator[](size_t I) { return E[I]; }
  const T &operator[](size_t I) const { return E[I]; }
  iterator begin() { return E; }
  iterator end() { return E + N; }
  const_iterator begin() const { return E; }
  const_iterator end() const { return E + N; }

#define SMCP_MARRAY_OP(OP)                                                                         \
  friend marray operator OP(const marray &A, const marray &B) {                                    \
    marray R;                                                                                      \
    for (size_t I = 0; I < N; ++I)                                                                 \
      R.E[I] = A.E[I] OP B.E[I];                                                                   \
    return R;                                                                                      \
  }                                                                                                \
  friend marray operator OP(const marray &A, const T &S) { return A OP marray(S); }                \
  friend marray operator OP(const T &S, const marray &B) { return marray(S) OP B; }                \
  marray &operator OP##=(const marray &B) { return *this = *this OP B; }                           \
  marray &operator OP##=(const T &S) { return *this = *this OP marray(S); }
  SMCP_MARRAY_OP(+)
  SMCP_MARRAY_OP(-)
  SMCP_MARRAY_OP(*)
  SMCP_MARRAY_OP(/)
#undef SMCP_MARRAY_OP
  friend marray operator-(const marray &A) { return marray(T(0)) - A; }
  friend marray<bool, N> operator==(const marray &A, const marray &B) {
    marray<bool, N> R;
    for (size_t I = 0; I < N; ++I)
      R[I] = A.E[I] == B.E[I];
    return R;
  }
  friend marray<bool, N> operator<(const marray &A, const marray &B) {
    marray<bool, N> R;
    for (size_t I = 0; I < N; ++I)
      R[I] = A.E[I] < B.E[I];
    return R;
  }

private:
  T E[N] = {};
};

} // namespace sycl
