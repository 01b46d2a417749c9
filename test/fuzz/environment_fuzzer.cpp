// environment_fuzzer.cpp - the parsers of the SMCP_* environment variables:
// SMCP_TRACE (adapters/support/trace_setting.h, read by libsycl and every
// adapter), SMCP_ADAPTERS (core/adapter_loader.h) and SMCP_CACHE_DIR with
// its XDG_CACHE_HOME / HOME fallbacks (core/disk_cache.h). The input is
// split at NUL bytes into those values (a missing field: unset). Each parser
// must answer something consistent for any text; it aborts otherwise.
#include "adapter_loader.h"
#include "disk_cache.h"
#include "support/trace_setting.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

void require(bool ok, const char *what) {
  if (!ok) {
    std::fprintf(stderr, "environment parser broke a rule: %s\n", what);
    std::abort();
  }
}

void check_trace(const char *value) {
  const smcp::trace_setting s = smcp::parse_trace_setting(value);
  require(!(s.lines && !s.chrome_file.empty()), "SMCP_TRACE: lines and a Chrome trace at once");
  const std::string v = value ? value : "";
  if (!s.chrome_file.empty())
    require(v == "chrome:" + s.chrome_file, "SMCP_TRACE: the Chrome file is not the suffix");
  require(s.lines == (!v.empty() && v != "0" && v.rfind("chrome:", 0) != 0),
          "SMCP_TRACE: trace lines for the wrong values");
}

void check_adapters(const std::string &list) {
  std::string joined;
  for (const std::string &p : smcp::rt::split_adapter_paths(list)) {
    require(!p.empty() && p.find(':') == std::string::npos, "SMCP_ADAPTERS: a bad path");
    joined += p;
  }
  std::string without_colons;
  for (char c : list)
    if (c != ':')
      without_colons += c;
  require(joined == without_colons, "SMCP_ADAPTERS: paths lost or invented");
}

void check_cache(const char *dir, const char *xdg, const char *home) {
  const std::string f = smcp::rt::disk_cache::folder_from(dir, xdg, home);
  if (dir)
    require(f == (std::string(dir) == "off" ? "" : dir), "SMCP_CACHE_DIR not taken as given");
  else if (xdg && *xdg)
    require(f == std::string(xdg) + "/smcp", "XDG_CACHE_HOME fallback");
  else if (home && *home)
    require(f == std::string(home) + "/.cache/smcp", "HOME fallback");
  else
    require(f.empty(), "a cache folder out of nothing");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::vector<std::string> fields(1);
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == 0)
      fields.emplace_back();
    else
      fields.back() += char(data[i]);
  }
  auto field = [&](size_t i) { return i < fields.size() ? fields[i].c_str() : nullptr; };
  check_trace(field(0));
  check_adapters(fields[0]);
  check_cache(field(1), field(2), field(3));
  return 0;
}
