// spec_constants.cpp - encoding of the specialization-constant property.
#include "spec_constants.h"

#include <cstring>

namespace smcp::fatbin {
namespace {

void putU32(std::vector<uint8_t> &Out, uint32_t V) {
  for (int I = 0; I < 4; ++I)
    Out.push_back(uint8_t(V >> (8 * I)));
}

uint32_t getU32(const uint8_t *P) {
  return uint32_t(P[0]) | uint32_t(P[1]) << 8 | uint32_t(P[2]) << 16 | uint32_t(P[3]) << 24;
}

} // namespace

Property encodeSpecConstant(const SpecConstantDesc &D) {
  Property P;
  P.Name = SpecConstantPrefix + D.SymbolicId;
  putU32(P.Value, uint32_t(D.Leaves.size()));
  for (const SpecConstantLeaf &L : D.Leaves) {
    putU32(P.Value, L.SpecId);
    putU32(P.Value, L.Offset);
    putU32(P.Value, L.Size);
  }
  P.Value.insert(P.Value.end(), D.Default.begin(), D.Default.end());
  return P;
}

bool decodeSpecConstant(const Property &P, SpecConstantDesc &D, std::string &Error) {
  const size_t PrefixLen = std::strlen(SpecConstantPrefix);
  if (P.Name.compare(0, PrefixLen, SpecConstantPrefix) != 0)
    return false;
  D = SpecConstantDesc();
  D.SymbolicId = P.Name.substr(PrefixLen);
  const std::vector<uint8_t> &V = P.Value;
  if (V.size() < 4) {
    Error = "spec-constant property '" + P.Name + "' is truncated";
    return false;
  }
  uint32_t Count = getU32(V.data());
  if ((V.size() - 4) / 12 < Count) {
    Error = "spec-constant property '" + P.Name + "' is truncated";
    return false;
  }
  size_t Pos = 4;
  for (uint32_t I = 0; I < Count; ++I, Pos += 12)
    D.Leaves.push_back({getU32(&V[Pos]), getU32(&V[Pos + 4]), getU32(&V[Pos + 8])});
  D.Default.assign(V.begin() + Pos, V.end());
  for (const SpecConstantLeaf &L : D.Leaves)
    if (uint64_t(L.Offset) + L.Size > D.Default.size() || L.Size == 0 ||
        (L.SpecId != PaddingSpecId && L.Size > 8)) {
      Error = "spec-constant property '" + P.Name + "' has a leaf (SpecId " +
              std::to_string(L.SpecId) + ", offset " + std::to_string(L.Offset) + ", size " +
              std::to_string(L.Size) + ") outside its " + std::to_string(D.Default.size()) +
              "-byte default value";
      return false;
    }
  return true;
}

} // namespace smcp::fatbin
