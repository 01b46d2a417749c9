// spirv_scan_fuzzer.cpp - the SPIR-V checks an adapter runs before a module
// reaches a backend (Intel's Level Zero driver ends the process on a broken
// instruction stream): the structure check, then, for a module that passes,
// every scan the adapters and the Level Zero test driver make.
#include "spirv_scan.h"

#include <cstdio>
#include <cstdlib>

using namespace smcp::adapter;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string error;
  if (!spirv_check_structure(data, size, error)) {
    if (error.empty()) {
      std::fprintf(stderr, "spirv_check_structure failed without saying why\n");
      std::abort();
    }
    return 0;
  }
  spirv_spec_ids(data, size);
  spirv_spec_constant_sizes(data, size);
  // An entry point may name a function the module lacks: the scan says false.
  std::vector<smcp_arg_kind> params;
  for (const std::string &kernel : spirv_kernel_names(data, size))
    spirv_kernel_params(data, size, kernel, params);
  spirv_kernel_params(data, size, "no such kernel", params);
  return 0;
}
