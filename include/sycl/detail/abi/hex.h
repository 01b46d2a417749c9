// hex.h - the one hex encoding of the project: lowercase, two digits per
// byte, most significant nibble first. Used where bytes travel as text (IR
// metadata between the device passes and smcp-post-link, smcp-dump's output)
// and for the hashed kernel symbol.
//
// Part of the ABI headers (README.md in this folder): plain C++17, no LLVM,
// clang or SYCL includes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace smcp::abi {

constexpr const char hex_digits[] = "0123456789abcdef";

inline std::string to_hex(const uint8_t *bytes, size_t size) {
  std::string text;
  text.reserve(size * 2);
  for (size_t i = 0; i < size; ++i) {
    text += hex_digits[bytes[i] >> 4];
    text += hex_digits[bytes[i] & 15];
  }
  return text;
}

inline std::string to_hex(const std::vector<uint8_t> &bytes) {
  return to_hex(bytes.data(), bytes.size());
}

/// The `digits` low nibbles of value, most significant first.
inline std::string to_hex(uint64_t value, unsigned digits) {
  std::string text(digits, '0');
  for (unsigned i = 0; i < digits; ++i)
    text[digits - 1 - i] = hex_digits[(value >> (4 * i)) & 15];
  return text;
}

namespace hex_detail {
inline int nibble(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}
} // namespace hex_detail

/// Decodes text (either case). False, with error saying where, on an odd
/// length or a non-hex character; out is then unspecified.
inline bool from_hex(std::string_view text, std::vector<uint8_t> &out, std::string &error) {
  out.clear();
  if (text.size() % 2) {
    error = "hex text has an odd number of digits (" + std::to_string(text.size()) + ")";
    return false;
  }
  out.reserve(text.size() / 2);
  for (size_t i = 0; i < text.size(); i += 2) {
    int hi = hex_detail::nibble(text[i]), lo = hex_detail::nibble(text[i + 1]);
    if (hi < 0 || lo < 0) {
      error = "hex text has a non-hex character at position " + std::to_string(hi < 0 ? i : i + 1);
      return false;
    }
    out.push_back(uint8_t(hi << 4 | lo));
  }
  return true;
}

} // namespace smcp::abi
