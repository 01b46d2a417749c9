// The image property that describes one specialization constant, shared by
// smcp-post-link (writes it), smcp-dump (prints it) and libsycl (reads it).
//
// One property per constant, named SpecConstantPrefix + <symbolic id>. The
// value (little-endian): u32 leaf count, then per leaf u32 SpecId, u32 byte
// offset, u32 byte size, then the default value's bytes (sizeof(T)). A
// composite has one leaf per scalar; padding is a leaf with SpecId
// PaddingSpecId, as in DPC++, so that offsets and sizes cover the value.
#pragma once

#include "fatbin.h"

#include <cstdint>
#include <string>
#include <vector>

namespace smcp::fatbin {

constexpr const char *SpecConstantPrefix = "spec_constant:";
constexpr uint32_t PaddingSpecId = 0xFFFFFFFFu;

struct SpecConstantLeaf {
  uint32_t SpecId;
  uint32_t Offset;
  uint32_t Size;
};

struct SpecConstantDesc {
  std::string SymbolicId;
  std::vector<SpecConstantLeaf> Leaves;
  std::vector<uint8_t> Default;
};

Property encodeSpecConstant(const SpecConstantDesc &D);

/// False when P is not a spec-constant property; Error says why when it is
/// one but malformed (leaves outside the default value, truncated).
bool decodeSpecConstant(const Property &P, SpecConstantDesc &D, std::string &Error);

} // namespace smcp::fatbin
