// SYCL integer functions (SYCL 2020 §4.17.8) on every integer type, with
// their vec/marray forms. Plain C++ everywhere: each target's compiler
// selects its own instructions. clamp, min and max get their vector forms
// in builtins_common.hpp, shared with the floating-point ones.
#pragma once

#include "builtins_scalar.hpp"

#include <climits>
#include <cstdint>
#include <limits>

namespace sycl {

#define SMCP_INT_SCALAR(RESULT, NAME, PARAMS)                                                      \
  template <typename T, detail::enable_geninteger_t<T> = 0> RESULT NAME PARAMS
#define SMCP_INT_BUILTIN(RESULT, NAME, PARAMS, ...)                                                \
  SMCP_INT_SCALAR(RESULT, NAME, PARAMS) __VA_ARGS__ SMCP_BUILTIN_VECTOR_FORM(NAME)

SMCP_INT_SCALAR(T, clamp, (T X, detail::same_t<T> Lo, detail::same_t<T> Hi)) {
  return X < Lo ? Lo : Hi < X ? Hi : X;
}
SMCP_INT_SCALAR(T, max, (T X, detail::same_t<T> Y)) { return X < Y ? Y : X; }
SMCP_INT_SCALAR(T, min, (T X, detail::same_t<T> Y)) { return Y < X ? Y : X; }

SMCP_INT_BUILTIN(std::make_unsigned_t<T>, abs, (T X), {
  using U = std::make_unsigned_t<T>;
  return X < 0 ? U(-(X + 1)) + 1 : U(X);
})
SMCP_INT_BUILTIN(std::make_unsigned_t<T>, abs_diff, (T X, detail::same_t<T> Y), {
  using U = std::make_unsigned_t<T>;
  return X > Y ? U(X) - U(Y) : U(Y) - U(X);
})
SMCP_INT_BUILTIN(T, add_sat, (T X, detail::same_t<T> Y), {
  T R;
  if (!__builtin_add_overflow(X, Y, &R))
    return R;
  return Y > 0 ? std::numeric_limits<T>::max() : std::numeric_limits<T>::min();
})
SMCP_INT_BUILTIN(T, sub_sat, (T X, detail::same_t<T> Y), {
  T R;
  if (!__builtin_sub_overflow(X, Y, &R))
    return R;
  return Y < 0 ? std::numeric_limits<T>::max() : std::numeric_limits<T>::min();
})
SMCP_INT_BUILTIN(T, hadd, (T X, detail::same_t<T> Y), { return (X >> 1) + (Y >> 1) + (X & Y & 1); })
SMCP_INT_BUILTIN(T, rhadd, (T X, detail::same_t<T> Y),
                 { return (X >> 1) + (Y >> 1) + ((X | Y) & 1); })
SMCP_INT_BUILTIN(T, popcount, (T X), {
  return T(__builtin_popcountll((unsigned long long)std::make_unsigned_t<T>(X)));
})
SMCP_INT_BUILTIN(T, clz, (T X), {
  using U = std::make_unsigned_t<T>;
  constexpr int Bits = sizeof(T) * CHAR_BIT;
  return U(X) == 0 ? T(Bits) : T(__builtin_clzll((unsigned long long)U(X)) - (64 - Bits));
})
SMCP_INT_BUILTIN(T, ctz, (T X), {
  using U = std::make_unsigned_t<T>;
  return U(X) == 0 ? T(sizeof(T) * CHAR_BIT) : T(__builtin_ctzll((unsigned long long)U(X)));
})
SMCP_INT_BUILTIN(T, rotate, (T V, detail::same_t<T> I), {
  using U = std::make_unsigned_t<T>;
  constexpr unsigned Bits = sizeof(T) * CHAR_BIT;
  unsigned S = unsigned(U(I) % Bits);
  return S == 0 ? V : T((U(V) << S) | (U(V) >> (Bits - S)));
})

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

SMCP_INT_BUILTIN(T, mul_hi, (T X, detail::same_t<T> Y), {
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
})
SMCP_INT_BUILTIN(T, mad_hi, (T A, detail::same_t<T> B, detail::same_t<T> C),
                 { return mul_hi(A, B) + C; })
// Without __builtin_mul_overflow: translator 15 rejects llvm.smul.with.overflow.
SMCP_INT_BUILTIN(T, mad_sat, (T A, detail::same_t<T> B, detail::same_t<T> C), {
  constexpr T Max = std::numeric_limits<T>::max(), Min = std::numeric_limits<T>::min();
  if constexpr (sizeof(T) < 8) {
    using W = std::conditional_t<std::is_signed_v<T>, long long, unsigned long long>;
    W P = W(A) * W(B) + W(C);
    return P > W(Max) ? Max : P < W(Min) ? Min : T(P);
  } else {
    T Hi = mul_hi(A, B), Lo = T(A * B);
    bool Overflow = std::is_signed_v<T> ? Hi != (Lo < 0 ? T(-1) : T(0)) : Hi != 0;
    if (Overflow)
      return std::is_signed_v<T> && Hi < 0 ? Min : Max;
    return add_sat(Lo, C);
  }
})
// 32-bit only; the 24-bit promise lets a target use a narrower multiplier.
SMCP_INT_BUILTIN(T, mul24, (T X, detail::same_t<T> Y), {
  static_assert(sizeof(T) == 4, "mul24 takes 32-bit integers");
  return X * Y;
})
SMCP_INT_BUILTIN(T, mad24, (T X, detail::same_t<T> Y, detail::same_t<T> Z), {
  static_assert(sizeof(T) == 4, "mad24 takes 32-bit integers");
  return X * Y + Z;
})

namespace detail {
template <typename T> struct wider;
template <> struct wider<int8_t> { using type = int16_t; };
template <> struct wider<uint8_t> { using type = uint16_t; };
template <> struct wider<int16_t> { using type = int32_t; };
template <> struct wider<uint16_t> { using type = uint32_t; };
template <> struct wider<int32_t> { using type = int64_t; };
template <> struct wider<uint32_t> { using type = uint64_t; };
template <>
struct wider<char> : wider<std::conditional_t<std::is_signed_v<char>, int8_t, uint8_t>> {};
} // namespace detail
/// upsample(hi, lo): hi in the upper half of the wider integer, lo (unsigned) below.
SMCP_INT_BUILTIN(typename detail::wider<T>::type, upsample, (T Hi, std::make_unsigned_t<T> Lo), {
  using W = typename detail::wider<T>::type;
  return W((std::make_unsigned_t<W>(std::make_unsigned_t<T>(Hi)) << (sizeof(T) * CHAR_BIT)) | Lo);
})
#undef SMCP_INT_BUILTIN
#undef SMCP_INT_SCALAR

} // namespace sycl
