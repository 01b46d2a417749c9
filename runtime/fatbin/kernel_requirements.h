// The property set of the optional device features (aspects) each kernel
// uses, shared by smcp-post-link (writes it) and libsycl (reads it,
// runtime/core/kernel_requirements.h); smcp-dump prints it like every set.
//
// Set KernelRequirementsSet, one property per kernel that needs any:
//   u32 aspect bit set (include/sycl/detail/abi/aspects.h)
// Set KernelWorkGroupSizeSet, one property per kernel declared with
// [[sycl::reqd_work_group_size]] (SYCL 2020 §5.8.1):
//   list of 1 to 3 u32, the size in SYCL's dimension order
// Set KernelVariantsSet, one property per kernel compiled more than once:
//   u32 bit set of KernelVariant, the versions the image also holds
//   (kernel_symbol.h names them), for the launch to choose from
#pragma once

#include "fatbin.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace smcp::fatbin {

constexpr const char *KernelRequirementsSet = "smcp.kernel_requirements";
constexpr const char *KernelWorkGroupSizeSet = "smcp.kernel_reqd_work_group_size";
constexpr const char *KernelVariantsSet = "smcp.kernel_variants";

/// Kernels with an empty set are left out.
PropertySet encodeKernelRequirements(const std::vector<std::pair<std::string, uint32_t>> &Kernels);

/// The aspect bits Kernel needs (0 when the image records none). False, with
/// Error naming the set and the kernel, when its property is malformed.
bool decodeKernelRequirements(const DeviceImage &Image, const std::string &Kernel,
                              uint32_t &Aspects, std::string &Error);

/// Kernels without a required size are left out.
PropertySet
encodeKernelWorkGroupSizes(const std::vector<std::pair<std::string, std::vector<uint32_t>>> &Kernels);

/// The work-group size Kernel requires (empty when the image records none).
/// False, with Error naming the set and the kernel, when its property is not
/// a list of 1 to 3 non-zero u32.
bool decodeKernelWorkGroupSize(const DeviceImage &Image, const std::string &Kernel,
                               std::vector<uint32_t> &Size, std::string &Error);

/// The versions of a kernel an image may hold besides the kernel itself,
/// each compiled under an assumption only a launch can check.
enum KernelVariant : uint32_t {
  /// Every sampled image accessor has a backend texture
  /// (device-passes/TexturedKernelVariants.cpp).
  TexturedVariant = 1u << 0,
};

/// Kernels with no variant are left out.
PropertySet encodeKernelVariants(const std::vector<std::pair<std::string, uint32_t>> &Kernels);

/// The KernelVariant bits of Kernel (0 when the image records none). False,
/// with Error naming the set and the kernel, when its property is malformed.
bool decodeKernelVariants(const DeviceImage &Image, const std::string &Kernel,
                          uint32_t &Variants, std::string &Error);

} // namespace smcp::fatbin
