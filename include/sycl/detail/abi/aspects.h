// aspects.h - the optional device features (SYCL aspects) a kernel may need,
// as a bit set: the device passes compute it per kernel
// (device-passes/KernelRequirements.cpp), smcp-post-link records it in the
// image, the runtime refuses a launch on a device without one of them
// (runtime/core/kernel_requirements.cpp) and smcp-dump prints it.
//
// Part of the ABI headers (README.md in this folder): plain C++17.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace smcp::abi {

enum aspect_bit : uint32_t { aspect_fp64 = 1, aspect_fp16 = 2, aspect_atomic64 = 4 };

struct aspect_bit_info {
  aspect_bit bit;
  const char *name; // as sycl::aspect spells it
};

constexpr aspect_bit_info aspect_bits[] = {
    {aspect_fp64, "fp64"}, {aspect_fp16, "fp16"}, {aspect_atomic64, "atomic64"}};

constexpr uint32_t all_aspect_bits = aspect_fp64 | aspect_fp16 | aspect_atomic64;

/// "fp64,atomic64"; "" for none. Bits no aspect has are written as a number,
/// so that nothing is lost.
inline std::string encode_aspect_set(uint32_t bits) {
  std::string text;
  for (const aspect_bit_info &a : aspect_bits)
    if (bits & a.bit)
      text += (text.empty() ? "" : ",") + std::string(a.name);
  if (uint32_t unknown = bits & ~all_aspect_bits)
    text += (text.empty() ? "" : ",") + std::to_string(unknown);
  return text;
}

/// The inverse of encode_aspect_set for known aspects. False, with error
/// naming the word, for an unknown one.
inline bool decode_aspect_set(std::string_view text, uint32_t &bits, std::string &error) {
  bits = 0;
  while (!text.empty()) {
    size_t comma = text.find(',');
    std::string_view word = text.substr(0, comma);
    bool known = false;
    for (const aspect_bit_info &a : aspect_bits)
      if (word == a.name) {
        bits |= a.bit;
        known = true;
      }
    if (!known) {
      error = "unknown aspect '" + std::string(word) + "' in aspect set";
      return false;
    }
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
  }
  return true;
}

} // namespace smcp::abi
