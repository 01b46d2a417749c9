// chrome_trace.cpp - SMCP_TRACE=chrome:<file> (chrome_trace.h).
#include "chrome_trace.h"

#include "trace.h"

#include "../adapters/support/trace_setting.h"

#include <cstdio>
#include <cstdlib>
#include <cxxabi.h>
#include <memory>
#include <mutex>
#include <unistd.h>

namespace smcp::rt {
namespace {

struct recorder {
  std::mutex mutex;
  std::vector<chrome_trace_event> events;
  std::vector<std::function<chrome_trace_event()>> deferred;
  size_t written = ~size_t(0); // events in the file; none written yet
};

/// A static destructor of the runtime may finish commands after the exit
/// handler wrote the file: this one writes again then.
struct last_write {
  ~last_write() { chrome_trace_write(); }
};

// Leaked on purpose: commands may still finish during static destruction.
recorder &the_recorder() {
  static auto *r = new recorder;
  static last_write at_static_destruction;
  return *r;
}

void append_escaped(std::string &out, const std::string &text) {
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += char(c);
    } else if (c < 0x20) {
      char u[8];
      std::snprintf(u, sizeof(u), "\\u%04x", c);
      out += u;
    } else {
      out += char(c);
    }
  }
}

void append_microseconds(std::string &out, uint64_t ns) {
  char text[32];
  std::snprintf(text, sizeof(text), "%llu.%03u", (unsigned long long)(ns / 1000),
                unsigned(ns % 1000));
  out += text;
}

} // namespace

const std::string &chrome_trace_file() {
  static const std::string file = parse_trace_setting(std::getenv("SMCP_TRACE")).chrome_file;
  return file;
}

void chrome_trace_add(chrome_trace_event e) {
  recorder &r = the_recorder();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.events.push_back(std::move(e));
}

void chrome_trace_defer(std::function<chrome_trace_event()> finish) {
  recorder &r = the_recorder();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.deferred.push_back(std::move(finish));
}

std::string chrome_trace_json(const std::vector<chrome_trace_event> &events, uint32_t pid) {
  std::string out = "[";
  for (size_t i = 0; i < events.size(); ++i) {
    const chrome_trace_event &e = events[i];
    out += i ? ",\n" : "\n";
    out += "{\"name\":\"";
    append_escaped(out, e.name);
    out += "\",\"cat\":\"";
    append_escaped(out, e.category);
    out += "\",\"ph\":\"X\",\"ts\":";
    append_microseconds(out, e.start_ns);
    out += ",\"dur\":";
    append_microseconds(out, e.end_ns > e.start_ns ? e.end_ns - e.start_ns : 0);
    out += ",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(e.track);
    out += std::string(",\"args\":{\"clock\":\"") + (e.device_clock ? "device" : "host") + "\"}}";
  }
  out += "\n]\n";
  return out;
}

bool chrome_trace_write(bool finish_deferred) {
  const std::string &path = chrome_trace_file();
  if (path.empty())
    return true;
  recorder &r = the_recorder();
  if (finish_deferred) {
    std::vector<std::function<chrome_trace_event()>> deferred;
    {
      std::lock_guard<std::mutex> lock(r.mutex);
      deferred.swap(r.deferred);
    }
    for (auto &finish : deferred) // outside the lock: they call into adapters
      chrome_trace_add(finish());
  }
  std::string json;
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    if (r.written == r.events.size())
      return true;
    r.written = r.events.size();
    json = chrome_trace_json(r.events, uint32_t(::getpid()));
  }
  const std::string temporary = path + ".tmp." + std::to_string(::getpid());
  std::unique_ptr<FILE, int (*)(FILE *)> f(std::fopen(temporary.c_str(), "w"), std::fclose);
  bool ok = f && std::fwrite(json.data(), 1, json.size(), f.get()) == json.size();
  ok = f && std::fclose(f.release()) == 0 && ok;
  if (!ok || std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    std::fprintf(stderr, "SMCP: cannot write the Chrome trace %s: %s\n", path.c_str(),
                 std::strerror(errno));
    return false;
  }
  return true;
}

std::string chrome_trace_kernel_name(const char *stable_name) {
  if (!stable_name)
    return "kernel";
  int status = 0;
  std::unique_ptr<char, void (*)(void *)> demangled(
      abi::__cxa_demangle(stable_name, nullptr, nullptr, &status), std::free);
  if (status != 0 || !demangled)
    return stable_name;
  std::string name = demangled.get();
  const char prefix[] = "typeinfo name for ";
  if (name.rfind(prefix, 0) == 0)
    name.erase(0, sizeof(prefix) - 1);
  return name;
}

} // namespace smcp::rt
