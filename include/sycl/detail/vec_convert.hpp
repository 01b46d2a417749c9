// vec::convert's element conversion with the rounding modes of SYCL 2020
// §4.14.2.4. Plain C++, identical on the host and every device target: the
// value is converted with the default rounding (to nearest even for
// floating-point results) and then moved one step toward the requested
// direction where the result was rounded the other way.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

namespace sycl {

enum class rounding_mode { automatic, rte, rtz, rtp, rtn };

namespace detail {

/// The sign of R - X, exactly, for R the conversion of X to a float type.
template <typename R, typename X> int compare_exact(R Result, X Value) {
  if constexpr (std::is_floating_point_v<X>) {
    // A float source: the wider of the two types holds both exactly.
    using W = std::conditional_t<(sizeof(R) > sizeof(X)), R, X>;
    return W(Result) < W(Value) ? -1 : W(Result) > W(Value);
  } else {
    // An integer source: Result is integral; in X's range it converts back
    // exactly, outside it it is beyond every value of X.
    if (Result >= R(std::numeric_limits<X>::max()) + R(1))
      return 1;
    if (Result < R(std::numeric_limits<X>::min()))
      return -1;
    X Back = X(Result);
    return Back < Value ? -1 : Back > Value;
  }
}

/// Directed rounding to a float type: default rounding, then one step.
template <typename To, rounding_mode Mode, typename From> To round_to_float(From V) {
  To R = static_cast<To>(V);
  if (std::isnan(R) || std::isinf(R))
    return R;
  int Cmp = compare_exact(R, V);
  constexpr To Inf = std::numeric_limits<To>::infinity();
  bool TowardZero = Mode == rounding_mode::rtz && (R > To(0) ? Cmp > 0 : Cmp < 0);
  if ((Mode == rounding_mode::rtp && Cmp < 0) || (Mode == rounding_mode::rtn && Cmp > 0) ||
      TowardZero)
    return std::nextafter(R, Mode == rounding_mode::rtp   ? Inf
                             : Mode == rounding_mode::rtn ? -Inf
                                                          : To(0));
  return R;
}

template <typename To, rounding_mode Mode, typename From> To convert_element(From V) {
  constexpr bool FloatFrom = std::is_floating_point_v<From>;
  constexpr bool FloatTo = std::is_same_v<To, float> || std::is_same_v<To, double>;
  if constexpr (FloatFrom && std::is_integral_v<To> && !std::is_same_v<To, bool>) {
    // To an integer, "automatic" is toward zero (as C++ and OpenCL do).
    if constexpr (Mode == rounding_mode::rte)
      return static_cast<To>(std::rint(V));
    else if constexpr (Mode == rounding_mode::rtp)
      return static_cast<To>(std::ceil(V));
    else if constexpr (Mode == rounding_mode::rtn)
      return static_cast<To>(std::floor(V));
    else
      return static_cast<To>(V);
  } else if constexpr (FloatTo && Mode != rounding_mode::automatic && Mode != rounding_mode::rte &&
                       std::is_arithmetic_v<From> && !std::is_same_v<From, bool> &&
                       (!FloatFrom || sizeof(From) > sizeof(To))) {
    return round_to_float<To, Mode>(V);
  } else {
    return static_cast<To>(V);
  }
}

} // namespace detail
} // namespace sycl
