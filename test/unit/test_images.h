// test_images.h - device images as smcp-post-link writes them, for the tests
// that register images by hand: every kernel has its parameter list
// (runtime/fatbin/implicit_args.h), without which the runtime refuses to
// launch it.
#pragma once

#include "fatbin.h"
#include "implicit_args.h"

#include <sycl/detail/abi/kernel_abi.h>

#include <algorithm>
#include <cstdint>
#include <vector>

/// The blob of `images`, whose kernels take the parameters `described` gives
/// them (a kernel annotation per kernel name); the others take none and have
/// a 1-byte functor, as an empty lambda. Images that already describe their
/// kernels are left as they are.
inline std::vector<uint8_t>
test_fat_binary(std::vector<smcp::fatbin::DeviceImage> images,
                const std::vector<smcp::abi::kernel_annotation> &described = {}) {
  for (smcp::fatbin::DeviceImage &img : images) {
    if (img.findSet(smcp::fatbin::KernelParamsSet))
      continue;
    std::vector<smcp::abi::kernel_annotation> kernels;
    for (const std::string &name : img.Kernels) {
      auto it = std::find_if(described.begin(), described.end(),
                             [&](const smcp::abi::kernel_annotation &k) { return k.name == name; });
      kernels.push_back(it != described.end() ? *it : smcp::abi::kernel_annotation{name, 1, {}});
    }
    img.PropertySets.push_back(smcp::fatbin::encodeKernelParams(kernels));
  }
  return smcp::fatbin::writeFatBinary(images);
}
