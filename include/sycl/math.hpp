// SYCL built-in functions (SYCL 2020 §4.17): math functions here, with
// native:: and half_precision::; the common, integer, geometric and
// relational functions in detail/builtins_*.hpp. Every function exists for
// float, double and half scalars, and element-wise for vec, swizzles and
// marray with scalars broadcast (detail/builtins_map.hpp). Host code uses
// the standard library, so the same program runs both ways.
#pragma once

#include "detail/builtins_scalar.hpp"

#include <cmath>
#include <cstdint>
#include <limits>

namespace sycl {
namespace detail {
inline constexpr double pi = 3.14159265358979323846;

/// sin(pi x) and cos(pi x) on the host: reduced first, exact at integers.
template <typename T> T host_sinpi(T X) {
  T R = std::remainder(X, T(2)); // in [-1, 1]
  return R == T(1) || R == T(-1) ? std::copysign(T(0), X) : std::sin(T(pi) * R);
}
template <typename T> T host_cospi(T X) {
  T R = std::fabs(std::remainder(X, T(2)));
  return R == T(0.5) ? T(0) : std::cos(T(pi) * R);
}

/// Calls F on the elements of the inputs and an output element each, and
/// stores the outputs through P: the built-ins with a pointer argument
/// (fract, frexp, modf, remquo, lgamma_r, sincos). P is a multi_ptr or a
/// pointer to a scalar, a vec or an marray.
template <typename Ptr, typename Fn, typename X, typename... Rest>
X with_out(Ptr P, Fn F, const X &In, const Rest &...More) {
  std::remove_reference_t<decltype(*P)> Out{};
  X R;
  if constexpr (is_vector_arg_v<X>) {
    for (size_t I = 0; I < X::size(); ++I)
      R[I] = F(In[I], Out[I], More[I]...);
  } else {
    R = F(In, Out, More...);
  }
  *P = Out;
  return R;
}
} // namespace detail

// --- math functions of libm -----------------------------------------------------
SMCP_LIBM_BUILTIN1(acos)
SMCP_LIBM_BUILTIN1(acosh)
SMCP_LIBM_BUILTIN1(asin)
SMCP_LIBM_BUILTIN1(asinh)
SMCP_LIBM_BUILTIN1(atan)
SMCP_LIBM_BUILTIN2(atan2)
SMCP_LIBM_BUILTIN1(atanh)
SMCP_LIBM_BUILTIN1(cbrt)
SMCP_LIBM_BUILTIN1(ceil)
SMCP_LIBM_BUILTIN2(copysign)
SMCP_LIBM_BUILTIN1(cos)
SMCP_LIBM_BUILTIN1(cosh)
SMCP_LIBM_BUILTIN1(erf)
SMCP_LIBM_BUILTIN1(erfc)
SMCP_LIBM_BUILTIN1(exp)
SMCP_LIBM_BUILTIN1(exp2)
SMCP_LIBM_BUILTIN1(expm1)
SMCP_LIBM_BUILTIN1(fabs)
SMCP_LIBM_BUILTIN2(fdim)
SMCP_LIBM_BUILTIN1(floor)
SMCP_FLOAT_BUILTIN3(fma, std::fma(X, Y, Z))
SMCP_LIBM_BUILTIN2(fmax)
SMCP_LIBM_BUILTIN2(fmin)
SMCP_LIBM_BUILTIN2(fmod)
SMCP_LIBM_BUILTIN2(hypot)
SMCP_LIBM_BUILTIN1(lgamma)
SMCP_LIBM_BUILTIN1(log)
SMCP_LIBM_BUILTIN1(log2)
SMCP_LIBM_BUILTIN1(log10)
SMCP_LIBM_BUILTIN1(log1p)
SMCP_LIBM_BUILTIN1(logb)
SMCP_LIBM_BUILTIN2(nextafter)
SMCP_LIBM_BUILTIN2(pow)
SMCP_LIBM_BUILTIN2(remainder)
SMCP_LIBM_BUILTIN1(rint)
SMCP_LIBM_BUILTIN1(round)
SMCP_LIBM_BUILTIN1(sin)
SMCP_LIBM_BUILTIN1(sinh)
SMCP_LIBM_BUILTIN1(sqrt)
SMCP_LIBM_BUILTIN1(tan)
SMCP_LIBM_BUILTIN1(tanh)
SMCP_LIBM_BUILTIN1(tgamma)
SMCP_LIBM_BUILTIN1(trunc)

// --- OpenCL's, through OpenCL.std / libdevice on the device ---------------------------
SMCP_OCL_BUILTIN1(rsqrt, T(1) / std::sqrt(X))
SMCP_OCL_BUILTIN1(sinpi, detail::host_sinpi(X))
SMCP_OCL_BUILTIN1(cospi, detail::host_cospi(X))
SMCP_OCL_BUILTIN1(exp10, std::pow(T(10), X))
SMCP_FLOAT_BUILTIN3(mad, SMCP_DEVICE_OR_HOST(__spirv_ocl_mad(X, Y, Z), X *Y + Z))

// --- OpenCL's that neither libm nor libdevice has: one formula everywhere ----------
SMCP_FLOAT_BUILTIN1(acospi, acos(X) * T(1 / detail::pi))
SMCP_FLOAT_BUILTIN1(asinpi, asin(X) * T(1 / detail::pi))
SMCP_FLOAT_BUILTIN1(atanpi, atan(X) * T(1 / detail::pi))
SMCP_FLOAT_BUILTIN2(atan2pi, atan2(X, Y) * T(1 / detail::pi))
SMCP_FLOAT_BUILTIN1(tanpi, sinpi(X) / cospi(X))
SMCP_FLOAT_BUILTIN2(powr, X < T(0) ? std::numeric_limits<T>::quiet_NaN() : pow(X, Y))
SMCP_FLOAT_BUILTIN2(maxmag, fabs(X) > fabs(Y) ? X : fabs(Y) > fabs(X) ? Y : fmax(X, Y))
SMCP_FLOAT_BUILTIN2(minmag, fabs(X) < fabs(Y) ? X : fabs(Y) < fabs(X) ? Y : fmin(X, Y))

// --- with an integer argument or result ------------------------------------------
template <typename T, detail::enable_genfloat_t<T> = 0> T ldexp(T X, int K) {
  if constexpr (detail::is_half_v<T>)
    return T(ldexp(float(X), K));
  else
    return SMCP_DEVICE_OR_HOST(__spirv_ocl_ldexp(X, K), std::ldexp(X, K));
}
SMCP_BUILTIN_VECTOR_FORM(ldexp)
template <typename T, detail::enable_genfloat_t<T> = 0> int ilogb(T X) {
  if constexpr (detail::is_half_v<T>)
    return ilogb(float(X));
  else
    return SMCP_DEVICE_OR_HOST(__spirv_ocl_ilogb(X), std::ilogb(X));
}
SMCP_BUILTIN_VECTOR_FORM(ilogb)
template <typename T, detail::enable_genfloat_t<T> = 0> T pown(T X, int N) { return pow(X, T(N)); }
SMCP_BUILTIN_VECTOR_FORM(pown)
template <typename T, detail::enable_genfloat_t<T> = 0> T rootn(T X, int N) {
  // An odd root of a negative number is negative; pow would give NaN.
  T Root = pow(fabs(X), T(1) / T(N));
  return X < T(0) ? (N % 2 ? -Root : std::numeric_limits<T>::quiet_NaN()) : Root;
}
SMCP_BUILTIN_VECTOR_FORM(rootn)
// nan: the unsigned integer of the result's size selects the type.
inline half nan(uint16_t) { return std::numeric_limits<half>::quiet_NaN(); }
inline float nan(uint32_t) { return std::numeric_limits<float>::quiet_NaN(); }
inline double nan(uint64_t) { return std::numeric_limits<double>::quiet_NaN(); }
SMCP_BUILTIN_VECTOR_FORM(nan)

// --- with a pointer argument: scalars or vectors through detail::with_out ------------
template <typename T, typename Ptr> T fract(T X, Ptr IPtr) {
  return detail::with_out(
      IPtr,
      [](auto V, auto &Floor) {
        using E = decltype(V);
        Floor = floor(V);
        if (V != V)
          return V;
        if (fabs(V) == std::numeric_limits<E>::infinity())
          return copysign(E(0), V);
        return fmin(V - Floor, nextafter(E(1), E(0)));
      },
      X);
}
template <typename T, typename Ptr> T modf(T X, Ptr IPtr) {
  return detail::with_out(
      IPtr,
      [](auto V, auto &Int) {
        using E = decltype(V);
        Int = trunc(V);
        return copysign(fabs(V) == std::numeric_limits<E>::infinity() ? E(0) : V - Int, V);
      },
      X);
}
template <typename T, typename Ptr> T frexp(T X, Ptr Exp) {
  return detail::with_out(
      Exp,
      [](auto V, auto &E) {
        if (V == decltype(V)(0) || V != V ||
            fabs(V) == std::numeric_limits<decltype(V)>::infinity()) {
          E = 0;
          return V;
        }
        E = ilogb(V) + 1;
        return ldexp(V, -E);
      },
      X);
}
template <typename T, typename Ptr> T remquo(T X, T Y, Ptr Quo) {
  return detail::with_out(
      Quo,
      [](auto A, auto &Q, auto B) {
        auto R = remainder(A, B);
        // The sign of A / B and the low 7 bits of the integral quotient.
        long long K = (long long)rint((A - R) / B);
        int Low = int((K < 0 ? -K : K) & 127);
        Q = (A < 0) != (B < 0) ? -Low : Low;
        return R;
      },
      X, Y);
}
template <typename T, typename Ptr> T lgamma_r(T X, Ptr Sign) {
  return detail::with_out(
      Sign,
      [](auto V, auto &S) {
        using E = decltype(V);
        // Gamma is negative on (-1, 0), (-3, -2), ...: where floor(V) is odd.
        S = V > E(0) || fmod(floor(V), E(2)) == E(0) ? 1 : -1;
        return lgamma(V);
      },
      X);
}
template <typename T, typename Ptr> T sincos(T X, Ptr Cos) {
  return detail::with_out(
      Cos,
      [](auto V, auto &C) {
        C = cos(V);
        return sin(V);
      },
      X);
}

// --- native:: and half_precision:: -----------------------------------------------------
// native:: forms are OpenCL's (libdevice's fast forms on nvptx64);
// half_precision:: only relaxes the accuracy requirement, and full precision
// meets it (OpenCL CPU libraries such as PoCL lack the half_* functions).
namespace native {
#define SMCP_NATIVE1(NAME, FULL)                                                                   \
  template <typename T, std::enable_if_t<std::is_same_v<T, float>, int> = 0> T NAME(T X) {         \
    return SMCP_DEVICE_OR_HOST(__spirv_ocl_native_##NAME(X), FULL);                                \
  }                                                                                                \
  SMCP_BUILTIN_VECTOR_FORM(NAME)
SMCP_NATIVE1(cos, std::cos(X))
SMCP_NATIVE1(exp, std::exp(X))
SMCP_NATIVE1(exp2, std::exp2(X))
SMCP_NATIVE1(exp10, std::pow(10.0f, X))
SMCP_NATIVE1(log, std::log(X))
SMCP_NATIVE1(log2, std::log2(X))
SMCP_NATIVE1(log10, std::log10(X))
SMCP_NATIVE1(recip, 1.0f / X)
SMCP_NATIVE1(rsqrt, 1.0f / std::sqrt(X))
SMCP_NATIVE1(sin, std::sin(X))
SMCP_NATIVE1(sqrt, std::sqrt(X))
SMCP_NATIVE1(tan, std::tan(X))
#undef SMCP_NATIVE1
template <typename T, std::enable_if_t<std::is_same_v<T, float>, int> = 0>
T divide(T X, detail::same_t<T> Y) {
  return SMCP_DEVICE_OR_HOST(__spirv_ocl_native_divide(X, Y), X / Y);
}
SMCP_BUILTIN_VECTOR_FORM(divide)
template <typename T, std::enable_if_t<std::is_same_v<T, float>, int> = 0>
T powr(T X, detail::same_t<T> Y) {
  return SMCP_DEVICE_OR_HOST(__spirv_ocl_native_powr(X, Y), std::pow(X, Y));
}
SMCP_BUILTIN_VECTOR_FORM(powr)
} // namespace native

namespace half_precision {
#define SMCP_HALF_PRECISION(NAME, ...)                                                             \
  template <typename... A> auto NAME(const A &...Args)->decltype(::sycl::NAME(Args...)) {          \
    return ::sycl::NAME(Args...);                                                                  \
  }
SMCP_HALF_PRECISION(cos)
SMCP_HALF_PRECISION(exp)
SMCP_HALF_PRECISION(exp2)
SMCP_HALF_PRECISION(exp10)
SMCP_HALF_PRECISION(log)
SMCP_HALF_PRECISION(log2)
SMCP_HALF_PRECISION(log10)
SMCP_HALF_PRECISION(rsqrt)
SMCP_HALF_PRECISION(sin)
SMCP_HALF_PRECISION(sqrt)
SMCP_HALF_PRECISION(tan)
SMCP_HALF_PRECISION(powr)
#undef SMCP_HALF_PRECISION
template <typename T> auto recip(const T &X) { return decltype(X + X)(1.0f) / X; }
template <typename T> auto divide(const T &X, const T &Y) { return X / Y; }
} // namespace half_precision

} // namespace sycl

#include "detail/builtins_common.hpp"
#include "detail/builtins_geometric.hpp"
#include "detail/builtins_integer.hpp"
#include "detail/builtins_relational.hpp"
