// disk_cache_test.cpp - the persistent program cache's entry format
// (core/cache_entry.h) and folder (core/disk_cache.h): round trips, every
// kind of damage refused with its reason, atomic replacement by concurrent
// writers, and a folder that cannot be made.
#include "core/cache_entry.h"
#include "core/disk_cache.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace smcp::rt;

namespace {

cache_digest key_of(const std::string &text) { return cache_key_builder().add(text).digest(); }

std::vector<char> bytes_of(const std::string &s) { return {s.begin(), s.end()}; }

cache_entry_status decode(const std::vector<char> &entry, const cache_digest &key,
                          std::string *payload = nullptr) {
  const void *p = nullptr;
  size_t n = 0;
  cache_entry_status s = decode_cache_entry(entry.data(), entry.size(), key, &p, &n);
  if (s == cache_entry_status::ok && payload)
    payload->assign(static_cast<const char *>(p), n);
  return s;
}

/// A fresh folder under the system's temporary folder, removed at the end.
struct temporary_folder {
  std::string path;
  temporary_folder() {
    char name[] = "/tmp/smcp-disk-cache-test-XXXXXX";
    path = mkdtemp(name);
  }
  ~temporary_folder() { std::system(("rm -rf '" + path + "'").c_str()); }
};

std::vector<char> read_file(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_file(const std::string &path, const std::vector<char> &bytes) {
  std::ofstream(path, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
}

} // namespace

TEST(CacheKey, EveryFieldAndItsBoundariesChangeTheDigest) {
  const cache_digest ab_c = cache_key_builder().add("ab").add("c").digest();
  EXPECT_NE(ab_c, cache_key_builder().add("a").add("bc").digest());
  EXPECT_NE(ab_c, cache_key_builder().add("abc").digest());
  EXPECT_EQ(ab_c, cache_key_builder().add("ab").add("c").digest()) << "deterministic";
  EXPECT_NE(key_of("x"), key_of("y"));
  EXPECT_NE(cache_key_builder().add_u64(1).digest(), cache_key_builder().add_u64(2).digest());
  // One bit anywhere in a long field changes both halves of the digest.
  std::string image(100000, 'i');
  const cache_digest before = key_of(image);
  image[54321] ^= 1;
  const cache_digest after = key_of(image);
  EXPECT_NE(before.high, after.high);
  EXPECT_NE(before.low, after.low);
  EXPECT_EQ(before.hex().size(), 32u);
  EXPECT_EQ(before.hex().find_first_not_of("0123456789abcdef"), std::string::npos);
}

TEST(CacheEntry, RoundTripsItsPayload) {
  const cache_digest key = key_of("program");
  for (const std::string payload : {std::string(), std::string("x"), std::string(70000, '\7')}) {
    std::vector<char> entry = encode_cache_entry(key, payload.data(), payload.size());
    EXPECT_EQ(entry.size(), cache_entry_header_size + payload.size());
    std::string back;
    ASSERT_EQ(decode(entry, key, &back), cache_entry_status::ok) << payload.size();
    EXPECT_EQ(back, payload);
  }
}

TEST(CacheEntry, EveryDamageIsRefusedWithItsReason) {
  const cache_digest key = key_of("program");
  const std::string payload = "a native binary of some length";
  const std::vector<char> good = encode_cache_entry(key, payload.data(), payload.size());

  EXPECT_EQ(decode({}, key), cache_entry_status::truncated);
  EXPECT_EQ(decode(std::vector<char>(good.begin(), good.begin() + 20), key),
            cache_entry_status::truncated);
  EXPECT_EQ(decode(std::vector<char>(good.begin(), good.end() - 1), key),
            cache_entry_status::truncated);
  std::vector<char> longer = good;
  longer.push_back('!');
  EXPECT_EQ(decode(longer, key), cache_entry_status::trailing_bytes);
  std::vector<char> magic = good;
  magic[0] = 'X';
  EXPECT_EQ(decode(magic, key), cache_entry_status::bad_magic);
  std::vector<char> version = good;
  version[8] = 99;
  EXPECT_EQ(decode(version, key), cache_entry_status::bad_version);
  EXPECT_EQ(decode(good, key_of("another program")), cache_entry_status::key_mismatch);
  std::vector<char> flipped = good;
  flipped[cache_entry_header_size + 3] ^= 0x10;
  EXPECT_EQ(decode(flipped, key), cache_entry_status::checksum_mismatch);
  // A payload size near 2^64 must not wrap around the bounds check.
  std::vector<char> huge = good;
  for (int i = 32; i < 40; ++i)
    huge[size_t(i)] = char(0xff);
  EXPECT_EQ(decode(huge, key), cache_entry_status::truncated);
  EXPECT_STREQ(describe(cache_entry_status::checksum_mismatch), "payload checksum mismatch");
}

TEST(DiskCache, StoresLoadsAndRefusesDamagedEntries) {
  temporary_folder folder;
  disk_cache cache(folder.path + "/made/by/store");
  const cache_digest key = key_of("program");
  EXPECT_FALSE(cache.load(key)) << "nothing stored yet";
  const std::string binary = "native binary bytes";
  ASSERT_TRUE(cache.store(key, binary.data(), binary.size()));
  auto loaded = cache.load(key);
  ASSERT_TRUE(loaded);
  EXPECT_EQ(std::string(loaded->begin(), loaded->end()), binary);
  EXPECT_FALSE(cache.load(key_of("other"))) << "another key, another entry";

  std::vector<char> entry = read_file(cache.path_of(key));
  entry.resize(entry.size() - 5);
  write_file(cache.path_of(key), entry);
  EXPECT_FALSE(cache.load(key)) << "a truncated entry";
  ASSERT_TRUE(cache.store(key, binary.data(), binary.size())) << "rebuilt over it";
  EXPECT_TRUE(cache.load(key));
  cache.remove(key);
  EXPECT_FALSE(cache.load(key));
}

TEST(DiskCache, ConcurrentWritersLeaveOneWholeEntryAndNoTemporaryFiles) {
  temporary_folder folder;
  disk_cache cache(folder.path);
  const cache_digest key = key_of("program");
  std::vector<std::thread> writers;
  for (int w = 0; w < 8; ++w)
    writers.emplace_back([&, w] {
      const std::string payload(10000 + size_t(w) * 1000, char('a' + w));
      for (int i = 0; i < 20; ++i) {
        EXPECT_TRUE(cache.store(key, payload.data(), payload.size()));
        auto seen = cache.load(key); // a whole entry of some writer, never a mix
        ASSERT_TRUE(seen);
        EXPECT_EQ(seen->size(), 10000 + size_t((*seen)[0] - 'a') * 1000);
      }
    });
  for (auto &t : writers)
    t.join();
  EXPECT_TRUE(cache.load(key));
  const std::string listing = folder.path + "/listing";
  std::system(("ls -a '" + folder.path + "' > '" + listing + "'").c_str());
  std::vector<char> names = read_file(listing);
  EXPECT_EQ(std::string(names.begin(), names.end()).find(".tmp."), std::string::npos);
}

TEST(DiskCache, AFolderThatCannotBeMadeStoresNothing) {
  temporary_folder folder;
  write_file(folder.path + "/file", bytes_of("a file where the folder should be"));
  disk_cache cache(folder.path + "/file/cache");
  const std::string binary = "bytes";
  EXPECT_FALSE(cache.store(key_of("p"), binary.data(), binary.size()));
  EXPECT_FALSE(cache.load(key_of("p")));
}

/// Sets an environment variable for one scope, then puts back what was there.
struct scoped_env {
  std::string name, old;
  bool had;
  scoped_env(const char *n, const char *value) : name(n) {
    const char *v = std::getenv(n);
    had = v != nullptr;
    old = v ? v : "";
    if (value)
      setenv(n, value, 1);
    else
      unsetenv(n);
  }
  ~scoped_env() {
    if (had)
      setenv(name.c_str(), old.c_str(), 1);
    else
      unsetenv(name.c_str());
  }
};

TEST(DiskCache, TheEnvironmentNamesTheFolder) {
  scoped_env home("HOME", "/home/someone"), xdg("XDG_CACHE_HOME", "/xdg");
  {
    scoped_env dir("SMCP_CACHE_DIR", "/some/where");
    EXPECT_EQ(disk_cache::folder_from_environment(), "/some/where");
  }
  {
    scoped_env dir("SMCP_CACHE_DIR", "off");
    EXPECT_EQ(disk_cache::folder_from_environment(), "");
  }
  {
    scoped_env dir("SMCP_CACHE_DIR", "");
    EXPECT_EQ(disk_cache::folder_from_environment(), "");
  }
  scoped_env dir("SMCP_CACHE_DIR", nullptr);
  EXPECT_EQ(disk_cache::folder_from_environment(), "/xdg/smcp");
  scoped_env no_xdg("XDG_CACHE_HOME", nullptr);
  EXPECT_EQ(disk_cache::folder_from_environment(), "/home/someone/.cache/smcp");
  EXPECT_FALSE(disk_cache("").enabled());
}
