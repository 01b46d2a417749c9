// The property set of each kernel's implicit arguments (the kernel ABI's
// {kind, payload} list, include/sycl/detail/abi/kernel_abi.h), shared by
// smcp-post-link (writes it) and libsycl (reads it, binds each argument by
// its kind: runtime/core/implicit_args.h); smcp-dump prints it like every set.
//
// Set ImplicitArgsSet, one property per kernel that has any, in parameter
// order: list(list(u32 kind, string payload)...)
#pragma once

#include "fatbin.h"

#include <sycl/detail/abi/kernel_abi.h>

#include <string>
#include <vector>

namespace smcp::fatbin {

constexpr const char *ImplicitArgsSet = "smcp.implicit_args";

struct ImplicitArg {
  abi::implicit_arg_kind Kind;
  std::string Payload; // device_global: its unique id
};

struct KernelImplicitArgs {
  std::string Kernel;
  std::vector<ImplicitArg> Args;
};

PropertySet encodeImplicitArgs(const std::vector<KernelImplicitArgs> &Kernels);

/// Every kernel's list (none when the set is absent). False, with Error
/// naming the set and the kernel, on a malformed entry or an unknown kind.
bool decodeImplicitArgs(const DeviceImage &Image, std::vector<KernelImplicitArgs> &Out,
                        std::string &Error);

} // namespace smcp::fatbin
