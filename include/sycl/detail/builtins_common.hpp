// SYCL common functions (SYCL 2020 §4.17.6) on float, double and half, with
// their vec/marray forms (scalars broadcast: clamp(v, 0.0f, 1.0f),
// mix(a, b, t), step(edge, v), smoothstep(e0, e1, v)). clamp, min and max
// share their vector forms with the integer ones, declared first so that
// those forms see both.
#pragma once

#include "builtins_integer.hpp"
#include "builtins_scalar.hpp"

#include <cmath>

namespace sycl {
namespace detail {
template <typename T> T smoothstep_of(T Edge0, T Edge1, T X) {
  T V = std::fmin(std::fmax((X - Edge0) / (Edge1 - Edge0), T(0)), T(1));
  return V * V * (T(3) - T(2) * V);
}
} // namespace detail

SMCP_FLOAT_SCALAR3(clamp, std::fmin(std::fmax(X, Y), Z))
SMCP_FLOAT_SCALAR2(max, X < Y ? Y : X)
SMCP_FLOAT_SCALAR2(min, Y < X ? Y : X)
SMCP_BUILTIN_VECTOR_FORM(clamp)
SMCP_BUILTIN_VECTOR_FORM(max)
SMCP_BUILTIN_VECTOR_FORM(min)
SMCP_FLOAT_BUILTIN1(degrees, X *T(180.0 / 3.14159265358979323846))
SMCP_FLOAT_BUILTIN1(radians, X *T(3.14159265358979323846 / 180.0))
SMCP_FLOAT_BUILTIN3(mix, X + (Y - X) * Z)
SMCP_FLOAT_BUILTIN2(step, Y < X ? T(0) : T(1))
SMCP_FLOAT_BUILTIN3(smoothstep, detail::smoothstep_of(X, Y, Z))
SMCP_FLOAT_BUILTIN1(sign, X > T(0) ? T(1) : X < T(0) ? T(-1) : X * T(0))

} // namespace sycl
