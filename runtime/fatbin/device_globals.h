// The image properties that describe device_global variables, shared by
// smcp-post-link (writes them), smcp-wrap (registers the variables' host
// addresses), smcp-dump (prints them) and libsycl (reads them).
//
// Both are text, one line per entry:
//   "smcp.device_globals":        <id> <size> <image_scope 0|1> <initial bytes, hex>
//                                 (or "z" for all zeros: large arrays stay small)
//   "smcp.kernel_device_globals": <kernel> <id>...
// A kernel's ids are its trailing parameters, in order: the runtime passes
// each the address of that variable's (device, context) instance.
#pragma once

#include "fatbin.h"

#include <cstdint>
#include <string>
#include <vector>

namespace smcp::fatbin {

constexpr const char *DeviceGlobalsProperty = "smcp.device_globals";
constexpr const char *KernelDeviceGlobalsProperty = "smcp.kernel_device_globals";

struct DeviceGlobalDesc {
  std::string Id;
  uint64_t Size = 0;
  bool ImageScope = false;
  std::vector<uint8_t> Init; // Size bytes
};

struct KernelDeviceGlobals {
  std::string Kernel;
  std::vector<std::string> Ids;
};

struct ImageDeviceGlobals {
  std::vector<DeviceGlobalDesc> Globals;
  std::vector<KernelDeviceGlobals> Kernels;
};

Property encodeDeviceGlobals(const std::vector<DeviceGlobalDesc> &Globals);
Property encodeKernelDeviceGlobals(const std::vector<KernelDeviceGlobals> &Kernels);

/// Reads both properties of an image (absent ones are empty). False, with
/// Error saying why, when one is malformed or a kernel names an unknown id.
bool decodeDeviceGlobals(const DeviceImage &Image, ImageDeviceGlobals &Out, std::string &Error);

} // namespace smcp::fatbin
