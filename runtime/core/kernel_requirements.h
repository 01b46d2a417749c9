// kernel_requirements.h - the optional device features a kernel uses (the
// aspects, and a work-group size required with [[sycl::reqd_work_group_size]]),
// as smcp-post-link records them in its image (fatbin/kernel_requirements.h,
// device-passes/KernelRequirements.cpp), and the check SYCL 2020 §5.7 asks
// for: submitting such a kernel to a device without the feature raises
// errc::kernel_not_supported, before anything is built.
#pragma once

#include "../fatbin/kernel_requirements.h"

#include <cstdint>
#include <string>

namespace sycl::detail {

class device_impl;

/// Why `device` cannot run `kernel` ("uses double-precision floating point
/// (aspect::fp64), which device 'X' does not support", "requires the
/// work-group size {8192} ..."), or "" when it can.
std::string unmet_requirement(const smcp::fatbin::DeviceImage &image, const std::string &kernel,
                              const device_impl &device);

/// Whether `device` has every aspect `kernel` uses and can run work-groups of
/// the size it requires (kernel bundles leave out, and do not build, the
/// kernels a device cannot run; is_compatible is false for them).
bool kernel_runs_on(const smcp::fatbin::DeviceImage &image, const std::string &kernel,
                    const device_impl &device);

/// Throws errc::kernel_not_supported naming the kernel, the feature and the
/// device when `kernel` needs an aspect `device` lacks, or a work-group size
/// larger than the device runs.
void check_kernel_requirements(const smcp::fatbin::DeviceImage &image, const std::string &kernel,
                          const device_impl &device);

/// A kernel's [[sycl::reqd_work_group_size]] (SYCL dimension order), decoded
/// from its image once per kernel rather than at every launch.
struct required_work_group {
  unsigned dims = 0; // 0: the kernel requires none
  uint32_t size[3] = {};
};
/// Throws errc::kernel naming the kernel when the image's property is broken.
required_work_group required_work_group_of(const smcp::fatbin::DeviceImage &image,
                                           const std::string &kernel);

/// The KernelVariant bits of the versions of `kernel` its image also holds
/// (runtime/fatbin/kernel_requirements.h). Throws errc::kernel naming the
/// kernel when the image's property is broken.
uint32_t kernel_variants_of(const smcp::fatbin::DeviceImage &image, const std::string &kernel);

/// [[sycl::reqd_work_group_size]] (SYCL 2020 §5.8.1): a launch with a local
/// size (SYCL dimension order) must use the kernel's, or errc::nd_range
/// names the kernel and both sizes; a launch without one (parallel_for over
/// a range) gets the kernel's, when it divides the global range.
void apply_reqd_work_group_size(const required_work_group &reqd, const char *kernel,
                                unsigned dims, const size_t global[3], size_t local[3]);

} // namespace sycl::detail
