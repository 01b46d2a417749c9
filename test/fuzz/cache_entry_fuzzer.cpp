// cache_entry_fuzzer.cpp - the on-disk program cache's entry reader: any
// bytes either decode, with the payload inside them and re-encoding to the
// very same bytes, or are refused with a reason; checked against the key the
// bytes claim (so that inputs reach the size and checksum checks) and a
// fixed one.
#include "cache_entry.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace smcp::rt;

namespace {

uint64_t le64(const uint8_t *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i)
    v = (v << 8) | p[i];
  return v;
}

void check(const uint8_t *data, size_t size, const cache_digest &key) {
  const void *payload = nullptr;
  size_t n = 0;
  cache_entry_status s = decode_cache_entry(data, size, key, &payload, &n);
  if (s != cache_entry_status::ok) {
    const char *why = describe(s);
    if (!why || !*why) {
      std::fprintf(stderr, "a refused entry must say why\n");
      std::abort();
    }
    return;
  }
  const auto *p = static_cast<const uint8_t *>(payload);
  if (p < data || n > size || p + n > data + size) {
    std::fprintf(stderr, "the payload lies outside the entry\n");
    std::abort();
  }
  const std::vector<char> again = encode_cache_entry(key, payload, n);
  if (again.size() != size || std::memcmp(again.data(), data, size) != 0) {
    std::fprintf(stderr, "an accepted entry does not re-encode to itself\n");
    std::abort();
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size >= 32)
    check(data, size, cache_digest{le64(data + 16), le64(data + 24)});
  check(data, size, cache_key_builder().add("fixed key").digest());
  return 0;
}
