// What every scalar SYCL built-in shares: the generic type classes of
// SYCL 2020 §4.17.2 and the macros that define a floating-point built-in
// once for float, double and half (half computes in float), with its
// element-wise vec/marray forms (builtins_map.hpp).
//
// Device code: libm forms (std::sin, ...) become OpenCL.std instructions on
// spir64 (device-passes/LowerToSPIRV.cpp) and libdevice calls on nvptx64
// (device-passes/MathToLibdevice.cpp); the OpenCL-only ones call
// __spirv_ocl_* (declared in builtins_ocl.hpp), which the translator takes
// as they are and MathToLibdevice renames to libdevice's __nv_*.
#pragma once

#include "builtins_map.hpp"
#include "builtins_ocl.hpp"

#include <type_traits>

namespace sycl::detail {

template <typename T> inline constexpr bool is_half_v = std::is_same_v<T, half>;
template <typename T>
inline constexpr bool is_genfloat_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || is_half_v<T>;
template <typename T>
inline constexpr bool is_geninteger_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;
template <typename T> using enable_genfloat_t = std::enable_if_t<is_genfloat_v<T>, int>;
template <typename T> using enable_geninteger_t = std::enable_if_t<is_geninteger_v<T>, int>;
/// The further arguments of a built-in take the first one's type, so that a
/// scalar of another arithmetic type converts (fmin(x, 0.0) for a float x).
template <typename T> using same_t = typename std::common_type<T>::type;
/// float for half: the type a half built-in computes in.
template <typename T> using compute_t = std::conditional_t<is_half_v<T>, float, T>;

} // namespace sycl::detail

#ifdef __SYCL_DEVICE_ONLY__
#define SMCP_DEVICE_OR_HOST(DEVICE, HOST) DEVICE
#else
#define SMCP_DEVICE_OR_HOST(DEVICE, HOST) HOST
#endif

/// Floating-point built-in NAME of 1, 2 or 3 arguments X, Y, Z computed by
/// EXPR (for float and double; half goes through float): SCALAR alone,
/// BUILTIN with its vec/marray forms.
#define SMCP_FLOAT_SCALAR1(NAME, EXPR)                                                             \
  template <typename T, ::sycl::detail::enable_genfloat_t<T> = 0> T NAME(T X) {                    \
    if constexpr (::sycl::detail::is_half_v<T>)                                                    \
      return T(NAME(float(X)));                                                                    \
    else                                                                                           \
      return EXPR;                                                                                 \
  }
#define SMCP_FLOAT_SCALAR2(NAME, EXPR)                                                             \
  template <typename T, ::sycl::detail::enable_genfloat_t<T> = 0>                                  \
  T NAME(T X, ::sycl::detail::same_t<T> Y) {                                                       \
    if constexpr (::sycl::detail::is_half_v<T>)                                                    \
      return T(NAME(float(X), float(Y)));                                                          \
    else                                                                                           \
      return EXPR;                                                                                 \
  }
#define SMCP_FLOAT_SCALAR3(NAME, EXPR)                                                             \
  template <typename T, ::sycl::detail::enable_genfloat_t<T> = 0>                                  \
  T NAME(T X, ::sycl::detail::same_t<T> Y, ::sycl::detail::same_t<T> Z) {                          \
    if constexpr (::sycl::detail::is_half_v<T>)                                                    \
      return T(NAME(float(X), float(Y), float(Z)));                                                \
    else                                                                                           \
      return EXPR;                                                                                 \
  }
#define SMCP_FLOAT_BUILTIN1(NAME, EXPR)                                                            \
  SMCP_FLOAT_SCALAR1(NAME, EXPR) SMCP_BUILTIN_VECTOR_FORM(NAME)
#define SMCP_FLOAT_BUILTIN2(NAME, EXPR)                                                            \
  SMCP_FLOAT_SCALAR2(NAME, EXPR) SMCP_BUILTIN_VECTOR_FORM(NAME)
#define SMCP_FLOAT_BUILTIN3(NAME, EXPR)                                                            \
  SMCP_FLOAT_SCALAR3(NAME, EXPR) SMCP_BUILTIN_VECTOR_FORM(NAME)
/// The same built-in on the libm function of that name.
#define SMCP_LIBM_BUILTIN1(NAME) SMCP_FLOAT_BUILTIN1(NAME, std::NAME(X))
#define SMCP_LIBM_BUILTIN2(NAME) SMCP_FLOAT_BUILTIN2(NAME, std::NAME(X, Y))
/// An OpenCL built-in libm lacks: __spirv_ocl_NAME in device code.
#define SMCP_OCL_BUILTIN1(NAME, HOST)                                                              \
  SMCP_FLOAT_BUILTIN1(NAME, SMCP_DEVICE_OR_HOST(__spirv_ocl_##NAME(X), HOST))
