// adapter.cpp - checked, traced calls into a loaded adapter.
#include "adapter.h"

#include "error.h"
#include "trace.h"

namespace smcp::rt {

const char *result_name(smcp_result r) {
  switch (r) {
  case SMCP_SUCCESS:
    return "SMCP_SUCCESS";
  case SMCP_ERROR_INVALID_ARGUMENT:
    return "SMCP_ERROR_INVALID_ARGUMENT";
  case SMCP_ERROR_OUT_OF_MEMORY:
    return "SMCP_ERROR_OUT_OF_MEMORY";
  case SMCP_ERROR_BUILD_FAILED:
    return "SMCP_ERROR_BUILD_FAILED";
  case SMCP_ERROR_UNSUPPORTED:
    return "SMCP_ERROR_UNSUPPORTED";
  case SMCP_ERROR_NOT_FOUND:
    return "SMCP_ERROR_NOT_FOUND";
  case SMCP_ERROR_DEVICE_LOST:
    return "SMCP_ERROR_DEVICE_LOST";
  case SMCP_ERROR_UNINITIALIZED:
    return "SMCP_ERROR_UNINITIALIZED";
  case SMCP_ERROR_VERSION_MISMATCH:
    return "SMCP_ERROR_VERSION_MISMATCH";
  case SMCP_ERROR_BACKEND:
    return "SMCP_ERROR_BACKEND";
  case SMCP_ERROR_INVALID_GEOMETRY:
    return "SMCP_ERROR_INVALID_GEOMETRY";
  }
  return "SMCP_ERROR_UNKNOWN";
}

sycl::errc errc_for(smcp_result r) {
  switch (r) {
  case SMCP_SUCCESS:
    return sycl::errc::success;
  case SMCP_ERROR_INVALID_ARGUMENT:
    return sycl::errc::invalid;
  case SMCP_ERROR_OUT_OF_MEMORY:
    return sycl::errc::memory_allocation;
  case SMCP_ERROR_BUILD_FAILED:
    return sycl::errc::build;
  case SMCP_ERROR_UNSUPPORTED:
    return sycl::errc::feature_not_supported;
  case SMCP_ERROR_NOT_FOUND:
    return sycl::errc::kernel_not_supported;
  case SMCP_ERROR_INVALID_GEOMETRY:
    return sycl::errc::nd_range;
  default:
    return sycl::errc::runtime;
  }
}

void adapter::trace_call(const char *entry, smcp_result r) const {
  trace("%s.%s -> %s", name(), entry, result_name(r));
}

std::string adapter::describe_last_error(const char *entry, smcp_result r) const {
  smcp_error_info info{};
  if (_table.get_last_error)
    _table.get_last_error(&info);
  std::string text = std::string(name()) + ": " + entry + " failed (" + result_name(r) + ")";
  if (info.call && *info.call && info.native_code != 0)
    text += ": " + std::string(info.call) + " returned " +
            (info.native_name ? info.native_name : "?") + " (" +
            std::to_string(info.native_code) + ")";
  else if (info.call && *info.call)
    text += " in " + std::string(info.call);
  if (info.message && *info.message)
    text += r == SMCP_ERROR_BUILD_FAILED ? std::string("\nbuild log:\n") + info.message
                                         : std::string(": ") + info.message;
  return text;
}

void adapter::check(const char *entry, smcp_result r) const {
  if (r != SMCP_SUCCESS)
    throw_error(errc_for(r), describe_last_error(entry, r));
}

void *adapter::native_handle(smcp_handle_kind kind, const void *handle) const {
  if (!_table.get_native_handle)
    throw_error(sycl::errc::feature_not_supported,
                std::string("the ") + name() + " adapter does not expose its native objects");
  void *out = nullptr;
  call("get_native_handle", _table.get_native_handle, kind, handle, &out);
  return out;
}

} // namespace smcp::rt
