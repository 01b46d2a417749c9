// chrome_trace.h - SMCP_TRACE=chrome:<file>: every command the runtime ran,
// as a Chrome trace (JSON Trace Event format) for chrome://tracing or Perfetto.
//
// The file is one JSON array of complete ("ph": "X") events, one per command,
// with name, category, ts and dur in microseconds, pid and tid (one track per
// queue). A device command takes the backend's profiling timestamps where it
// gives them (queues are made with profiling while tracing), a host command
// or a backend without them the host's clock (both CLOCK_MONOTONIC on Linux);
// "args": {"clock": "device"|"host"} says which. Events are kept in memory and
// the file is written whole (a temporary file, then a rename) at exit, after
// the runtime drained the work in flight, and again by later static
// destructors if more came: it is valid JSON whenever it exists.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace smcp::rt {

struct chrome_trace_event {
  std::string name;     // the kernel's name, or the command's kind
  const char *category; // "kernel", "memory", "host_task", ...
  uint64_t start_ns, end_ns;
  uint32_t track;       // the tid: one per queue
  bool device_clock;    // the backend's timestamps, not the host's
};

/// The file SMCP_TRACE=chrome:<file> names ("" when not tracing).
const std::string &chrome_trace_file();
inline bool chrome_trace_enabled() { return !chrome_trace_file().empty(); }

/// Adds a finished command (thread-safe).
void chrome_trace_add(chrome_trace_event e);

/// A command whose event went while it still ran: `finish` makes its event
/// once the work is done (at exit, after the drain) and releases what it holds.
void chrome_trace_defer(std::function<chrome_trace_event()> finish);

/// The JSON array of events (the file's contents).
std::string chrome_trace_json(const std::vector<chrome_trace_event> &events, uint32_t pid);

/// Writes what was added so far to the file; false with a line on stderr if
/// it cannot. At exit after the drain, with finish_deferred: the deferred
/// commands are done then, and their backends still there.
bool chrome_trace_write(bool finish_deferred = false);

/// A readable kernel name from its unique stable name.
std::string chrome_trace_kernel_name(const char *stable_name);

} // namespace smcp::rt
