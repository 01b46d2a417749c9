// The backend symbol of a kernel: the name its function has in a device
// image, and the name the runtime asks a backend for. One rule, shared by
// smcp-post-link (renames the kernel function), libsycl (creates kernels by
// it) and smcp-dump (prints it).
//
// A kernel's variants (kernel_requirements.h) are named after its symbol.
//
// A kernel's name (what kernel_ids, info queries and errors show) can be
// hundreds of bytes long (nested template arguments), and backends use the
// symbol in file names: PoCL aborts past Linux's 255-byte file-name limit.
// Names longer than MaxKernelSymbolLength become "_smcp_k_" followed by the
// 16 hex digits of their 64-bit FNV-1a hash; shorter ones stay as they are.
// No kernel name starts with "_smcp_k_" (they are mangled type names, "_ZTS..."),
// so a short name never collides with a hashed one.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <sycl/detail/abi/hex.h>

namespace smcp::fatbin {

constexpr size_t MaxKernelSymbolLength = 128;
constexpr std::string_view HashedKernelSymbolPrefix = "_smcp_k_";

/// 64-bit FNV-1a of Bytes.
constexpr uint64_t fnv1a64(std::string_view Bytes) {
  uint64_t Hash = 0xcbf29ce484222325ull;
  for (char C : Bytes) {
    Hash ^= uint8_t(C);
    Hash *= 0x100000001b3ull;
  }
  return Hash;
}

/// The backend symbol of the kernel named Name.
inline std::string kernelSymbol(std::string_view Name) {
  if (Name.size() <= MaxKernelSymbolLength)
    return std::string(Name);
  return std::string(HashedKernelSymbolPrefix) + abi::to_hex(fnv1a64(Name), 16);
}

/// The backend symbol of the textured variant of the kernel named Name
/// (KernelVariant, kernel_requirements.h): its symbol and a suffix (a
/// mangled name with the suffix is no valid mangling; smcp-post-link
/// refuses a collision all the same).
constexpr std::string_view TexturedVariantSuffix = "_smcp_textured";
inline std::string texturedVariantSymbol(std::string_view Name) {
  return kernelSymbol(Name) + std::string(TexturedVariantSuffix);
}

} // namespace smcp::fatbin
