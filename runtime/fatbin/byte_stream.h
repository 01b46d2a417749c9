// byte_stream.h - little-endian writing and length-checked reading of the
// image blob's pieces (u32, length-prefixed bytes). The blob container
// (fatbin.cpp) and the property sets (property_set.cpp) both use these, so
// that every length in an image is checked in one place.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace smcp::fatbin {

class ByteWriter {
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

/// Every read checks the bytes left first; a failed read says what it was
/// reading in Error and leaves the reader failed.
class ByteReader {
public:
  ByteReader(const uint8_t *Data, size_t Size) : Cur(Data), End(Data + Size) {}

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
  /// At least N bytes left? (Callers also use it to reject absurd counts early.)
  bool need(size_t N, const char *What) {
    if (size_t(End - Cur) >= N)
      return true;
    Error = std::string("truncated device image blob while reading ") + What;
    return false;
  }
  bool fail(std::string Why) {
    Error = std::move(Why);
    return false;
  }
  const uint8_t *Cur, *End;
  std::string Error;
};

} // namespace smcp::fatbin
