// disk_cache.cpp - the persistent program cache's folder (disk_cache.h).
#include "disk_cache.h"

#include "trace.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace smcp::rt {
namespace {

/// mkdir -p; true when the folder exists afterwards.
bool make_folders(const std::string &path) {
  for (size_t slash = path.find('/', 1); slash != std::string::npos;
       slash = path.find('/', slash + 1))
    ::mkdir(path.substr(0, slash).c_str(), 0777);
  if (::mkdir(path.c_str(), 0777) == 0 || errno == EEXIST) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
  }
  return false;
}

bool read_file(const std::string &path, std::vector<char> &bytes) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  struct stat st;
  bool ok = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  if (ok) {
    bytes.resize(size_t(st.st_size));
    size_t done = 0;
    while (ok && done < bytes.size()) {
      ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR)
        continue;
      ok = n > 0;
      done += n > 0 ? size_t(n) : 0;
    }
  }
  ::close(fd);
  return ok;
}

bool write_all(int fd, const char *bytes, size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, bytes, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    bytes += n;
    size -= size_t(n);
  }
  return true;
}

/// A temporary name no other writer uses: pid and a per-process counter.
std::string temporary_path(const std::string &entry) {
  static std::atomic<unsigned> counter{0};
  return entry + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
}

} // namespace

std::string disk_cache::folder_from_environment() {
  return folder_from(std::getenv("SMCP_CACHE_DIR"), std::getenv("XDG_CACHE_HOME"),
                     std::getenv("HOME"));
}

std::string disk_cache::folder_from(const char *smcp_cache_dir, const char *xdg_cache_home,
                                    const char *home) {
  if (smcp_cache_dir)
    return std::strcmp(smcp_cache_dir, "off") == 0 ? std::string() : std::string(smcp_cache_dir);
  if (xdg_cache_home && *xdg_cache_home)
    return std::string(xdg_cache_home) + "/smcp";
  if (home && *home)
    return std::string(home) + "/.cache/smcp";
  return {};
}

std::string disk_cache::path_of(const cache_digest &key) const {
  return _folder + "/" + key.hex() + ".bin";
}

std::optional<std::vector<char>> disk_cache::load(const cache_digest &key) const {
  if (!enabled())
    return std::nullopt;
  const std::string path = path_of(key);
  std::vector<char> bytes;
  if (!read_file(path, bytes)) {
    trace("program cache: no entry %s", path.c_str());
    return std::nullopt;
  }
  const void *payload = nullptr;
  size_t size = 0;
  cache_entry_status s = decode_cache_entry(bytes.data(), bytes.size(), key, &payload, &size);
  if (s != cache_entry_status::ok) {
    trace("program cache: entry %s ignored: %s (%zu bytes); rebuilding", path.c_str(),
          describe(s), bytes.size());
    return std::nullopt;
  }
  const char *p = static_cast<const char *>(payload);
  return std::vector<char>(p, p + size);
}

bool disk_cache::store(const cache_digest &key, const void *payload, size_t size) const {
  if (!enabled())
    return false;
  if (!make_folders(_folder)) {
    trace("program cache: cannot create the folder %s: %s", _folder.c_str(), std::strerror(errno));
    return false;
  }
  const std::string path = path_of(key), temporary = temporary_path(path);
  const std::vector<char> entry = encode_cache_entry(key, payload, size);
  int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  bool ok = fd >= 0 && write_all(fd, entry.data(), entry.size());
  int error = ok ? 0 : errno;
  if (fd >= 0 && ::close(fd) != 0 && ok) {
    ok = false;
    error = errno;
  }
  if (ok && ::rename(temporary.c_str(), path.c_str()) != 0) {
    ok = false;
    error = errno;
  }
  if (!ok) {
    trace("program cache: cannot write %s: %s", path.c_str(), std::strerror(error));
    ::unlink(temporary.c_str());
    return false;
  }
  trace("program cache: stored %s (%zu bytes)", path.c_str(), size);
  return true;
}

void disk_cache::remove(const cache_digest &key) const {
  if (enabled())
    ::unlink(path_of(key).c_str());
}

const disk_cache &process_disk_cache() {
  static const disk_cache cache(disk_cache::folder_from_environment());
  return cache;
}

} // namespace smcp::rt
