// ze_module_inputs.h - what zeModuleCreate is given for an SMCP image: the
// build flags and the specialization constants. Shared by the Level Zero
// adapter (level_zero/program.cpp) and lane 2 (test/level_zero_intel), so
// that Intel's compiler is checked on the adapter's own inputs rather than a
// copy of its rules. No Level Zero header: the caller fills
// ze_module_constants_t from ze_spec_constants.
#pragma once

#include "spirv_scan.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace smcp::adapter {

/// Makes module-scope variables addressable by zeModuleGetGlobalPointer;
/// Intel's compiler otherwise may drop them.
constexpr const char *ze_global_address_flag = "-ze-take-global-address";

/// The build flags of a module: the global-address flag, then options.
inline std::string ze_build_flags(const char *options) {
  std::string flags = ze_global_address_flag;
  if (options && *options)
    flags += std::string(" ") + options;
  return flags;
}

/// Specialization constants as ze_module_constants_t takes them.
struct ze_spec_constants {
  std::vector<uint32_t> ids;
  std::vector<const void *> values;
};

/// Of n constants, get(i) -> {spec id, value}, those whose id the SPIR-V
/// image declares: an unknown id fails Intel's build with an empty log.
template <typename Get>
ze_spec_constants ze_declared_spec_constants(const void *image, size_t size, size_t n, Get get) {
  const std::vector<uint32_t> declared = spirv_spec_ids(image, size);
  ze_spec_constants out;
  for (size_t i = 0; i < n; ++i) {
    const std::pair<uint32_t, const void *> c = get(i);
    if (std::find(declared.begin(), declared.end(), c.first) != declared.end()) {
      out.ids.push_back(c.first);
      out.values.push_back(c.second);
    }
  }
  return out;
}

} // namespace smcp::adapter
