// trace_setting.h - what SMCP_TRACE asks for. libsycl and every adapter read
// the variable through this one parser, so that they agree on its meaning:
// unset, empty or "0": nothing; "chrome:<file>": libsycl's Chrome trace into
// <file> (core/chrome_trace.h), not trace lines; anything else: trace lines
// on stderr ("SMCP: ..."). Header-only: the adapters link no libsycl code.
#pragma once

#include <cstring>
#include <string>

namespace smcp {

struct trace_setting {
  bool lines = false;      // trace lines on stderr
  std::string chrome_file; // empty: no Chrome trace
};

inline trace_setting parse_trace_setting(const char *value) {
  trace_setting s;
  static constexpr char chrome[] = "chrome:";
  if (!value || !*value || std::strcmp(value, "0") == 0)
    return s;
  if (std::strncmp(value, chrome, sizeof(chrome) - 1) == 0)
    s.chrome_file = value + sizeof(chrome) - 1;
  else
    s.lines = true;
  return s;
}

} // namespace smcp
