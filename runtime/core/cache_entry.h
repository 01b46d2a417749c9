// cache_entry.h - the bytes of one on-disk program cache entry, and the
// content hash that names it.
//
// An entry is a fixed header and the backend's native binary:
//   magic "SMCPPRG\0", format version, header size, the 128-bit key digest,
//   payload size, a 64-bit checksum of the payload, then the payload.
// The folder is shared by every process of the user, so any file in it may
// be old, half-written by a crashed writer, truncated or overwritten: the
// reader trusts nothing and says why it refuses an entry. Dependency-free
// (the fuzz harness builds it alone).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace smcp::rt {

/// What names a program in the cache: a hash over everything its native
/// binary depends on (cache_key_builder).
struct cache_digest {
  uint64_t high = 0, low = 0;
  bool operator==(const cache_digest &o) const { return high == o.high && low == o.low; }
  bool operator!=(const cache_digest &o) const { return !(*this == o); }
  /// 32 lowercase hex digits: the entry's file name.
  std::string hex() const;
};

/// A 128-bit content hash built field by field; each field is length-prefixed
/// so that ("ab", "c") and ("a", "bc") differ. Not cryptographic: the cache
/// trusts its folder's owner, it only must not mix up programs.
class cache_key_builder {
public:
  cache_key_builder &add(const void *bytes, size_t size);
  cache_key_builder &add(const std::string &text) { return add(text.data(), text.size()); }
  cache_key_builder &add_u64(uint64_t value) { return add(&value, sizeof(value)); }
  cache_digest digest() const;

private:
  void absorb(const unsigned char *bytes, size_t size);

  uint64_t _a = 0x243f6a8885a308d3ull, _b = 0x13198a2e03707344ull; // lanes
  unsigned char _pending[8] = {};
  size_t _num_pending = 0;
  uint64_t _length = 0;
};

/// A 64-bit hash of bytes (the payload checksum).
uint64_t cache_checksum(const void *bytes, size_t size);

constexpr char cache_entry_magic[8] = {'S', 'M', 'C', 'P', 'P', 'R', 'G', '\0'};
constexpr uint32_t cache_entry_version = 1;
constexpr size_t cache_entry_header_size = 48;

/// The whole entry for payload under key.
std::vector<char> encode_cache_entry(const cache_digest &key, const void *payload, size_t size);

/// Why an entry was refused, or ok.
enum class cache_entry_status {
  ok,
  truncated,         // shorter than its header or than its payload size says
  bad_magic,         // not an entry of this cache
  bad_version,       // another format version (or header size)
  key_mismatch,      // the entry of another program under this name
  trailing_bytes,    // longer than header + payload
  checksum_mismatch  // payload bytes changed
};
const char *describe(cache_entry_status s);

/// Checks bytes as the entry of expected; on ok, payload/payload_size point
/// into bytes.
cache_entry_status decode_cache_entry(const void *bytes, size_t size, const cache_digest &expected,
                                      const void **payload, size_t *payload_size);

} // namespace smcp::rt
