// launch_constants.h - the argument words a kernel's program is specialized
// on at launch (fatbin/launch_constants.h, device-passes/LaunchConstants.cpp):
// an image accessor's format and sampler, which select the code path of every
// read. Each launch's words join the specialization values its program is
// built with, so the program cache holds one program per format and sampler
// a kernel is launched with.
#pragma once

#include "../fatbin/launch_constants.h"
#include "spec_constants.h"

#include <sycl/detail/abi/kernel_abi.h>

#include <string>
#include <vector>

namespace sycl::detail {

/// `kernel`'s launch constants, sorted by SpecId, each checked to be a word of
/// one of its by-value parameters `params` and to have a SpecId of its own,
/// above every one of `spec`'s (the image's specialization constants).
/// Throws errc::kernel naming the kernel when the image's property is broken.
std::vector<smcp::fatbin::LaunchConstant>
launch_constants_of(const smcp::fatbin::DeviceImage &image, const image_spec_constants &spec,
                    const std::string &kernel,
                    const std::vector<smcp::abi::kernel_param_desc> &params);

/// `leaves` (sorted by SpecId) with each launch constant's word in this
/// launch's `functor` bytes appended; the constants are launch_constants_of's,
/// so the list stays sorted. A word equal to the not-specialized default is
/// left out: the program built without it reads the argument.
void add_launch_values(const std::vector<smcp::fatbin::LaunchConstant> &constants,
                       const std::vector<smcp::abi::kernel_param_desc> &params,
                       const unsigned char *functor, std::vector<spec_leaf_value> &leaves);

} // namespace sycl::detail
