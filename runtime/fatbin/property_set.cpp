// property_set.cpp - writing, reading (length-checked) and printing typed
// property sets (property_set.h).
#include "property_set.h"

#include <sycl/detail/abi/hex.h>

namespace smcp::fatbin {
namespace {

bool knownType(uint32_t T) { return T >= uint32_t(PropertyType::U32) && T <= uint32_t(PropertyType::List); }

void writeValue(const PropertyValue &V, ByteWriter &W) {
  W.u32(uint32_t(V.Type));
  switch (V.Type) {
  case PropertyType::U32:
    return W.u32(uint32_t(V.Number));
  case PropertyType::U64:
    W.u32(uint32_t(V.Number));
    return W.u32(uint32_t(V.Number >> 32));
  case PropertyType::Bytes:
  case PropertyType::String:
    return W.bytes(V.Bytes.data(), V.Bytes.size());
  case PropertyType::List:
    W.u32(uint32_t(V.Items.size()));
    for (const PropertyValue &Item : V.Items)
      writeValue(Item, W);
    return;
  }
}

bool readValue(ByteReader &R, PropertyValue &V, unsigned Depth) {
  uint32_t Type, Lo, Hi, Count;
  if (!R.u32(Type, "a property type"))
    return false;
  if (!knownType(Type))
    return R.fail("unknown property type " + std::to_string(Type));
  V.Type = PropertyType(Type);
  switch (V.Type) {
  case PropertyType::U32:
    return R.u32(Lo, "a u32 property") && (V.Number = Lo, true);
  case PropertyType::U64:
    return R.u32(Lo, "a u64 property") && R.u32(Hi, "a u64 property") &&
           (V.Number = uint64_t(Hi) << 32 | Lo, true);
  case PropertyType::Bytes:
  case PropertyType::String:
    return R.bytes(V.Bytes, "a bytes property");
  case PropertyType::List:
    if (Depth >= MaxListDepth)
      return R.fail("property lists nested deeper than " + std::to_string(MaxListDepth));
    // Each item takes at least its 4-byte type: reject absurd counts early.
    if (!R.u32(Count, "a list length") || !R.need(size_t(Count) * 4, "list items"))
      return false;
    V.Items.resize(Count);
    for (PropertyValue &Item : V.Items)
      if (!readValue(R, Item, Depth + 1))
        return false;
    return true;
  }
  return false;
}

bool readSet(ByteReader &R, PropertySet &S) {
  uint32_t Count;
  if (!R.bytes(S.Name, "a property set name") || !R.u32(Count, "a property count") ||
      !R.need(size_t(Count) * 8, "properties"))
    return false;
  S.Properties.resize(Count);
  for (Property &P : S.Properties)
    if (!R.bytes(P.Name, "a property name") || !readValue(R, P.Value, 0)) {
      R.Error = "property '" + P.Name + "': " + R.Error;
      return false;
    }
  return true;
}

} // namespace

PropertyValue PropertyValue::u32(uint32_t V) { return {PropertyType::U32, V, {}, {}}; }
PropertyValue PropertyValue::u64(uint64_t V) { return {PropertyType::U64, V, {}, {}}; }
PropertyValue PropertyValue::bytes(std::vector<uint8_t> V) {
  return {PropertyType::Bytes, 0, std::move(V), {}};
}
PropertyValue PropertyValue::string(const std::string &V) {
  return {PropertyType::String, 0, std::vector<uint8_t>(V.begin(), V.end()), {}};
}
PropertyValue PropertyValue::list(std::vector<PropertyValue> V) {
  return {PropertyType::List, 0, {}, std::move(V)};
}

void writePropertySets(const std::vector<PropertySet> &Sets, ByteWriter &W) {
  W.u32(uint32_t(Sets.size()));
  for (const PropertySet &S : Sets) {
    W.str(S.Name);
    W.u32(uint32_t(S.Properties.size()));
    for (const Property &P : S.Properties) {
      W.str(P.Name);
      writeValue(P.Value, W);
    }
  }
}

bool readPropertySets(ByteReader &R, std::vector<PropertySet> &Sets) {
  uint32_t Count;
  if (!R.u32(Count, "the property set count") || !R.need(size_t(Count) * 8, "property sets"))
    return false;
  Sets.resize(Count);
  for (PropertySet &S : Sets)
    if (!readSet(R, S)) {
      R.Error = "property set '" + S.Name + "': " + R.Error;
      return false;
    }
  return true;
}

const char *typeName(PropertyType T) {
  switch (T) {
  case PropertyType::U32:
    return "u32";
  case PropertyType::U64:
    return "u64";
  case PropertyType::Bytes:
    return "bytes";
  case PropertyType::String:
    return "string";
  case PropertyType::List:
    return "list";
  }
  return "unknown";
}

std::string printValue(const PropertyValue &V) {
  std::string Text = typeName(V.Type);
  switch (V.Type) {
  case PropertyType::U32:
  case PropertyType::U64:
    return Text + " " + std::to_string(V.Number);
  case PropertyType::Bytes:
    return Text + " " + abi::to_hex(V.Bytes);
  case PropertyType::String:
    return Text + " \"" + V.text() + "\"";
  case PropertyType::List:
    Text += "(";
    for (size_t I = 0; I < V.Items.size(); ++I)
      Text += (I ? ", " : "") + printValue(V.Items[I]);
    return Text + ")";
  }
  return Text;
}

bool expectType(const PropertyValue &V, PropertyType T, const std::string &Where,
                std::string &Error, size_t MinItems) {
  if (V.Type == T && V.Items.size() >= MinItems)
    return true;
  Error = Where + ": expected " + typeName(T) +
          (MinItems ? " of at least " + std::to_string(MinItems) + " items" : std::string()) +
          ", found " + printValue(V);
  return false;
}

} // namespace smcp::fatbin
