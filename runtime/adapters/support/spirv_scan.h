// spirv_scan.h - what an adapter (or a test driver) reads from a SPIR-V
// module without a compiler: whether its instruction stream is well formed,
// which SpecIds it declares, and the kinds of a kernel's parameters.
//
// Why: Intel's Level Zero driver ends the whole process on garbage after a
// SPIR-V magic number, and fails a build with an empty log when given a
// specialization id the module lacks, so the Level Zero adapter checks the
// stream and filters the ids before zeModuleCreate.
#pragma once

#include "../adapter_abi.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace smcp::adapter {

/// A module's header and instruction stream are well formed: the magic
/// number, whole words, and every instruction's word count within the
/// module. On failure says why in error.
bool spirv_check_structure(const void *spirv, size_t size, std::string &error);

/// The SpecIds the module decorates (OpDecorate ... SpecId n). The module
/// must have passed spirv_check_structure.
std::vector<uint32_t> spirv_spec_ids(const void *spirv, size_t size);

/// The size in bytes of each specialization constant's value, by SpecId
/// (booleans: 1), for consumers that receive values without sizes
/// (ze_module_constants_t). The module must have passed spirv_check_structure.
std::vector<std::pair<uint32_t, uint32_t>> spirv_spec_constant_sizes(const void *spirv,
                                                                     size_t size);

/// How the parameters of the entry point `kernel` are passed, in order, as
/// adapter_abi.h's argument kinds: SMCP_ARG_POINTER for a pointer to
/// CrossWorkgroup or Generic memory, SMCP_ARG_LOCAL for one to Workgroup
/// memory, SMCP_ARG_VALUE for everything else (scalars, byval aggregates).
/// False when the module has no such kernel. The module must have passed
/// spirv_check_structure.
bool spirv_kernel_params(const void *spirv, size_t size, const std::string &kernel,
                         std::vector<smcp_arg_kind> &out);

/// The names of the module's kernel entry points.
std::vector<std::string> spirv_kernel_names(const void *spirv, size_t size);

} // namespace smcp::adapter
