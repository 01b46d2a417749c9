// The property sets of each kernel's arguments (the kernel ABI of
// include/sycl/detail/abi/kernel_abi.h), shared by smcp-post-link (writes
// them) and libsycl (reads them: sets the parameters from the functor's
// bytes, runtime/core/queue_impl.cpp, and binds each implicit argument by its
// kind, runtime/core/implicit_args.h); smcp-dump prints them like every set.
//
// Set KernelParamsSet, one property per kernel: string, the kernel's
// annotation (abi::encode_kernel_annotation: name, functor size, parameters).
// Set ImplicitArgsSet, one property per kernel that has any, in parameter
// order: list(list(u32 kind, string payload)...)
#pragma once

#include "fatbin.h"

#include <sycl/detail/abi/kernel_abi.h>

#include <string>
#include <vector>

namespace smcp::fatbin {

constexpr const char *KernelParamsSet = "smcp.kernel_params";
constexpr const char *ImplicitArgsSet = "smcp.implicit_args";

PropertySet encodeKernelParams(const std::vector<abi::kernel_annotation> &Kernels);

/// Kernel's parameter list. False, with Error naming the set and the
/// kernel, when the image has none for it or its property is malformed.
bool decodeKernelParams(const DeviceImage &Image, const std::string &Kernel,
                        abi::kernel_annotation &Out, std::string &Error);

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
