// The fat-binary blob: how device images travel from the link step to the
// runtime. The image wrapper (tools/) writes one blob per linked executable or
// shared library into the section "smcp_images"; a static constructor hands it
// to __smcp_register_images(). The runtime and the dump tool parse it with
// parseFatBinary(), which validates every length so that a broken image is a
// clear error, never a crash.
//
// Layout (little-endian): "SMCPFAT1", u32 version, u32 image count, then per
// image: u32 format, str target, u32 kernel count, str kernels...,
// u32 property count, (str name, bytes value)..., bytes image.
// str and bytes are a u32 length followed by that many bytes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace smcp::fatbin {

enum class ImageFormat : uint32_t { SPIRV = 1, PTX = 2 };

struct Property {
  std::string Name;
  std::vector<uint8_t> Value;
};

struct DeviceImage {
  ImageFormat Format = ImageFormat::SPIRV;
  std::string Target; // "spir64", "nvptx64-nvidia-cuda"
  std::vector<std::string> Kernels;
  std::vector<Property> Properties;
  std::vector<uint8_t> Bytes;

  const Property *findProperty(const std::string &Name) const;
};

constexpr uint32_t FormatVersion = 1;

std::vector<uint8_t> writeFatBinary(const std::vector<DeviceImage> &Images);

/// Parses a blob; on failure returns false and says why in Error.
bool parseFatBinary(const uint8_t *Data, size_t Size,
                    std::vector<DeviceImage> &Images, std::string &Error);

const char *formatName(ImageFormat F);

} // namespace smcp::fatbin
