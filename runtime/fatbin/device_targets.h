// device_targets.h - the device targets of -fsycl-targets: the one table that
// the driver (which compiles for them), the device link (which emits their
// images, tools/post-link/DeviceTarget.h) and the runtime's messages share.
#pragma once

#include "fatbin.h"

#include <string_view>

namespace smcp::fatbin {

struct DeviceTargetName {
  std::string_view Name;        // in -fsycl-targets and in images: "spir64"
  std::string_view Triple;      // of the target's device compile
  ImageFormat Format;           // of its images
  std::string_view ImageSuffix; // what -save-temps calls its image
};

/// Every target, in the order -fsycl-targets lists them by default.
inline constexpr DeviceTargetName DeviceTargets[] = {
    {"spir64", "spir64-unknown-unknown", ImageFormat::SPIRV, ".spv"},
    {"nvptx64", "nvptx64-nvidia-cuda", ImageFormat::PTX, ".ptx"},
};

/// The target named Name or its triple, or null.
inline const DeviceTargetName *findDeviceTarget(std::string_view NameOrTriple) {
  for (const DeviceTargetName &T : DeviceTargets)
    if (T.Name == NameOrTriple || T.Triple == NameOrTriple)
      return &T;
  return nullptr;
}

} // namespace smcp::fatbin
