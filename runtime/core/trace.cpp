// trace.cpp - SMCP_TRACE=1 output of the core.
#include "trace.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace smcp::rt {

bool trace_enabled() {
  static const bool enabled = [] {
    const char *v = std::getenv("SMCP_TRACE");
    // SMCP_TRACE=chrome:<file> asks for a Chrome trace (chrome_trace.h), not these lines.
    return v && *v && std::strcmp(v, "0") != 0 && std::strncmp(v, "chrome:", 7) != 0;
  }();
  return enabled;
}

void trace(const char *format, ...) {
  if (!trace_enabled())
    return;
  char line[2048];
  va_list args;
  va_start(args, format);
  std::vsnprintf(line, sizeof(line), format, args);
  va_end(args);
  std::fprintf(stderr, "SMCP: %s\n", line);
}

} // namespace smcp::rt
