// disk_cache.h - the persistent program cache's folder: entries by key
// digest, read whole and checked, written whole through a rename.
//
// SMCP_CACHE_DIR names the folder (default $XDG_CACHE_HOME/smcp, else
// ~/.cache/smcp); "off" or an empty value turns the cache off. Processes
// share the folder: a writer fills a temporary file of its own in the same
// folder and renames it over the entry, so a reader sees a whole old entry, a
// whole new one or none. Every failure (unreadable folder, full disk, a
// corrupt entry) is traced and leaves the caller to build as if there were
// no cache: the cache may make a program faster, never fail it.
#pragma once

#include "cache_entry.h"

#include <optional>
#include <string>
#include <vector>

namespace smcp::rt {

class disk_cache {
public:
  /// folder empty: the cache is off.
  explicit disk_cache(std::string folder) : _folder(std::move(folder)) {}

  /// The folder the environment asks for ("" when off).
  static std::string folder_from_environment();
  /// The same from the values of SMCP_CACHE_DIR ("off": none), XDG_CACHE_HOME
  /// and HOME, each null when unset.
  static std::string folder_from(const char *smcp_cache_dir, const char *xdg_cache_home,
                                 const char *home);

  bool enabled() const { return !_folder.empty(); }
  const std::string &folder() const { return _folder; }
  std::string path_of(const cache_digest &key) const;

  /// The payload stored under key, or nothing (no entry, or one refused:
  /// traced with the reason).
  std::optional<std::vector<char>> load(const cache_digest &key) const;
  /// Stores payload under key (creating the folder); false if it could not.
  bool store(const cache_digest &key, const void *payload, size_t size) const;
  /// Drops the entry under key (one the backend refused to load).
  void remove(const cache_digest &key) const;

private:
  std::string _folder;
};

/// The process's cache, from the environment at first use.
const disk_cache &process_disk_cache();

} // namespace smcp::rt
