//===- DeviceTarget.h - What the device link does per target ---------------===//
//
// Everything smcp-post-link does differently for one device target: which
// linked modules it takes, the built-in library it links, the passes that
// lower target-neutral device IR for it (after optimisation), the checks
// before emission, and how it emits the image, in which format. The rest of
// the device link (linking TUs, the target-neutral passes, image properties,
// the blob) is shared. A new target is one file defining a DeviceTarget and
// one line in allTargets() and one in fatbin's DeviceTargets table, which
// names it for the driver and the runtime too.
//
//===----------------------------------------------------------------------===//

#pragma once

#include "device_targets.h"

#include "llvm/ADT/Triple.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
class TargetMachine;
}

namespace smcp {

class DeviceTarget {
public:
  /// Names: the target's entry in fatbin::DeviceTargets.
  explicit DeviceTarget(llvm::StringRef Name) : Names(*fatbin::findDeviceTarget(Name)) {}
  virtual ~DeviceTarget() = default;
  /// The target's name in -fsycl-targets and in images ("spir64").
  llvm::StringRef name() const { return {Names.Name.data(), Names.Name.size()}; }
  /// The triple of the target's device compile.
  llvm::StringRef triple() const { return {Names.Triple.data(), Names.Triple.size()}; }
  fatbin::ImageFormat format() const { return Names.Format; }
  /// Whether device bitcode of this triple is this target's.
  virtual bool accepts(const llvm::Triple &T) const = 0;
  /// Links the target's built-in library into M before the pipeline.
  virtual llvm::Error linkBuiltins(llvm::Module &M) const = 0;
  /// The passes lowering target-neutral IR for the target, run after optimisation.
  virtual void addLoweringPasses(llvm::ModulePassManager &MPM) const = 0;
  /// Sets the optimiser's options for the target (LLVM's command-line
  /// options: one target per run of the tool) unless the user set them.
  virtual void tuneOptimizer() const {}
  /// What the emitter cannot take, said clearly before it is asked to.
  virtual llvm::Error check(const llvm::Module &M) const = 0;
  /// The image's bytes.
  virtual llvm::Expected<std::string> emit(llvm::Module &M) const = 0;
  /// LLVM's backend for the target, where it has one: the optimiser tunes
  /// for it. Null for targets emitted by other means (the SPIR-V translator).
  virtual llvm::TargetMachine *targetMachine() const { return nullptr; }

private:
  const fatbin::DeviceTargetName &Names;
};

/// Every target, in the order -fsycl-targets lists them by default.
const std::vector<const DeviceTarget *> &allTargets();
/// The target of device bitcode of this triple, or null.
const DeviceTarget *findTarget(const llvm::Triple &T);

/// The spir64 target (SPIRVTarget.cpp).
const DeviceTarget &spirvTarget();
/// The nvptx64 target (NVPTXTarget.cpp).
const DeviceTarget &nvptxTarget();

} // namespace smcp
