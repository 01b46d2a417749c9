// spec_constants.cpp - the specialization-constant property set.
#include "spec_constants.h"

namespace smcp::fatbin {
namespace {

bool decodeLeaf(const PropertyValue &V, const std::string &Where, SpecConstantLeaf &L,
                std::string &Error) {
  bool Ok = V.Type == PropertyType::List && V.Items.size() == 3;
  for (size_t I = 0; Ok && I < 3; ++I)
    Ok = V.Items[I].Type == PropertyType::U32;
  if (!Ok) {
    Error = Where + ": expected list(u32 SpecId, u32 offset, u32 size), found " + printValue(V);
    return false;
  }
  L = {uint32_t(V.Items[0].Number), uint32_t(V.Items[1].Number), uint32_t(V.Items[2].Number)};
  return true;
}

bool leafInside(const SpecConstantLeaf &L, size_t DefaultSize) {
  return uint64_t(L.Offset) + L.Size <= DefaultSize && L.Size != 0 &&
         (L.SpecId == PaddingSpecId || L.Size <= 8);
}

} // namespace

Property encodeSpecConstant(const SpecConstantDesc &D) {
  std::vector<PropertyValue> Items{PropertyValue::bytes(D.Default)};
  for (const SpecConstantLeaf &L : D.Leaves)
    Items.push_back(PropertyValue::list({PropertyValue::u32(L.SpecId),
                                         PropertyValue::u32(L.Offset),
                                         PropertyValue::u32(L.Size)}));
  return {D.SymbolicId, PropertyValue::list(std::move(Items))};
}

bool decodeSpecConstant(const Property &P, SpecConstantDesc &D, std::string &Error) {
  D = SpecConstantDesc();
  D.SymbolicId = P.Name;
  const std::string Where = "spec constant '" + P.Name + "'";
  if (!expectType(P.Value, PropertyType::List, Where, Error, 1) ||
      !expectType(P.Value.Items[0], PropertyType::Bytes, Where + " default value", Error))
    return false;
  D.Default = P.Value.Items[0].Bytes;
  for (size_t I = 1; I < P.Value.Items.size(); ++I) {
    SpecConstantLeaf L;
    if (!decodeLeaf(P.Value.Items[I], Where + " leaf " + std::to_string(I - 1), L, Error))
      return false;
    if (!leafInside(L, D.Default.size())) {
      Error = Where + " has a leaf (SpecId " + std::to_string(L.SpecId) + ", offset " +
              std::to_string(L.Offset) + ", size " + std::to_string(L.Size) +
              ") outside its " + std::to_string(D.Default.size()) + "-byte default value";
      return false;
    }
    D.Leaves.push_back(L);
  }
  return true;
}

} // namespace smcp::fatbin
