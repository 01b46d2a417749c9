// The property sets that describe device_global variables, shared by
// smcp-post-link (writes them), smcp-wrap (registers the variables' host
// addresses) and libsycl (reads them); smcp-dump prints them like every set.
//
//   DeviceGlobalsSet, one property per variable, named by its unique id:
//     list(u64 size, u32 image_scope 0|1, bytes initial value)
//     (empty bytes for all zeros: large arrays stay small)
// Which kernels use which variables is not a set of its own: each use is an
// implicit argument of kind device_global (implicit_args.h), whose payload
// is the id; decodeDeviceGlobals gathers them per kernel.
#pragma once

#include "fatbin.h"

#include <cstdint>
#include <string>
#include <vector>

namespace smcp::fatbin {

constexpr const char *DeviceGlobalsSet = "smcp.device_globals";

struct DeviceGlobalDesc {
  std::string Id;
  uint64_t Size = 0;
  bool ImageScope = false;
  std::vector<uint8_t> Init; // Size bytes, or none: all zeros
};

struct KernelDeviceGlobals {
  std::string Kernel;
  std::vector<std::string> Ids;
};

struct ImageDeviceGlobals {
  std::vector<DeviceGlobalDesc> Globals;
  std::vector<KernelDeviceGlobals> Kernels;
};

PropertySet encodeDeviceGlobals(const std::vector<DeviceGlobalDesc> &Globals);

/// Reads the variables and the kernels' device_global implicit arguments
/// (absent sets are empty). False, with Error naming the set and the
/// property, when one is malformed or a kernel names an unknown id.
bool decodeDeviceGlobals(const DeviceImage &Image, ImageDeviceGlobals &Out, std::string &Error);

} // namespace smcp::fatbin
