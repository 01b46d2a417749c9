// The property set that describes an image's specialization constants,
// shared by smcp-post-link (writes it), libsycl (reads it) and tests;
// smcp-dump prints it like every set.
//
// Set SpecConstantsSet, one property per constant, named by its symbolic id:
//   list(bytes <default value, sizeof(T)>, list(u32 SpecId, u32 offset, u32 size)...)
// A composite has one leaf per scalar; padding is a leaf with SpecId
// PaddingSpecId, as in DPC++, so that offsets and sizes cover the value.
#pragma once

#include "fatbin.h"

#include <cstdint>
#include <string>
#include <vector>

namespace smcp::fatbin {

constexpr const char *SpecConstantsSet = "smcp.spec_constants";
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

/// False, with Error saying why (wrong shape, leaves outside the default
/// value), when P is not a well-formed spec-constant property.
bool decodeSpecConstant(const Property &P, SpecConstantDesc &D, std::string &Error);

} // namespace smcp::fatbin
