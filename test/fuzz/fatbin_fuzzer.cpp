// fatbin_fuzzer.cpp - the device-image blob reader, as libsycl runs it on
// every blob a program registers: the blob, then each image's property sets
// (spec constants, device_globals, implicit arguments, kernel requirements).
// A malformed blob must come back as an error that says what is wrong; a
// crash, a leak, an over-large allocation or a hang is a finding.
#include "device_globals.h"
#include "fatbin.h"
#include "implicit_args.h"
#include "kernel_requirements.h"
#include "launch_constants.h"
#include "spec_constants.h"

#include <cstdio>
#include <cstdlib>

using namespace smcp::fatbin;

namespace {

void require_reason(bool ok, const std::string &error, const char *what) {
  if (!ok && error.empty()) {
    std::fprintf(stderr, "%s failed without saying why\n", what);
    std::abort();
  }
}

void decode_image(const DeviceImage &image) {
  std::string error;
  ImageDeviceGlobals globals;
  require_reason(decodeDeviceGlobals(image, globals, error), error, "decodeDeviceGlobals");
  error.clear();
  std::vector<KernelImplicitArgs> implicit;
  require_reason(decodeImplicitArgs(image, implicit, error), error, "decodeImplicitArgs");
  for (const std::string &kernel : image.Kernels) {
    error.clear();
    uint32_t aspects = 0;
    require_reason(decodeKernelRequirements(image, kernel, aspects, error), error,
                   "decodeKernelRequirements");
    error.clear();
    std::vector<uint32_t> size;
    require_reason(decodeKernelWorkGroupSize(image, kernel, size, error), error,
                   "decodeKernelWorkGroupSize");
    error.clear();
    uint32_t variants = 0;
    require_reason(decodeKernelVariants(image, kernel, variants, error), error,
                   "decodeKernelVariants");
    error.clear();
    std::vector<LaunchConstant> constants;
    require_reason(decodeLaunchConstants(image, kernel, constants, error), error,
                   "decodeLaunchConstants");
  }
  if (const PropertySet *set = image.findSet(SpecConstantsSet))
    for (const Property &p : set->Properties) {
      error.clear();
      SpecConstantDesc desc;
      require_reason(decodeSpecConstant(p, desc, error), error, "decodeSpecConstant");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::vector<DeviceImage> images;
  std::string error;
  const bool ok = parseFatBinary(data, size, images, error);
  require_reason(ok, error, "parseFatBinary");
  if (ok)
    for (const DeviceImage &image : images)
      decode_image(image);
  return 0;
}
