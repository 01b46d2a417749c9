// kernel_bundle_impl.h - a kernel bundle: kernels (by name) of the
// registered device images, for some devices of a context, in one state,
// with the specialization-constant values set on it (SYCL 2020 4.11).
//
// Bundles are immutable once made, except for the values of an input
// bundle: compile/build/link/join copy them, which freezes the values.
// Programs themselves live in the context's program cache, keyed on the
// values, so an executable bundle and a plain launch with the same values
// share one build.
#pragma once

#include "spec_constants.h"

#include <memory>
#include <string>
#include <vector>

namespace sycl::detail {

class context_impl;
class device_impl;
struct registered_image;

class kernel_bundle_impl {
public:
  std::shared_ptr<context_impl> context;
  std::vector<std::shared_ptr<device_impl>> devices;
  std::vector<std::string> kernels; // sorted, unique
  int state = 0;                    // sycl::bundle_state
  spec_value_map spec_values;

  bool has_kernel(const std::string &name) const;
  bool has_device(const device_impl &device) const;
  /// The images holding this bundle's kernels that device loads.
  std::vector<std::shared_ptr<const registered_image>> images(const device_impl &device) const;
  /// A spec constant's descriptor in one of the bundle's images, if any.
  const smcp::fatbin::SpecConstantDesc *find_spec_constant(const std::string &id) const;
};

/// One image of a bundle (sycl::device_image): the registered image and the
/// bundle's devices that load it.
struct device_image_impl {
  std::shared_ptr<const registered_image> image;
  std::shared_ptr<const kernel_bundle_impl> bundle;
  std::vector<std::shared_ptr<device_impl>> devices;
};

/// What a launch with a bound bundle checks (4.9.4.4): the kernel and the
/// queue's device must be in it, else errc::kernel_not_supported.
void check_bundle_launch(const kernel_bundle_impl &bundle, const std::string &kernel,
                         const device_impl &device);

} // namespace sycl::detail
