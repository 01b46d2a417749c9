// adapter_loader.cpp - finds, dlopens and initialises the adapters.
#include "adapter_loader.h"

#include "trace.h"

#include <dirent.h>
#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace smcp::rt {
namespace {

constexpr const char *adapter_prefix = "libsmcp_adapter_";

/// The directory libsycl.so was loaded from.
std::string library_directory() {
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void *>(&library_directory), &info) || !info.dli_fname)
    return ".";
  std::string path = info.dli_fname;
  auto slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

std::vector<std::string> scan_directory(const std::string &dir) {
  std::vector<std::string> paths;
  if (DIR *d = opendir(dir.c_str())) {
    while (dirent *e = readdir(d)) {
      std::string name = e->d_name;
      if (name.rfind(adapter_prefix, 0) == 0 && name.size() > 3 &&
          name.compare(name.size() - 3, 3, ".so") == 0)
        paths.push_back(dir + "/" + name);
    }
    closedir(d);
  }
  std::sort(paths.begin(), paths.end()); // a stable order for platform numbering
  return paths;
}

} // namespace

std::vector<std::string> split_adapter_paths(const std::string &list) {
  std::vector<std::string> paths;
  size_t start = 0;
  while (start <= list.size()) {
    size_t end = list.find(':', start);
    if (end == std::string::npos)
      end = list.size();
    if (end > start)
      paths.push_back(list.substr(start, end - start));
    start = end + 1;
  }
  return paths;
}

namespace {

using outcome = sycl::detail::adapter_outcome;

/// Why a table libsycl cannot drive is refused; empty when it is usable.
std::string check_table(const smcp_adapter_table &t) {
  if (t.abi_version < SMCP_ADAPTER_ABI_MIN_VERSION)
    return "ABI version " + std::to_string(t.abi_version) + " is older than the oldest " +
           "libsycl drives (" + std::to_string(SMCP_ADAPTER_ABI_MIN_VERSION) + ")";
  if (const char *missing = smcp_missing_required_entry(&t))
    return std::string("its table lacks the required entry ") + missing;
  return {};
}

void fail(outcome &o, outcome::state status, std::string reason) {
  o.status = status;
  o.reason = std::move(reason);
}

/// The adapter's table through its entry point; on failure says why in o.
bool get_table(void *handle, smcp_adapter_table &table, outcome &o) {
  auto entry = reinterpret_cast<smcp_adapter_get_table_fn>(
      dlsym(handle, SMCP_ADAPTER_ENTRY_POINT));
  if (!entry) {
    fail(o, outcome::state::load_failed,
         std::string("not an SMCP adapter: no ") + SMCP_ADAPTER_ENTRY_POINT + " symbol");
    return false;
  }
  smcp_result r = entry(SMCP_ADAPTER_ABI_VERSION, uint32_t(sizeof(table)), &table);
  if (r != SMCP_SUCCESS) {
    fail(o, r == SMCP_ERROR_VERSION_MISMATCH ? outcome::state::abi_mismatch
                                             : outcome::state::load_failed,
         std::string(SMCP_ADAPTER_ENTRY_POINT) + "(ABI version " +
             std::to_string(SMCP_ADAPTER_ABI_VERSION) + ") failed with " + result_name(r));
    return false;
  }
  if (std::string why = check_table(table); !why.empty()) {
    fail(o, outcome::state::abi_mismatch, why);
    return false;
  }
  return true;
}

/// dlopens one adapter; returns it initialised, or null with o saying why.
std::unique_ptr<adapter> open_adapter(const std::string &path, outcome &o) {
  // A bare name is dlopen's to search for (LD_LIBRARY_PATH, the cache).
  const bool is_path = path.find('/') != std::string::npos;
  if (is_path && access(path.c_str(), F_OK) != 0) {
    fail(o, outcome::state::not_found, "library not found");
    return nullptr;
  }
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    std::string text = why ? why : "unknown error";
    if (!is_path && text.find("No such file") != std::string::npos)
      fail(o, outcome::state::not_found, "library not found: " + text);
    else
      fail(o, outcome::state::load_failed, "dlopen failed: " + text);
    return nullptr;
  }
  smcp_adapter_table table{}; // entries an older adapter does not fill stay NULL
  if (!get_table(handle, table, o)) {
    dlclose(handle);
    return nullptr;
  }
  auto a = std::make_unique<adapter>(table, path, handle);
  smcp_result r = a->try_call("init", table.init);
  if (r != SMCP_SUCCESS) {
    fail(o, outcome::state::init_failed,
         "initialisation failed: " + a->describe_last_error("init", r));
    a.reset();
    dlclose(handle);
  }
  return a;
}

} // namespace

loaded_adapters load_adapters() {
  loaded_adapters result;
  std::vector<std::string> paths;
  if (const char *list = std::getenv("SMCP_ADAPTERS")) {
    result.search = std::string("SMCP_ADAPTERS=") + list;
    paths = split_adapter_paths(list);
  } else {
    std::string dir = library_directory();
    result.search = dir + "/" + adapter_prefix + "*.so";
    paths = scan_directory(dir);
  }
  trace("looking for adapters in %s: %zu found", result.search.c_str(), paths.size());
  for (const auto &path : paths) {
    outcome o;
    o.library = path;
    auto a = open_adapter(path, o);
    trace("adapter %s: %s", path.c_str(), a ? "loaded" : o.reason.c_str());
    if (a)
      result.adapters.push_back(std::move(a));
    result.attempts.push_back(std::move(o));
  }
  return result;
}

} // namespace smcp::rt
