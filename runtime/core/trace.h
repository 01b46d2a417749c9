// trace.h - SMCP_TRACE=1 output of the core: adapter calls, loading, images.
#pragma once

namespace smcp::rt {

bool trace_enabled();

/// printf-style line to stderr, prefixed "SMCP: ", when tracing is on.
void trace(const char *format, ...) __attribute__((format(printf, 1, 2)));

} // namespace smcp::rt
