// property_set.h - the one format of image properties: typed property sets.
//
// An image carries named sets (specialization constants, device_globals,
// kernel requirements, implicit arguments: the set names below); a set holds
// named properties; a property has a type and a value. smcp-post-link writes
// them (writePropertySets), the runtime and smcp-dump read them
// (readPropertySets), both through fatbin.h's blob. What a set means is its
// own file's business (spec_constants.h, device_globals.h,
// kernel_requirements.h, implicit_args.h); how it is stored, checked and
// printed is this one.
//
// Encoding (little-endian, inside the blob): u32 set count, then per set:
// str name, u32 property count, (str name, value)...; a value is u32 type,
// then u32 (U32), two u32 low first (U64), bytes (Bytes, String), or u32
// count and that many values (List, nested at most MaxListDepth deep).
#pragma once

#include "byte_stream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace smcp::fatbin {

enum class PropertyType : uint32_t { U32 = 1, U64 = 2, Bytes = 3, String = 4, List = 5 };

struct PropertyValue {
  PropertyType Type = PropertyType::U32;
  uint64_t Number = 0;               // U32, U64
  std::vector<uint8_t> Bytes;        // Bytes, String
  std::vector<PropertyValue> Items;  // List

  static PropertyValue u32(uint32_t V);
  static PropertyValue u64(uint64_t V);
  static PropertyValue bytes(std::vector<uint8_t> V);
  static PropertyValue string(const std::string &V);
  static PropertyValue list(std::vector<PropertyValue> V);
  std::string text() const { return std::string(Bytes.begin(), Bytes.end()); }
};

struct Property {
  std::string Name;
  PropertyValue Value;
};

struct PropertySet {
  std::string Name;
  std::vector<Property> Properties;
};

constexpr unsigned MaxListDepth = 8;

void writePropertySets(const std::vector<PropertySet> &Sets, ByteWriter &W);
/// False, with R.Error naming the set and the property, on malformed data.
bool readPropertySets(ByteReader &R, std::vector<PropertySet> &Sets);

/// One line of text for a value, for smcp-dump: "u32 4", "bytes 0a00",
/// "string \"x\"", "list(u32 1, bytes )".
std::string printValue(const PropertyValue &V);

const char *typeName(PropertyType T);

/// Shape checks for the readers of each set: false, with Error saying
/// "<Where>: expected ..., found ...", when V is not of type T (and, for a
/// list, has fewer than MinItems items).
bool expectType(const PropertyValue &V, PropertyType T, const std::string &Where,
                std::string &Error, size_t MinItems = 0);

} // namespace smcp::fatbin
