//===- fatbin.cpp - Write and parse the device-image blob -----------------===//

#include "fatbin.h"

#include <cstring>

namespace smcp::fatbin {
namespace {

constexpr char Magic[8] = {'S', 'M', 'C', 'P', 'F', 'A', 'T', '1'};

bool parseImage(ByteReader &R, DeviceImage &Img) {
  uint32_t Format, NumKernels;
  if (!R.u32(Format, "image format"))
    return false;
  if (Format != uint32_t(ImageFormat::SPIRV) && Format != uint32_t(ImageFormat::PTX)) {
    return R.fail("unknown device image format " + std::to_string(Format));
  }
  Img.Format = ImageFormat(Format);
  if (!R.bytes(Img.Target, "image target") || !R.u32(NumKernels, "kernel count"))
    return false;
  // Each entry needs at least its 4-byte length: reject absurd counts early.
  if (!R.need(size_t(NumKernels) * 4, "kernel names"))
    return false;
  Img.Kernels.resize(NumKernels);
  for (auto &K : Img.Kernels)
    if (!R.bytes(K, "kernel name"))
      return false;
  return readPropertySets(R, Img.PropertySets) && R.bytes(Img.Bytes, "image bytes");
}

} // namespace

const PropertySet *DeviceImage::findSet(const std::string &Name) const {
  for (const PropertySet &S : PropertySets)
    if (S.Name == Name)
      return &S;
  return nullptr;
}

PropertySet &DeviceImage::set(const std::string &Name) {
  for (PropertySet &S : PropertySets)
    if (S.Name == Name)
      return S;
  return PropertySets.emplace_back(PropertySet{Name, {}});
}

std::string imageLabel(size_t Index, const DeviceImage &Image) {
  return "image " + std::to_string(Index) + " (" + (Image.Target.empty() ? "?" : Image.Target) +
         ")";
}

std::vector<uint8_t> writeFatBinary(const std::vector<DeviceImage> &Images) {
  ByteWriter W;
  W.raw(Magic, sizeof(Magic));
  W.u32(FormatVersion);
  W.u32(uint32_t(Images.size()));
  for (const auto &Img : Images) {
    W.u32(uint32_t(Img.Format));
    W.str(Img.Target);
    W.u32(uint32_t(Img.Kernels.size()));
    for (const auto &K : Img.Kernels)
      W.str(K);
    writePropertySets(Img.PropertySets, W);
    W.bytes(Img.Bytes.data(), Img.Bytes.size());
  }
  return std::move(W.Out);
}

bool parseFatBinary(const uint8_t *Data, size_t Size,
                    std::vector<DeviceImage> &Images, std::string &Error) {
  Images.clear();
  if (!Data || Size < sizeof(Magic) || std::memcmp(Data, Magic, sizeof(Magic)) != 0) {
    Error = "not an SMCP device image blob (bad magic)";
    return false;
  }
  ByteReader R(Data + sizeof(Magic), Size - sizeof(Magic));
  uint32_t Version, Count;
  if (!R.u32(Version, "version") || !R.u32(Count, "image count")) {
    Error = R.Error;
    return false;
  }
  if (Version != FormatVersion) {
    Error = "device image blob version " + std::to_string(Version) +
            " is not supported (expected " + std::to_string(FormatVersion) + ")";
    return false;
  }
  if (!R.need(size_t(Count) * 16, "images")) {
    Error = R.Error;
    return false;
  }
  Images.resize(Count);
  for (size_t I = 0; I < Images.size(); ++I)
    if (!parseImage(R, Images[I])) {
      Error = imageLabel(I, Images[I]) + ": " + R.Error;
      Images.clear();
      return false;
    }
  return true;
}

const char *formatName(ImageFormat F) {
  switch (F) {
  case ImageFormat::SPIRV:
    return "spirv";
  case ImageFormat::PTX:
    return "ptx";
  }
  return "unknown";
}

const char *targetOptionFor(ImageFormat F) {
  switch (F) {
  case ImageFormat::SPIRV:
    return "spir64";
  case ImageFormat::PTX:
    return "nvptx64-nvidia-cuda";
  }
  return "unknown";
}

} // namespace smcp::fatbin
