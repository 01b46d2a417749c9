//===- DeviceCode.h - Device bitcode in fat objects and archives -----------===//
//
// A fat object carries each target's device bitcode in an excluded section
// named DeviceSection + target, beside its host code. At the link, the
// device code of every object joins the device link; of an archive, only
// the members the host link pulls in, found as the linker finds them: a
// member is pulled when it defines a symbol that is still undefined, until
// nothing changes (archives searched as one group).
//
// The host compile of a TU runs beside its device compiles, so nothing
// checks at compile time that both agree on the kernels; the driver does, on
// the host object's kernel-use records (abi::decode_kernel_uses) against the
// device compile's kernel list, before it writes the object.
//
//===----------------------------------------------------------------------===//

#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace smcp::driver {

inline constexpr llvm::StringLiteral DeviceSection = ".smcp_device_bc.";

/// Target name -> the device bitcode files of the link, in input order.
using DeviceCode = std::map<std::string, std::vector<std::string>>;

/// Reads the device code of Objects and of the members of Archives the
/// link pulls in; writes each piece to a file named by TempFile(index,
/// target).
llvm::Expected<DeviceCode>
collectDeviceCode(const std::vector<std::string> &Objects, const std::vector<std::string> &Archives,
                  const std::function<std::string(size_t, llvm::StringRef)> &TempFile);

/// The section of the host compile's kernel-use records
/// (include/sycl/detail/abi/kernel_abi.h).
llvm::StringRef kernelUsesSection();

/// Checks that every kernel the host object HostObject launches is in the
/// device compile's kernel list KernelList (one kernel annotation per line)
/// with the same functor size; the error names Source, the kernel and the
/// likely cause.
llvm::Error checkKernelUses(const std::string &HostObject, const std::string &KernelList,
                            const std::string &Source);

/// The archive -lName names in Dirs (libName.a), or "" when a shared
/// library comes first there or none is found (shared libraries carry
/// their own images).
std::string findStaticLibrary(llvm::StringRef Name, const std::vector<std::string> &Dirs);

} // namespace smcp::driver
