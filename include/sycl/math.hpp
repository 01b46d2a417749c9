// SYCL math, integer and common built-ins (SYCL 2020 §4.17.5–4.17.8) for
// scalar genfloat (float, double) and geninteger types.
//
// Device code: the libm forms (std::sqrt, ...) become OpenCL.std extended
// instructions in device-passes/LowerToSPIRV.cpp; the OpenCL-only functions
// (rsqrt, mad, native_*, half_*) call __spirv_ocl_* directly. Host code uses
// the standard library, so the same program runs both ways. vec and marray
// arguments apply the scalar function element by element.
#pragma once

#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <type_traits>

#include "vec.hpp"

#ifdef __SYCL_DEVICE_ONLY__
#define SMCP_OCL_UNARY(NAME)                                                                       \
  extern __attribute__((nothrow, const)) float __spirv_ocl_##NAME(float);                          \
  extern __attribute__((nothrow, const)) double __spirv_ocl_##NAME(double);
SMCP_OCL_UNARY(rsqrt)
SMCP_OCL_UNARY(native_sqrt)
SMCP_OCL_UNARY(native_rsqrt)
SMCP_OCL_UNARY(native_sin)
SMCP_OCL_UNARY(native_cos)
SMCP_OCL_UNARY(native_tan)
SMCP_OCL_UNARY(native_exp)
SMCP_OCL_UNARY(native_exp2)
SMCP_OCL_UNARY(native_log)
SMCP_OCL_UNARY(native_log2)
SMCP_OCL_UNARY(native_recip)
#undef SMCP_OCL_UNARY
extern __attribute__((nothrow, const)) float __spirv_ocl_mad(float, float, float);
extern __attribute__((nothrow, const)) double __spirv_ocl_mad(double, double, double);
extern __attribute__((nothrow, const)) float __spirv_ocl_native_divide(float, float);
extern __attribute__((nothrow, const)) float __spirv_ocl_native_powr(float, float);
#endif

namespace sycl {
namespace detail {
template <typename T> inline constexpr bool is_genfloat_v = std::is_same_v<T, float> || std::is_same_v<T, double>;
template <typename T> using enable_float_t = std::enable_if_t<is_genfloat_v<T>, T>;
template <typename T>
using enable_int_t = std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, T>;
} // namespace detail

// --- math functions: the libm ones ------------------------------------------
#define SMCP_MATH_UNARY(NAME)                                                                      \
  template <typename T> detail::enable_float_t<T> NAME(T X) { return std::NAME(X); }
SMCP_MATH_UNARY(sqrt)
SMCP_MATH_UNARY(cbrt)
SMCP_MATH_UNARY(sin)
SMCP_MATH_UNARY(cos)
SMCP_MATH_UNARY(tan)
SMCP_MATH_UNARY(asin)
SMCP_MATH_UNARY(acos)
SMCP_MATH_UNARY(atan)
SMCP_MATH_UNARY(sinh)
SMCP_MATH_UNARY(cosh)
SMCP_MATH_UNARY(tanh)
SMCP_MATH_UNARY(asinh)
SMCP_MATH_UNARY(acosh)
SMCP_MATH_UNARY(atanh)
SMCP_MATH_UNARY(exp)
SMCP_MATH_UNARY(exp2)
SMCP_MATH_UNARY(expm1)
SMCP_MATH_UNARY(log)
SMCP_MATH_UNARY(log2)
SMCP_MATH_UNARY(log10)
SMCP_MATH_UNARY(log1p)
SMCP_MATH_UNARY(fabs)
SMCP_MATH_UNARY(floor)
SMCP_MATH_UNARY(ceil)
SMCP_MATH_UNARY(trunc)
SMCP_MATH_UNARY(round)
SMCP_MATH_UNARY(rint)
SMCP_MATH_UNARY(erf)
SMCP_MATH_UNARY(erfc)
SMCP_MATH_UNARY(tgamma)
SMCP_MATH_UNARY(lgamma)
#undef SMCP_MATH_UNARY
#define SMCP_MATH_BINARY(NAME)                                                                     \
  template <typename T> detail::enable_float_t<T> NAME(T X, T Y) { return std::NAME(X, Y); }
SMCP_MATH_BINARY(pow)
SMCP_MATH_BINARY(atan2)
SMCP_MATH_BINARY(fmod)
SMCP_MATH_BINARY(fmin)
SMCP_MATH_BINARY(fmax)
SMCP_MATH_BINARY(fdim)
SMCP_MATH_BINARY(hypot)
SMCP_MATH_BINARY(copysign)
SMCP_MATH_BINARY(remainder)
#undef SMCP_MATH_BINARY
template <typename T> detail::enable_float_t<T> fma(T A, T B, T C) { return std::fma(A, B, C); }
template <typename T> detail::enable_float_t<T> powr(T X, T Y) { return std::pow(X, Y); }
template <typename T> detail::enable_float_t<T> pown(T X, int Y) { return std::pow(X, T(Y)); }
template <typename T> detail::enable_float_t<T> rootn(T X, int Y) { return std::pow(X, T(1) / T(Y)); }
template <typename T> detail::enable_float_t<T> exp10(T X) { return std::pow(T(10), X); }
template <typename T> detail::enable_float_t<T> sinpi(T X) { return std::sin(T(3.14159265358979323846) * X); }
template <typename T> detail::enable_float_t<T> cospi(T X) { return std::cos(T(3.14159265358979323846) * X); }

// --- math functions that only OpenCL has ---------------------------------------
template <typename T> detail::enable_float_t<T> rsqrt(T X) {
#ifdef __SYCL_DEVICE_ONLY__
  return __spirv_ocl_rsqrt(X);
#else
  return T(1) / std::sqrt(X);
#endif
}
template <typename T> detail::enable_float_t<T> mad(T A, T B, T C) {
#ifdef __SYCL_DEVICE_ONLY__
  return __spirv_ocl_mad(A, B, C);
#else
  return A * B + C;
#endif
}

#ifdef __SYCL_DEVICE_ONLY__
#define SMCP_OCL_FORM(NS, NAME, HOST)                                                              \
  inline float NAME(float X) { return __spirv_ocl_##NS##_##NAME(X); }
#else
#define SMCP_OCL_FORM(NS, NAME, HOST)                                                              \
  inline float NAME(float X) { return HOST; }
#endif
namespace native {
SMCP_OCL_FORM(native, sqrt, std::sqrt(X))
SMCP_OCL_FORM(native, rsqrt, 1.0f / std::sqrt(X))
SMCP_OCL_FORM(native, sin, std::sin(X))
SMCP_OCL_FORM(native, cos, std::cos(X))
SMCP_OCL_FORM(native, tan, std::tan(X))
SMCP_OCL_FORM(native, exp, std::exp(X))
SMCP_OCL_FORM(native, exp2, std::exp2(X))
SMCP_OCL_FORM(native, log, std::log(X))
SMCP_OCL_FORM(native, log2, std::log2(X))
SMCP_OCL_FORM(native, recip, 1.0f / X)
inline float divide(float X, float Y) {
#ifdef __SYCL_DEVICE_ONLY__
  return __spirv_ocl_native_divide(X, Y);
#else
  return X / Y;
#endif
}
inline float powr(float X, float Y) {
#ifdef __SYCL_DEVICE_ONLY__
  return __spirv_ocl_native_powr(X, Y);
#else
  return std::pow(X, Y);
#endif
}
} // namespace native
#undef SMCP_OCL_FORM
// half_precision:: only relaxes the accuracy requirement; full precision
// meets it, and OpenCL CPU libraries (PoCL) lack the half_* functions.
namespace half_precision {
inline float sqrt(float X) { return std::sqrt(X); }
inline float rsqrt(float X) { return sycl::rsqrt(X); }
inline float sin(float X) { return std::sin(X); }
inline float cos(float X) { return std::cos(X); }
inline float tan(float X) { return std::tan(X); }
inline float exp(float X) { return std::exp(X); }
inline float exp2(float X) { return std::exp2(X); }
inline float log(float X) { return std::log(X); }
inline float log2(float X) { return std::log2(X); }
inline float recip(float X) { return 1.0f / X; }
inline float divide(float X, float Y) { return X / Y; }
inline float powr(float X, float Y) { return std::pow(X, Y); }
} // namespace half_precision

// --- common functions ---------------------------------------------------------
template <typename T> detail::enable_float_t<T> clamp(T X, T Lo, T Hi) {
  return std::fmin(std::fmax(X, Lo), Hi);
}
template <typename T> detail::enable_float_t<T> degrees(T R) { return R * T(180.0 / 3.14159265358979323846); }
template <typename T> detail::enable_float_t<T> radians(T D) { return D * T(3.14159265358979323846 / 180.0); }
template <typename T> detail::enable_float_t<T> mix(T X, T Y, T A) { return X + (Y - X) * A; }
template <typename T> detail::enable_float_t<T> step(T Edge, T X) { return X < Edge ? T(0) : T(1); }
template <typename T> detail::enable_float_t<T> smoothstep(T E0, T E1, T X) {
  T V = clamp((X - E0) / (E1 - E0), T(0), T(1));
  return V * V * (T(3) - T(2) * V);
}
template <typename T> detail::enable_float_t<T> sign(T X) {
  return X > T(0) ? T(1) : X < T(0) ? T(-1) : X * T(0);
}

// --- min / max: floating point and integers --------------------------------
template <typename T> std::enable_if_t<std::is_arithmetic_v<T>, T> min(T X, T Y) {
  return Y < X ? Y : X;
}
template <typename T> std::enable_if_t<std::is_arithmetic_v<T>, T> max(T X, T Y) {
  return X < Y ? Y : X;
}

// --- integer functions ----------------------------------------------------------
template <typename T> detail::enable_int_t<T> clamp(T X, T Lo, T Hi) { return min(max(X, Lo), Hi); }
template <typename T> std::make_unsigned_t<detail::enable_int_t<T>> abs(T X) {
  using U = std::make_unsigned_t<T>;
  return X < 0 ? U(-(X + 1)) + 1 : U(X);
}
template <typename T> std::make_unsigned_t<detail::enable_int_t<T>> abs_diff(T X, T Y) {
  using U = std::make_unsigned_t<T>;
  return X > Y ? U(X) - U(Y) : U(Y) - U(X);
}
template <typename T> detail::enable_int_t<T> add_sat(T X, T Y) {
  T R;
  if (!__builtin_add_overflow(X, Y, &R))
    return R;
  return Y > 0 ? std::numeric_limits<T>::max() : std::numeric_limits<T>::min();
}
template <typename T> detail::enable_int_t<T> sub_sat(T X, T Y) {
  T R;
  if (!__builtin_sub_overflow(X, Y, &R))
    return R;
  return Y < 0 ? std::numeric_limits<T>::max() : std::numeric_limits<T>::min();
}
template <typename T> detail::enable_int_t<T> hadd(T X, T Y) { return (X >> 1) + (Y >> 1) + (X & Y & 1); }
template <typename T> detail::enable_int_t<T> rhadd(T X, T Y) {
  return (X >> 1) + (Y >> 1) + ((X | Y) & 1);
}
template <typename T> detail::enable_int_t<T> popcount(T X) {
  return T(__builtin_popcountll((unsigned long long)std::make_unsigned_t<T>(X)));
}
template <typename T> detail::enable_int_t<T> clz(T X) {
  using U = std::make_unsigned_t<T>;
  constexpr int Bits = sizeof(T) * CHAR_BIT;
  return U(X) == 0 ? T(Bits) : T(__builtin_clzll((unsigned long long)U(X)) - (64 - Bits));
}
template <typename T> detail::enable_int_t<T> ctz(T X) {
  using U = std::make_unsigned_t<T>;
  return U(X) == 0 ? T(sizeof(T) * CHAR_BIT) : T(__builtin_ctzll((unsigned long long)U(X)));
}
template <typename T> detail::enable_int_t<T> rotate(T V, T I) {
  using U = std::make_unsigned_t<T>;
  constexpr unsigned Bits = sizeof(T) * CHAR_BIT;
  unsigned S = unsigned(U(I) % Bits);
  return S == 0 ? V : T((U(V) << S) | (U(V) >> (Bits - S)));
}
namespace detail {
/// The high 64 bits of a 64x64-bit product, from 32-bit halves: spir64 has
/// no 128-bit integers.
inline unsigned long long mul_hi_u64(unsigned long long A, unsigned long long B) {
  unsigned long long ALo = A & 0xffffffffu, AHi = A >> 32, BLo = B & 0xffffffffu, BHi = B >> 32;
  unsigned long long P0 = ALo * BLo, P1 = ALo * BHi, P2 = AHi * BLo, P3 = AHi * BHi;
  unsigned long long Mid = (P0 >> 32) + (P1 & 0xffffffffu) + (P2 & 0xffffffffu);
  return P3 + (P1 >> 32) + (P2 >> 32) + (Mid >> 32);
}
} // namespace detail

template <typename T> detail::enable_int_t<T> mul_hi(T X, T Y) {
  if constexpr (sizeof(T) < 8) {
    using W = std::conditional_t<std::is_signed_v<T>, long long, unsigned long long>;
    return T((W(X) * W(Y)) >> (sizeof(T) * CHAR_BIT));
  } else {
    using U = unsigned long long;
    U Hi = detail::mul_hi_u64(U(X), U(Y));
    if constexpr (std::is_signed_v<T>)
      Hi -= (X < 0 ? U(Y) : 0) + (Y < 0 ? U(X) : 0); // two's complement correction
    return T(Hi);
  }
}
template <typename T> detail::enable_int_t<T> mad_hi(T A, T B, T C) { return mul_hi(A, B) + C; }
template <typename T> detail::enable_int_t<T> mad_sat(T A, T B, T C) {
  T P;
  if (__builtin_mul_overflow(A, B, &P))
    return (A < 0) != (B < 0) ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max();
  return add_sat(P, C);
}
inline int32_t mul24(int32_t X, int32_t Y) { return X * Y; }
inline uint32_t mul24(uint32_t X, uint32_t Y) { return X * Y; }
inline int32_t mad24(int32_t X, int32_t Y, int32_t Z) { return X * Y + Z; }
inline uint32_t mad24(uint32_t X, uint32_t Y, uint32_t Z) { return X * Y + Z; }

// --- vec and marray: element by element ----------------------------------------
namespace detail {
template <typename V, typename F> V elementwise(const V &X, F Fn) {
  V R;
  for (size_t I = 0; I < X.size(); ++I)
    R[I] = Fn(X[I]);
  return R;
}
template <typename V, typename F> V elementwise(const V &X, const V &Y, F Fn) {
  V R;
  for (size_t I = 0; I < X.size(); ++I)
    R[I] = Fn(X[I], Y[I]);
  return R;
}
template <typename V, typename F> V elementwise(const V &X, const V &Y, const V &Z, F Fn) {
  V R;
  for (size_t I = 0; I < X.size(); ++I)
    R[I] = Fn(X[I], Y[I], Z[I]);
  return R;
}
} // namespace detail

#define SMCP_VEC_UNARY(NAME)                                                                       \
  template <typename T, int N> vec<T, N> NAME(const vec<T, N> &X) {                                \
    return detail::elementwise(X, [](T A) { return NAME(A); });                                    \
  }                                                                                                \
  template <typename T, size_t N> marray<T, N> NAME(const marray<T, N> &X) {                       \
    return detail::elementwise(X, [](T A) { return NAME(A); });                                    \
  }
#define SMCP_VEC_BINARY(NAME)                                                                      \
  template <typename T, int N> vec<T, N> NAME(const vec<T, N> &X, const vec<T, N> &Y) {            \
    return detail::elementwise(X, Y, [](T A, T B) { return NAME(A, B); });                         \
  }                                                                                                \
  template <typename T, size_t N> marray<T, N> NAME(const marray<T, N> &X, const marray<T, N> &Y) {\
    return detail::elementwise(X, Y, [](T A, T B) { return NAME(A, B); });                         \
  }
#define SMCP_VEC_TERNARY(NAME)                                                                     \
  template <typename T, int N>                                                                     \
  vec<T, N> NAME(const vec<T, N> &X, const vec<T, N> &Y, const vec<T, N> &Z) {                     \
    return detail::elementwise(X, Y, Z, [](T A, T B, T C) { return NAME(A, B, C); });              \
  }                                                                                                \
  template <typename T, size_t N>                                                                  \
  marray<T, N> NAME(const marray<T, N> &X, const marray<T, N> &Y, const marray<T, N> &Z) {         \
    return detail::elementwise(X, Y, Z, [](T A, T B, T C) { return NAME(A, B, C); });              \
  }
SMCP_VEC_UNARY(sqrt)
SMCP_VEC_UNARY(rsqrt)
SMCP_VEC_UNARY(cbrt)
SMCP_VEC_UNARY(sin)
SMCP_VEC_UNARY(cos)
SMCP_VEC_UNARY(tan)
SMCP_VEC_UNARY(exp)
SMCP_VEC_UNARY(exp2)
SMCP_VEC_UNARY(log)
SMCP_VEC_UNARY(log2)
SMCP_VEC_UNARY(fabs)
SMCP_VEC_UNARY(floor)
SMCP_VEC_UNARY(ceil)
SMCP_VEC_UNARY(trunc)
SMCP_VEC_UNARY(round)
SMCP_VEC_UNARY(tanh)
SMCP_VEC_UNARY(degrees)
SMCP_VEC_UNARY(radians)
SMCP_VEC_UNARY(sign)
SMCP_VEC_BINARY(pow)
SMCP_VEC_BINARY(fmin)
SMCP_VEC_BINARY(fmax)
SMCP_VEC_BINARY(fmod)
SMCP_VEC_BINARY(atan2)
SMCP_VEC_BINARY(min)
SMCP_VEC_BINARY(max)
SMCP_VEC_BINARY(step)
SMCP_VEC_TERNARY(fma)
SMCP_VEC_TERNARY(mad)
SMCP_VEC_TERNARY(clamp)
SMCP_VEC_TERNARY(mix)
#undef SMCP_VEC_UNARY
#undef SMCP_VEC_BINARY
#undef SMCP_VEC_TERNARY

/// Geometric functions on float and double vecs of up to 4 elements.
template <typename T, int N> T dot(const vec<T, N> &X, const vec<T, N> &Y) {
  T R = 0;
  for (int I = 0; I < N; ++I)
    R += X[I] * Y[I];
  return R;
}
template <typename T, int N> T length(const vec<T, N> &X) { return std::sqrt(dot(X, X)); }
template <typename T, int N> T distance(const vec<T, N> &X, const vec<T, N> &Y) {
  return length(X - Y);
}
template <typename T, int N> vec<T, N> normalize(const vec<T, N> &X) { return X / length(X); }
template <typename T> vec<T, 3> cross(const vec<T, 3> &X, const vec<T, 3> &Y) {
  return vec<T, 3>(X[1] * Y[2] - X[2] * Y[1], X[2] * Y[0] - X[0] * Y[2], X[0] * Y[1] - X[1] * Y[0]);
}

} // namespace sycl
