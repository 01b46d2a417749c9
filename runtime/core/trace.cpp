// trace.cpp - SMCP_TRACE=1 output of the core.
#include "trace.h"

#include "../adapters/support/trace_setting.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>

namespace smcp::rt {

bool trace_enabled() {
  static const bool enabled = parse_trace_setting(std::getenv("SMCP_TRACE")).lines;
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
