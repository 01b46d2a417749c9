//===- DeviceCodeSplit.h - Which kernels go into which device image -----*- C++ -*-===//
//
// -fsycl-device-code-split: off and auto give one image per device link (all
// kernels), per_source one per translation unit (the kernels its device code
// defines), per_kernel one per kernel. Each image is the whole linked module
// with the other kernels' annotations dropped, so that the device passes make
// kernels of its own alone and prune what none of them reaches.
//
//===----------------------------------------------------------------------===//
#ifndef SMCP_TOOLS_POSTLINK_DEVICECODESPLIT_H
#define SMCP_TOOLS_POSTLINK_DEVICECODESPLIT_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace smcp {

enum class SplitMode { Off, PerSource, PerKernel };

/// The mode a -fsycl-device-code-split value names ("off", "auto",
/// "per_source", "per_kernel"); nothing for another value.
std::optional<SplitMode> parseSplitMode(llvm::StringRef Value);

/// The names of the kernels a device module (one TU's, or linked) defines,
/// read from the plugin's kernel annotations, which stay.
std::vector<std::string> kernelNames(const llvm::Module &M);

/// The kernels of each image, given the kernels each input defines: one set
/// per image, none empty; a kernel defined by several inputs (an inline
/// function's) belongs to the first. Off: a single group of every kernel.
std::vector<std::set<std::string>>
splitKernels(SplitMode Mode, const std::vector<std::vector<std::string>> &PerInput);

/// Drops the annotations of the kernels not in Keep, and every other
/// annotation of their entries: the device passes then make no kernel of
/// them, and prune their code unless a kept kernel reaches it.
void keepOnlyKernels(llvm::Module &M, const std::set<std::string> &Keep);

} // namespace smcp

#endif
