// kernel_bundle_impl.cpp - kernel bundles over the registered images.
#include "kernel_bundle_impl.h"

#include "device_impl.h"
#include "error.h"
#include "image_registry.h"

#include <algorithm>

namespace sycl::detail {

bool kernel_bundle_impl::has_kernel(const std::string &name) const {
  return std::binary_search(kernels.begin(), kernels.end(), name);
}

bool kernel_bundle_impl::has_device(const device_impl &device) const {
  return std::any_of(devices.begin(), devices.end(),
                     [&](const auto &d) { return d.get() == &device; });
}

std::vector<std::shared_ptr<const registered_image>>
kernel_bundle_impl::images(const device_impl &device) const {
  std::vector<std::shared_ptr<const registered_image>> result;
  for (auto &img : image_registry::get().images_for(device))
    if (std::any_of(img->image.Kernels.begin(), img->image.Kernels.end(),
                    [&](const std::string &k) { return has_kernel(k); }))
      result.push_back(std::move(img));
  return result;
}

const smcp::fatbin::SpecConstantDesc *
kernel_bundle_impl::find_spec_constant(const std::string &id) const {
  for (const auto &device : devices)
    for (const auto &img : images(*device))
      if (const auto *desc = img->spec_constants.find(id))
        return desc;
  return nullptr;
}

void check_bundle_launch(const kernel_bundle_impl &bundle, const std::string &kernel,
                         const device_impl &device) {
  if (!bundle.has_kernel(kernel))
    smcp::rt::throw_error(errc::kernel_not_supported,
                          "kernel '" + kernel + "' is not in the kernel bundle bound with "
                          "use_kernel_bundle");
  if (!bundle.has_device(device))
    smcp::rt::throw_error(errc::kernel_not_supported,
                          "the kernel bundle bound with use_kernel_bundle does not hold device '" +
                              device.name() + "', the queue's device");
}

} // namespace sycl::detail
