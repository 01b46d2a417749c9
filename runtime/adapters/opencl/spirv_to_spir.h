// spirv_to_spir.h - reverse translation of SPIR-V to SPIR 1.2 bitcode, for
// OpenCL devices that take cl_khr_spir but no SPIR-V IL (PoCL 3.1).
//
// The only file of the runtime that includes LLVM headers: they need -fno-rtti,
// while the rest of the runtime uses RTTI and exceptions. Its interface is
// therefore plain standard C++.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace smcp::opencl {

/// Translates a SPIR-V module to LLVM bitcode, with the module's
/// OpSpecConstants given spec_constants' values (SpecId, value bits; the
/// others keep their defaults). On failure returns false and says why in error.
bool spirv_to_spir_bitcode(const void *spirv, size_t size,
                           const std::vector<std::pair<uint32_t, uint64_t>> &spec_constants,
                           std::vector<char> &bitcode, std::string &error);

} // namespace smcp::opencl
