//===- fatbin.cpp - Write and parse the device-image blob -----------------===//

#include "fatbin.h"

#include <cstring>

namespace smcp::fatbin {
namespace {

constexpr char Magic[8] = {'S', 'M', 'C', 'P', 'F', 'A', 'T', '1'};

class Writer {
public:
  void u32(uint32_t V) {
    for (int I = 0; I < 4; ++I)
      Out.push_back(uint8_t(V >> (8 * I)));
  }
  void bytes(const void *P, size_t N) {
    u32(uint32_t(N));
    raw(P, N);
  }
  void str(const std::string &S) { bytes(S.data(), S.size()); }
  void raw(const void *P, size_t N) {
    auto *B = static_cast<const uint8_t *>(P);
    Out.insert(Out.end(), B, B + N);
  }
  std::vector<uint8_t> Out;
};

class Reader {
public:
  Reader(const uint8_t *Data, size_t Size) : Cur(Data), End(Data + Size) {}

  bool u32(uint32_t &V, const char *What) {
    if (!need(4, What))
      return false;
    V = uint32_t(Cur[0]) | uint32_t(Cur[1]) << 8 | uint32_t(Cur[2]) << 16 |
        uint32_t(Cur[3]) << 24;
    Cur += 4;
    return true;
  }
  template <typename Container> bool bytes(Container &C, const char *What) {
    uint32_t N;
    if (!u32(N, What) || !need(N, What))
      return false;
    C.assign(Cur, Cur + N);
    Cur += N;
    return true;
  }
  bool need(size_t N, const char *What) {
    if (size_t(End - Cur) >= N)
      return true;
    Error = std::string("truncated device image blob while reading ") + What;
    return false;
  }
  const uint8_t *Cur, *End;
  std::string Error;
};

bool parseImage(Reader &R, DeviceImage &Img) {
  uint32_t Format, NumKernels, NumProps;
  if (!R.u32(Format, "image format"))
    return false;
  if (Format != uint32_t(ImageFormat::SPIRV) && Format != uint32_t(ImageFormat::PTX)) {
    R.Error = "unknown device image format " + std::to_string(Format);
    return false;
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
  if (!R.u32(NumProps, "property count") || !R.need(size_t(NumProps) * 8, "properties"))
    return false;
  Img.Properties.resize(NumProps);
  for (auto &P : Img.Properties)
    if (!R.bytes(P.Name, "property name") || !R.bytes(P.Value, "property value"))
      return false;
  return R.bytes(Img.Bytes, "image bytes");
}

} // namespace

const Property *DeviceImage::findProperty(const std::string &Name) const {
  for (const auto &P : Properties)
    if (P.Name == Name)
      return &P;
  return nullptr;
}

std::vector<uint8_t> writeFatBinary(const std::vector<DeviceImage> &Images) {
  Writer W;
  W.raw(Magic, sizeof(Magic));
  W.u32(FormatVersion);
  W.u32(uint32_t(Images.size()));
  for (const auto &Img : Images) {
    W.u32(uint32_t(Img.Format));
    W.str(Img.Target);
    W.u32(uint32_t(Img.Kernels.size()));
    for (const auto &K : Img.Kernels)
      W.str(K);
    W.u32(uint32_t(Img.Properties.size()));
    for (const auto &P : Img.Properties) {
      W.str(P.Name);
      W.bytes(P.Value.data(), P.Value.size());
    }
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
  Reader R(Data + sizeof(Magic), Size - sizeof(Magic));
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
  for (auto &Img : Images)
    if (!parseImage(R, Img)) {
      Error = R.Error;
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

} // namespace smcp::fatbin
