// The property set of the optional device features (aspects) each kernel
// uses, shared by smcp-post-link (writes it) and libsycl (reads it,
// runtime/core/kernel_requirements.h); smcp-dump prints it like every set.
//
// Set KernelRequirementsSet, one property per kernel that needs any:
//   u32 aspect bit set (include/sycl/detail/abi/aspects.h)
#pragma once

#include "fatbin.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace smcp::fatbin {

constexpr const char *KernelRequirementsSet = "smcp.kernel_requirements";

/// Kernels with an empty set are left out.
PropertySet encodeKernelRequirements(const std::vector<std::pair<std::string, uint32_t>> &Kernels);

/// The aspect bits Kernel needs (0 when the image records none). False, with
/// Error naming the set and the kernel, when its property is malformed.
bool decodeKernelRequirements(const DeviceImage &Image, const std::string &Kernel,
                              uint32_t &Aspects, std::string &Error);

} // namespace smcp::fatbin
