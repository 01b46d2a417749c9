// cache_entry.cpp - the on-disk program cache's entry format and content hash.
#include "cache_entry.h"

#include <cstring>

namespace smcp::rt {
namespace {

constexpr uint64_t c1 = 0x87c37b91114253d5ull, c2 = 0x4cf5ad432745937full;

uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

/// Spreads every input bit over the whole word (a 64-bit finaliser).
uint64_t final_mix(uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdull;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ull;
  k ^= k >> 33;
  return k;
}

uint64_t load_le64(const unsigned char *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i)
    v = (v << 8) | p[i];
  return v;
}

void store_le64(char *p, uint64_t v) {
  for (int i = 0; i < 8; ++i)
    p[i] = char(v >> (8 * i));
}

void store_le32(char *p, uint32_t v) {
  for (int i = 0; i < 4; ++i)
    p[i] = char(v >> (8 * i));
}

uint32_t load_le32(const unsigned char *p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

// Header offsets (cache_entry.h).
constexpr size_t at_version = 8, at_header_size = 12, at_key = 16, at_payload_size = 32,
                 at_checksum = 40;

} // namespace

std::string cache_digest::hex() const {
  static const char digits[] = "0123456789abcdef";
  std::string s(32, '0');
  for (int i = 0; i < 16; ++i) {
    s[15 - i] = digits[(high >> (4 * i)) & 15];
    s[31 - i] = digits[(low >> (4 * i)) & 15];
  }
  return s;
}

void cache_key_builder::absorb(const unsigned char *bytes, size_t size) {
  for (size_t i = 0; i < size; ++i) {
    _pending[_num_pending++] = bytes[i];
    if (_num_pending < 8)
      continue;
    const uint64_t w = load_le64(_pending);
    _num_pending = 0;
    // Two lanes with different constants and rotations, crossed after each
    // word, so that the 128 bits are not two copies of one 64-bit hash.
    _a ^= rotl(w * c1, 31) * c2;
    _a = rotl(_a, 27) * 5 + 0x52dce729;
    _b ^= rotl(w * c2, 33) * c1;
    _b = rotl(_b, 31) * 5 + 0x38495ab5;
    _a += _b;
    _b += _a;
  }
}

cache_key_builder &cache_key_builder::add(const void *bytes, size_t size) {
  unsigned char length[8];
  for (int i = 0; i < 8; ++i)
    length[i] = static_cast<unsigned char>(uint64_t(size) >> (8 * i));
  absorb(length, sizeof(length));
  if (size)
    absorb(static_cast<const unsigned char *>(bytes), size);
  _length += 8 + size;
  return *this;
}

cache_digest cache_key_builder::digest() const {
  cache_key_builder tail = *this;
  const unsigned char zero[8] = {};
  tail.absorb(zero, (8 - tail._num_pending) % 8); // the last partial word
  uint64_t a = tail._a ^ _length, b = tail._b ^ (_length * c1);
  a += b;
  b += a;
  a = final_mix(a);
  b = final_mix(b);
  a += b;
  b += a;
  return {a, b};
}

uint64_t cache_checksum(const void *bytes, size_t size) {
  return cache_key_builder().add(bytes, size).digest().low;
}

std::vector<char> encode_cache_entry(const cache_digest &key, const void *payload, size_t size) {
  std::vector<char> entry(cache_entry_header_size + size);
  char *h = entry.data();
  std::memcpy(h, cache_entry_magic, sizeof(cache_entry_magic));
  store_le32(h + at_version, cache_entry_version);
  store_le32(h + at_header_size, uint32_t(cache_entry_header_size));
  store_le64(h + at_key, key.high);
  store_le64(h + at_key + 8, key.low);
  store_le64(h + at_payload_size, size);
  store_le64(h + at_checksum, cache_checksum(payload, size));
  if (size)
    std::memcpy(h + cache_entry_header_size, payload, size);
  return entry;
}

const char *describe(cache_entry_status s) {
  switch (s) {
  case cache_entry_status::ok: return "valid";
  case cache_entry_status::truncated: return "truncated";
  case cache_entry_status::bad_magic: return "not a program cache entry (bad magic)";
  case cache_entry_status::bad_version: return "another entry format version";
  case cache_entry_status::key_mismatch: return "the entry of another program (key mismatch)";
  case cache_entry_status::trailing_bytes: return "bytes after the payload";
  case cache_entry_status::checksum_mismatch: return "payload checksum mismatch";
  }
  return "unknown status";
}

cache_entry_status decode_cache_entry(const void *bytes, size_t size, const cache_digest &expected,
                                      const void **payload, size_t *payload_size) {
  const auto *h = static_cast<const unsigned char *>(bytes);
  if (size < cache_entry_header_size)
    return cache_entry_status::truncated;
  if (std::memcmp(h, cache_entry_magic, sizeof(cache_entry_magic)) != 0)
    return cache_entry_status::bad_magic;
  if (load_le32(h + at_version) != cache_entry_version ||
      load_le32(h + at_header_size) != cache_entry_header_size)
    return cache_entry_status::bad_version;
  if (cache_digest{load_le64(h + at_key), load_le64(h + at_key + 8)} != expected)
    return cache_entry_status::key_mismatch;
  // Compared without adding to the header size, which could overflow.
  const uint64_t stored = load_le64(h + at_payload_size);
  const size_t available = size - cache_entry_header_size;
  if (stored > available)
    return cache_entry_status::truncated;
  if (stored < available)
    return cache_entry_status::trailing_bytes;
  const unsigned char *body = h + cache_entry_header_size;
  if (cache_checksum(body, available) != load_le64(h + at_checksum))
    return cache_entry_status::checksum_mismatch;
  *payload = body;
  *payload_size = available;
  return cache_entry_status::ok;
}

} // namespace smcp::rt
