// The property set of the argument words each kernel's program may be
// specialized on at launch (device-passes/LaunchConstants.cpp), shared by
// smcp-post-link (writes it) and libsycl (reads it); smcp-dump prints it like
// every set.
//
// Set LaunchConstantsSet, one property per kernel that has any:
//   list(list(u32 SpecId, u32 parameter, u32 byte offset)...)
// Each names the u32 at that offset of the kernel's by-value parameter, which
// the kernel reads through the SPIR-V specialization constant SpecId whose
// default, abi::launch_constant_unset, means "read the argument".
#pragma once

#include "fatbin.h"

#include <sycl/detail/abi/kernel_abi.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace smcp::fatbin {

constexpr const char *LaunchConstantsSet = "smcp.launch_constants";

struct LaunchConstant {
  uint32_t SpecId;
  uint32_t Param;
  uint32_t Offset;
};

/// Kernels without launch constants are left out.
PropertySet encodeLaunchConstants(
    const std::vector<std::pair<std::string, std::vector<LaunchConstant>>> &Kernels);

/// Kernel's launch constants, sorted by SpecId (none when the image records
/// none). False, with Error naming the set and the kernel, when its property
/// is malformed.
bool decodeLaunchConstants(const DeviceImage &Image, const std::string &Kernel,
                           std::vector<LaunchConstant> &Constants, std::string &Error);

} // namespace smcp::fatbin
