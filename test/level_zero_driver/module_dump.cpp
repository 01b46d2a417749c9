// module_dump.cpp - zeModuleCreate inputs and launched kernels, for lane 2.
#include "module_dump.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace smcp::ze_test {
namespace {

const char *dump_dir() {
  static const char *dir = [] {
    const char *d = std::getenv("SMCP_ZE_TEST_DRIVER_DUMP");
    if (!d || !*d)
      return static_cast<const char *>(nullptr);
    mkdir(d, 0755); // its parent exists (an exec root); EEXIST is fine
    return d;
  }();
  return dir;
}

/// FNV-1a, 64 bits.
void hash(uint64_t &h, const void *data, size_t n) {
  const auto *p = static_cast<const unsigned char *>(data);
  for (size_t i = 0; i < n; ++i)
    h = (h ^ p[i]) * 1099511628211ull;
}

std::string hex(const void *data, size_t n) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  const auto *p = static_cast<const unsigned char *>(data);
  for (size_t i = 0; i < n; ++i) {
    out += digits[p[i] >> 4];
    out += digits[p[i] & 15];
  }
  return out;
}

/// Writes `path` whole, or not at all: another process may write the same
/// file at once (a temporary name, then a rename).
void write_file(const std::string &path, const void *data, size_t n) {
  const std::string tmp = path + ".tmp" + std::to_string(getpid());
  FILE *f = std::fopen(tmp.c_str(), "wb");
  if (!f)
    return;
  const bool ok = std::fwrite(data, 1, n, f) == n;
  if (std::fclose(f) == 0 && ok)
    std::rename(tmp.c_str(), path.c_str());
  else
    std::remove(tmp.c_str());
}

} // namespace

std::string dump_module(const std::vector<char> &spirv, const char *flags,
                        const ze_module_constants_t *constants,
                        const std::vector<std::pair<uint32_t, uint32_t>> &sizes) {
  if (!dump_dir())
    return "";
  std::string text = std::string("flags ") + (flags ? flags : "") + "\n";
  for (uint32_t i = 0; constants && i < constants->numConstants; ++i) {
    const uint32_t id = constants->pConstantIds[i];
    auto it =
        std::find_if(sizes.begin(), sizes.end(), [&](const auto &s) { return s.first == id; });
    if (it == sizes.end())
      continue; // the caller refuses the module
    text +=
        "spec " + std::to_string(id) + " " + hex(constants->pConstantValues[i], it->second) + "\n";
  }
  uint64_t h = 1469598103934665603ull;
  hash(h, spirv.data(), spirv.size());
  hash(h, text.data(), text.size());
  char key[17];
  std::snprintf(key, sizeof(key), "%016llx", (unsigned long long)h);
  const std::string base = std::string(dump_dir()) + "/" + key;
  // Written again when present: its time tells lane 2 it is not stale.
  write_file(base + ".spv", spirv.data(), spirv.size());
  write_file(base + ".module", text.data(), text.size()); // last: the set is complete
  return key;
}

void dump_kernel(const std::string &key, const std::string &name, size_t args) {
  if (!dump_dir() || key.empty())
    return;
  const std::string line = name + " " + std::to_string(args) + "\n";
  const std::string path = std::string(dump_dir()) + "/" + key + ".kernels";
  // One write of one short line with O_APPEND: whole lines, whichever
  // processes append at once.
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return;
  if (write(fd, line.data(), line.size()) < 0) {
  } // a dump that cannot be written leaves the replay with less to check
  close(fd);
}

} // namespace smcp::ze_test
