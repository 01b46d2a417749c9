// cuda_api.cpp - loads the CUDA driver (libcuda.so.1) and binds the functions
// of cuda_api.h by their versioned symbols.
#include "cuda_api.h"

#include "common.h"

#include <dlfcn.h>

#include <string>

namespace smcp::cuda {

driver_api driver;

namespace {

constexpr const char *driver_library = "libcuda.so.1";

smcp_result unusable(const char *call, std::string why) {
  return fail(SMCP_ERROR_UNINITIALIZED, call, CUDA_SUCCESS, std::move(why));
}

} // namespace

smcp_result load_driver() {
  // The library stays loaded until the process ends: the driver's own exit
  // handlers must find it, and adapters are never unloaded before then.
  void *library = dlopen(driver_library, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *why = dlerror();
    return unusable("dlopen", std::string(driver_library) +
                                  " not found: no NVIDIA driver on this machine (" +
                                  (why ? why : "dlopen gave no reason") + ")");
  }
  driver_api bound;
#define SMCP_CUDA_BIND_REQUIRED(name, symbol, params)                                        \
  bound.name = reinterpret_cast<name##_fn *>(dlsym(library, #symbol));                      \
  if (!bound.name)                                                                           \
    return unusable("dlsym", std::string(driver_library) + " lacks " #symbol                \
                             ": the NVIDIA driver is older than the adapter needs");
  SMCP_CUDA_REQUIRED_FUNCTIONS(SMCP_CUDA_BIND_REQUIRED)
#undef SMCP_CUDA_BIND_REQUIRED
#define SMCP_CUDA_BIND_OPTIONAL(name, symbol, params)                                        \
  bound.name = reinterpret_cast<name##_fn *>(dlsym(library, #symbol));
  SMCP_CUDA_OPTIONAL_FUNCTIONS(SMCP_CUDA_BIND_OPTIONAL)
#undef SMCP_CUDA_BIND_OPTIONAL
  driver = bound;
  // cuInit fails with CUDA_ERROR_NO_DEVICE where a driver has no GPU to
  // drive: the backend is as unusable then as without a driver.
  const CUresult r = driver.cuInit(0);
  if (check(r, "cuInit", __FILE__, __LINE__))
    return SMCP_SUCCESS;
  if (r == CUDA_ERROR_STUB_LIBRARY)
    return fail(SMCP_ERROR_UNINITIALIZED, "cuInit", r,
                std::string(driver_library) +
                    " is the CUDA toolkit's stub library, not an NVIDIA driver");
  const char *text = nullptr;
  if (driver.cuGetErrorString(r, &text) != CUDA_SUCCESS || !text)
    text = error_name(r);
  return fail(SMCP_ERROR_UNINITIALIZED, "cuInit", r,
              std::string("the NVIDIA driver is installed but not usable: ") + text);
}

} // namespace smcp::cuda
