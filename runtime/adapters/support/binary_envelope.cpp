// binary_envelope.cpp - the adapters' wrapping of native binaries
// (binary_envelope.h).
#include "binary_envelope.h"

#include <cstdint>
#include <cstring>

namespace smcp::adapter {
namespace {

constexpr char magic[8] = {'S', 'M', 'C', 'P', 'N', 'B', 'I', 'N'};

uint64_t fnv1a(const void *bytes, size_t size) {
  uint64_t h = 0xcbf29ce484222325ull;
  const auto *p = static_cast<const unsigned char *>(bytes);
  for (size_t i = 0; i < size; ++i)
    h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

} // namespace

void write_binary_envelope(const void *native, size_t size, void *out) {
  auto *h = static_cast<char *>(out);
  const uint64_t bytes = size, sum = fnv1a(native, size);
  std::memcpy(h, magic, sizeof(magic));
  std::memcpy(h + 8, &bytes, sizeof(bytes));
  std::memcpy(h + 16, &sum, sizeof(sum));
}

bool open_binary_envelope(const void *bytes, size_t size, const void **native,
                          size_t *native_size, std::string &why) {
  const auto *h = static_cast<const char *>(bytes);
  uint64_t stored = 0, sum = 0;
  if (size < binary_envelope_header || std::memcmp(h, magic, sizeof(magic)) != 0) {
    why = "not a binary of this adapter (no SMCPNBIN header)";
    return false;
  }
  std::memcpy(&stored, h + 8, sizeof(stored));
  std::memcpy(&sum, h + 16, sizeof(sum));
  const size_t body = size - binary_envelope_header;
  if (stored != body) {
    why = "a cut or padded binary: " + std::to_string(body) + " bytes where the header says " +
          std::to_string(stored);
    return false;
  }
  if (fnv1a(h + binary_envelope_header, body) != sum) {
    why = "a damaged binary (checksum mismatch)";
    return false;
  }
  *native = h + binary_envelope_header;
  *native_size = body;
  return true;
}

} // namespace smcp::adapter
