//===- DeviceTarget.cpp - The device targets smcp-post-link knows ----------===//

#include "DeviceTarget.h"

namespace smcp {

const std::vector<const DeviceTarget *> &allTargets() {
  static const std::vector<const DeviceTarget *> Targets = {&spirvTarget(), &nvptxTarget()};
  return Targets;
}

const DeviceTarget *findTarget(const llvm::Triple &T) {
  for (const DeviceTarget *Target : allTargets())
    if (Target->accepts(T))
      return Target;
  return nullptr;
}

} // namespace smcp
