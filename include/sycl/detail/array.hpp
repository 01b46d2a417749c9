// The common base of sycl::id and sycl::range: Dims size_t values with the
// element-wise operators the specification lists for both.
#pragma once

#include <cstddef>
#include <type_traits>

namespace sycl::detail {

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

#define SMCP_ARRAY_OP(OP)                                                      \
  friend constexpr self operator OP(const self &A, const self &B) {            \
    self R = A;                                                                \
    for (int D = 0; D < Dims; ++D)                                             \
      R.Values[D] = A.Values[D] OP B.Values[D];                                \
    return R;                                                                  \
  }                                                                            \
  friend constexpr self operator OP(const self &A, size_t S) {                 \
    self R = A;                                                                \
    for (int D = 0; D < Dims; ++D)                                             \
      R.Values[D] = A.Values[D] OP S;                                          \
    return R;                                                                  \
  }                                                                            \
  friend constexpr self operator OP(size_t S, const self &B) {                 \
    self R = B;                                                                \
    for (int D = 0; D < Dims; ++D)                                             \
      R.Values[D] = S OP B.Values[D];                                          \
    return R;                                                                  \
  }                                                                            \
  friend constexpr self &operator OP##=(self &A, const self &B) {              \
    for (int D = 0; D < Dims; ++D)                                             \
      A.Values[D] = A.Values[D] OP B.Values[D];                                \
    return A;                                                                  \
  }                                                                            \
  friend constexpr self &operator OP##=(self &A, size_t S) {                   \
    for (int D = 0; D < Dims; ++D)                                             \
      A.Values[D] = A.Values[D] OP S;                                          \
    return A;                                                                  \
  }
  SMCP_ARRAY_OP(+)
  SMCP_ARRAY_OP(-)
  SMCP_ARRAY_OP(*)
  SMCP_ARRAY_OP(/)
  SMCP_ARRAY_OP(%)
  SMCP_ARRAY_OP(<<)
  SMCP_ARRAY_OP(>>)
  SMCP_ARRAY_OP(&)
  SMCP_ARRAY_OP(|)
  SMCP_ARRAY_OP(^)
#undef SMCP_ARRAY_OP

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
