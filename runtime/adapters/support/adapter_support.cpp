// adapter_support.cpp - last-failure storage, tracing switch and info copies
// shared by the adapters.
#include "adapter_support.h"
#include "trace_setting.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace smcp::adapter {
namespace {

struct last_failure {
  std::string call;
  std::string native_name;
  std::string message;
  int64_t code = 0;
};

thread_local last_failure this_thread_failure;

} // namespace

bool trace_enabled() {
  static const bool enabled = parse_trace_setting(std::getenv("SMCP_TRACE")).lines;
  return enabled;
}

void record_failure(const char *call, int64_t native_code, const char *native_name,
                    std::string message) {
  auto &f = this_thread_failure;
  f.call = call;
  f.code = native_code;
  f.native_name = native_name ? native_name : "";
  f.message = std::move(message);
}

void read_last_failure(const char *backend, smcp_error_info *out) {
  const auto &f = this_thread_failure;
  out->backend = backend;
  out->call = f.call.c_str();
  out->native_code = f.code;
  out->native_name = f.native_name.c_str();
  out->message = f.message.c_str();
}

std::string call_site(const char *file, int line) {
  const char *base = std::strrchr(file, '/');
  return std::string("at ") + (base ? base + 1 : file) + ":" + std::to_string(line);
}

bool check_native(const char *backend, bool ok, const char *call, int64_t code,
                  const char *native_name, const char *file, int line) {
  if (trace_enabled())
    std::fprintf(stderr, "SMCP %s: %s -> %s (%lld)\n", backend, call, native_name,
                 static_cast<long long>(code));
  if (!ok)
    record_failure(call, code, native_name, call_site(file, line));
  return ok;
}

smcp_result fail_native(const char *backend, smcp_result result, const char *call, int64_t code,
                        const char *native_name, std::string message) {
  if (trace_enabled())
    std::fprintf(stderr, "SMCP %s: %s failed: %s\n", backend, call, message.c_str());
  record_failure(call, code, native_name, std::move(message));
  return result;
}

smcp_result return_info(size_t size, void *value, size_t *size_ret, const void *src, size_t n) {
  if (size_ret)
    *size_ret = n;
  if (!value)
    return SMCP_SUCCESS;
  if (size < n) {
    record_failure("get_info", 0, "", "info buffer of " + std::to_string(size) +
                                          " bytes is too small for " + std::to_string(n));
    return SMCP_ERROR_INVALID_ARGUMENT;
  }
  std::memcpy(value, src, n);
  return SMCP_SUCCESS;
}

smcp_result return_string(size_t size, void *value, size_t *size_ret, const std::string &s) {
  return return_info(size, value, size_ret, s.c_str(), s.size() + 1);
}

smcp_result answer_caps(smcp_device_caps caps, smcp_device_caps *out) {
  long double total = 1;
  for (uint64_t n : caps.max_group_count)
    total *= static_cast<long double>(n);
  if (caps.max_total_groups == 0)
    caps.max_total_groups =
        total >= static_cast<long double>(UINT64_MAX) ? UINT64_MAX : uint64_t(total);
  caps.struct_size = out->struct_size;
  std::memcpy(out, &caps, std::min<size_t>(out->struct_size, sizeof(caps)));
  return SMCP_SUCCESS;
}

smcp_result failed_with_exception(smcp_result result, const char *what) noexcept {
  try {
    record_failure("(C++ exception in the adapter)", 0, "", what);
  } catch (...) {
  }
  return result;
}

} // namespace smcp::adapter
