// adapter.h - one loaded adapter: its table, and checked, traced calls into it.
//
// Every call into an adapter goes through adapter::call (which throws) or
// adapter::try_call (which returns the result: destructors, best-effort
// calls, optional entries), so that SMCP_TRACE=1 shows each one with its
// result and every failure can become a sycl::exception naming the backend
// call and its code.
#pragma once

#include "trace.h"

#include "../adapters/adapter_abi.h"

#include <sycl/backend.hpp>
#include <sycl/exception.hpp>

#include <string>
#include <utility>

namespace smcp::rt {

class adapter {
public:
  adapter(const smcp_adapter_table &table, std::string path, void *handle)
      : _table(table), _path(std::move(path)), _handle(handle) {}
  adapter(const adapter &) = delete;
  adapter &operator=(const adapter &) = delete;

  const smcp_adapter_table &table() const { return _table; }
  const char *name() const { return _table.name; }
  const std::string &path() const { return _path; }
  sycl::backend backend() const { return static_cast<sycl::backend>(_table.backend); }

  /// Calls entry `fn` (named `entry` for the trace); throws on failure.
  template <typename... P, typename... A>
  void call(const char *entry, smcp_result (*fn)(P...), A &&...args) const {
    check(entry, try_call(entry, fn, std::forward<A>(args)...));
  }

  /// Calls entry `fn`, traces it and returns its result without throwing.
  /// An entry the adapter does not provide (NULL) is SMCP_ERROR_UNSUPPORTED.
  template <typename... P, typename... A>
  smcp_result try_call(const char *entry, smcp_result (*fn)(P...), A &&...args) const {
    smcp_result r = fn ? fn(std::forward<A>(args)...) : SMCP_ERROR_UNSUPPORTED;
    if (trace_enabled()) // a launch makes this call: no formatting unless asked
      trace_call(entry, r);
    return r;
  }

  /// The backend's own object behind one of this adapter's handles (interop).
  void *native_handle(smcp_handle_kind kind, const void *handle) const;

  /// Throws the sycl::exception describing a failed call (no-op on success).
  void check(const char *entry, smcp_result r) const;

  /// "opencl: clBuildProgram failed: CL_BUILD_PROGRAM_FAILURE (-11): <detail>".
  std::string describe_last_error(const char *entry, smcp_result r) const;

private:
  void trace_call(const char *entry, smcp_result r) const;

  smcp_adapter_table _table;
  std::string _path;
  void *_handle; // dlopen handle, kept open for the life of the process
};

const char *result_name(smcp_result r);

/// The errc a failed adapter call maps to.
sycl::errc errc_for(smcp_result r);

} // namespace smcp::rt

/// adapter.call on a table entry, naming the entry for trace and errors.
#define SMCP_ADAPTER_CALL(adapter, entry, ...) (adapter).call(#entry, (adapter).table().entry, __VA_ARGS__)
