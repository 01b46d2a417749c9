// The fat-binary blob: how device images travel from the link step to the
// runtime. The image wrapper (tools/) writes one blob per linked executable or
// shared library into the section "smcp_images"; a static constructor hands it
// to __smcp_register_images(). The runtime and the dump tool parse it with
// parseFatBinary(), which validates every length so that a broken image is a
// clear error, never a crash.
//
// Layout (little-endian): "SMCPFAT1", u32 version, u32 image count, then per
// image: u32 format, str target, u32 kernel count, str kernels...,
// property sets (property_set.h), bytes image.
// str and bytes are a u32 length followed by that many bytes.
#pragma once

#include "property_set.h"

#include <cstdint>
#include <string>
#include <vector>

namespace smcp::fatbin {

enum class ImageFormat : uint32_t { SPIRV = 1, PTX = 2 };

struct DeviceImage {
  ImageFormat Format = ImageFormat::SPIRV;
  std::string Target; // "spir64", "nvptx64-nvidia-cuda"
  std::vector<std::string> Kernels;
  std::vector<PropertySet> PropertySets;
  std::vector<uint8_t> Bytes;

  /// The set named Name, or null.
  const PropertySet *findSet(const std::string &Name) const;
  /// The set named Name, added when absent (writers).
  PropertySet &set(const std::string &Name);
};

/// How errors name an image: "image <index> (<target>)".
std::string imageLabel(size_t Index, const DeviceImage &Image);

/// 2: typed property sets replaced untyped name/bytes properties.
constexpr uint32_t FormatVersion = 2;

std::vector<uint8_t> writeFatBinary(const std::vector<DeviceImage> &Images);

/// Parses a blob; on failure returns false and says why in Error, naming
/// the image and, for property data, the set and the property.
bool parseFatBinary(const uint8_t *Data, size_t Size,
                    std::vector<DeviceImage> &Images, std::string &Error);

const char *formatName(ImageFormat F);
/// The -fsycl-targets value whose images have format F (the fix that a
/// "no image for this device" error suggests).
const char *targetOptionFor(ImageFormat F);

} // namespace smcp::fatbin
