// backends.h - backend ids and the names users and tools see for them
// (ONEAPI_DEVICE_SELECTOR terms, sycl-ls, error messages). The ids equal
// sycl::backend's and the adapter interface's smcp_backend values; the
// runtime checks that at compile time.
//
// Part of the ABI headers (README.md in this folder): plain C++17.
#pragma once

#include <string_view>

namespace smcp::abi {

enum class backend_id : int { opencl = 1, level_zero = 2, cuda = 3 };

struct backend_info {
  backend_id id;
  const char *name;
};

constexpr backend_info backends[] = {{backend_id::opencl, "opencl"},
                                     {backend_id::level_zero, "level_zero"},
                                     {backend_id::cuda, "cuda"}};

constexpr const char *backend_name(backend_id id) {
  for (const backend_info &b : backends)
    if (b.id == id)
      return b.name;
  return "unknown";
}

/// The backend a (lowercase) name means; false for an unknown name.
constexpr bool parse_backend_name(std::string_view name, backend_id &id) {
  for (const backend_info &b : backends)
    if (name == b.name) {
      id = b.id;
      return true;
    }
  return false;
}

} // namespace smcp::abi
