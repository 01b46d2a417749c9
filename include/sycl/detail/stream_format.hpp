// Text formatting for sycl::stream in device code: integers in bases 8, 10
// and 16, floating point in fixed, scientific and general (printf's %g)
// notation, padding to a width. No allocation, no libc: each function writes
// into a caller's buffer of stream_piece_max bytes and returns the length.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sycl::detail {

constexpr size_t stream_piece_max = 128;

enum class float_style { general, fixed, scientific };

struct stream_format {
  int base = 10;
  bool show_base = false, show_pos = false, upper = false;
  float_style floats = float_style::general;
  int precision = 6;
  int width = 0; // for the next item only
};

inline size_t put_unsigned(char *Out, uint64_t V, int Base, bool Upper) {
  const char *Digits = Upper ? "0123456789ABCDEF" : "0123456789abcdef";
  size_t N = 1;
  for (uint64_t T = V; T >= uint64_t(Base); T /= unsigned(Base))
    ++N;
  // From the last digit back: no reversal loop (vectorised, translator 15
  // cannot take its vector of pointers).
  for (size_t I = N; I > 0; --I) {
    Out[I - 1] = Digits[V % unsigned(Base)];
    V /= unsigned(Base);
  }
  return N;
}

inline size_t put_text(char *Out, const char *Text) {
  size_t N = 0;
  while (Text[N]) {
    Out[N] = Text[N];
    ++N;
  }
  return N;
}

inline size_t put_integer(char *Out, uint64_t Magnitude, bool Negative, const stream_format &F) {
  size_t N = 0;
  if (Negative)
    Out[N++] = '-';
  else if (F.show_pos && F.base == 10)
    Out[N++] = '+';
  if (F.show_base && F.base == 16)
    N += put_text(Out + N, F.upper ? "0X" : "0x");
  else if (F.show_base && F.base == 8 && Magnitude != 0)
    Out[N++] = '0';
  return N + put_unsigned(Out + N, Magnitude, F.base, F.upper);
}

// Floating point in the value's own type (R): a float never makes a kernel
// need fp64.
template <typename R> R power10(int E) {
  R P = 1;
  for (; E > 0; --E)
    P *= 10;
  for (; E < 0; ++E)
    P /= 10;
  return P;
}

/// Digits of V (> 0) in scientific form: V ~ Digits * 10^(Exp - Decimals),
/// Digits having Decimals + 1 digits.
template <typename R> uint64_t scientific_digits(R V, int Decimals, int &Exp) {
  Exp = 0;
  while (V >= 10 && Exp < 400) {
    V /= 10;
    ++Exp;
  }
  while (V < 1 && Exp > -400) {
    V *= 10;
    --Exp;
  }
  uint64_t Digits = uint64_t(V * power10<R>(Decimals) + R(0.5));
  if (Digits >= uint64_t(power10<R>(Decimals + 1))) {
    Digits /= 10;
    ++Exp;
  }
  return Digits;
}

/// Writes Digits with a point before the last Decimals digits.
inline size_t put_point(char *Out, uint64_t Digits, int Decimals, bool StripZeros) {
  char Tmp[24];
  size_t N = put_unsigned(Tmp, Digits, 10, false);
  size_t Total = N > size_t(Decimals) ? N : size_t(Decimals) + 1; // 0.00x has leading zeros
  size_t Zeros = Total - N;
  auto DigitAt = [&](size_t I) { return I < Zeros ? '0' : Tmp[I - Zeros]; };
  size_t Int = Total - size_t(Decimals), Len = Total;
  if (StripZeros)
    while (Len > Int && DigitAt(Len - 1) == '0')
      --Len;
  size_t O = 0;
  for (size_t I = 0; I < Int; ++I)
    Out[O++] = DigitAt(I);
  if (Len > Int) {
    Out[O++] = '.';
    for (size_t I = Int; I < Len; ++I)
      Out[O++] = DigitAt(I);
  }
  return O;
}

inline size_t put_exponent(char *Out, int Exp) {
  size_t N = 0;
  Out[N++] = 'e';
  Out[N++] = Exp < 0 ? '-' : '+';
  unsigned A = unsigned(Exp < 0 ? -Exp : Exp);
  if (A < 10)
    Out[N++] = '0';
  return N + put_unsigned(Out + N, A, 10, false);
}

template <typename R> size_t put_float(char *Out, R V, const stream_format &F) {
  size_t N = 0;
  if (V != V)
    return put_text(Out, "nan");
  if (V < 0 || (V == 0 && 1 / V < 0)) {
    Out[N++] = '-';
    V = -V;
  } else if (F.show_pos) {
    Out[N++] = '+';
  }
  if (!(V - V == 0))
    return N + put_text(Out + N, "inf");
  int Max = sizeof(R) < 8 ? 9 : 17; // digits a uint64_t of the type's precision holds
  int P = F.precision < 0 ? 6 : F.precision > Max ? Max : F.precision;
  bool General = F.floats == float_style::general;
  if (General && P == 0)
    P = 1;
  int Exp = 0;
  uint64_t Sci = V == 0 ? 0 : scientific_digits(V, General ? P - 1 : P, Exp);
  bool Fixed = F.floats == float_style::fixed || (General && Exp >= -4 && Exp < P);
  if (Fixed) {
    int Decimals = General ? P - 1 - Exp : P;
    if (V < R(1e18) / power10<R>(Decimals)) {
      uint64_t Digits = uint64_t(V * power10<R>(Decimals) + R(0.5));
      return N + put_point(Out + N, Digits, Decimals, General);
    }
  }
  int Decimals = General ? P - 1 : P;
  N += put_point(Out + N, Sci, Decimals, General);
  return N + put_exponent(Out + N, Exp);
}

} // namespace sycl::detail
