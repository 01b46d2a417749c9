// image_registry.cpp - registered device images and kernel lookup; also the
// two C entry points the image wrapper's constructor and destructor call.
#include "image_registry.h"

#include "device_impl.h"
#include "device_filter.h"
#include "../fatbin/launch_constants.h"
#include "error.h"
#include "kernel_requirements.h"
#include "trace.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace sycl::detail {
namespace {

bool device_loads(const device_impl &device, smcp::fatbin::ImageFormat format) {
  return device.image_formats() & (1u << static_cast<uint32_t>(format));
}

std::string join(const std::set<std::string> &items, const char *separator = ", ") {
  std::string text;
  for (const auto &item : items)
    text += (text.empty() ? "" : separator) + item;
  return text;
}

std::string pointer_text(const void *p) {
  char text[32];
  std::snprintf(text, sizeof(text), "%p", p);
  return text;
}

bool has_kernel(const smcp::fatbin::DeviceImage &img, const std::string &name) {
  return std::find(img.Kernels.begin(), img.Kernels.end(), name) != img.Kernels.end();
}

/// Checked once here, so that a malformed set is an error at lookup, not a
/// surprise at launch.
bool kernel_requirements_readable(const smcp::fatbin::DeviceImage &img, std::string &error) {
  uint32_t aspects, variants;
  std::vector<uint32_t> work_group_size;
  std::vector<smcp::fatbin::LaunchConstant> launch_constants;
  for (const std::string &kernel : img.Kernels)
    if (!smcp::fatbin::decodeKernelRequirements(img, kernel, aspects, error) ||
        !smcp::fatbin::decodeKernelWorkGroupSize(img, kernel, work_group_size, error) ||
        !smcp::fatbin::decodeKernelVariants(img, kernel, variants, error) ||
        !smcp::fatbin::decodeLaunchConstants(img, kernel, launch_constants, error))
      return false;
  return true;
}

} // namespace

image_registry &image_registry::get() {
  // Leaked on purpose: images are unregistered from static destructors, which
  // may run after this registry's would.
  static image_registry *registry = new image_registry();
  return *registry;
}

void image_registry::add(const unsigned char *data, size_t size) {
  blob b{data, {}, {}};
  std::vector<smcp::fatbin::DeviceImage> images;
  if (!smcp::fatbin::parseFatBinary(data, size, images, b.error)) {
    smcp::rt::trace("device image blob %p (%zu bytes) is broken: %s", (const void *)data, size,
                    b.error.c_str());
  }
  std::lock_guard<std::mutex> lock(_mutex);
  for (size_t i = 0; i < images.size(); ++i) {
    auto &img = images[i];
    smcp::rt::trace("registered %s image for %s with %zu kernel(s) from blob %p",
                    smcp::fatbin::formatName(img.Format), img.Target.c_str(),
                    img.Kernels.size(), (const void *)data);
    smcp::fatbin::ImageDeviceGlobals globals;
    std::vector<smcp::fatbin::KernelImplicitArgs> implicit_args;
    std::string error;
    if (!smcp::fatbin::decodeDeviceGlobals(img, globals, error) ||
        !smcp::fatbin::decodeImplicitArgs(img, implicit_args, error) ||
        !kernel_requirements_readable(img, error)) {
      // Kept out: a lookup of its kernels reports this instead of launching.
      b.error = smcp::fatbin::imageLabel(i, img) + ": " + error;
      smcp::rt::trace("%s", b.error.c_str());
      continue;
    }
    auto spec_constants = image_spec_constants::parse(img);
    if (!spec_constants.error.empty())
      spec_constants.error = smcp::fatbin::imageLabel(i, img) + ": " + spec_constants.error;
    b.images.push_back(std::make_shared<const registered_image>(registered_image{
        _next_id++, std::move(img), std::move(spec_constants), std::move(globals),
        std::move(implicit_args)}));
  }
  _blobs.push_back(std::move(b));
  _changes.fetch_add(1, std::memory_order_release);
}

void image_registry::remove(const unsigned char *data) {
  std::lock_guard<std::mutex> lock(_mutex);
  _blobs.erase(std::remove_if(_blobs.begin(), _blobs.end(),
                              [&](const blob &b) { return b.key == data; }),
               _blobs.end());
  _changes.fetch_add(1, std::memory_order_release);
  smcp::rt::trace("unregistered device image blob %p", (const void *)data);
}

std::shared_ptr<const registered_image>
image_registry::find_kernel(const std::string &name, const device_impl &device) const {
  {
    std::lock_guard<std::mutex> lock(_mutex);
    for (const auto &b : _blobs)
      for (const auto &img : b.images)
        if (device_loads(device, img->image.Format) && has_kernel(img->image, name))
          return img;
  }
  // kernel_not_supported, not build: no image is compatible with the device
  // (SYCL 2020 is_compatible), so nothing was built; errc::build is for an
  // online compile of an image that fails.
  smcp::rt::throw_error(errc::kernel_not_supported, explain_missing(name, device));
}

std::vector<std::string> image_registry::kernel_names() const {
  std::lock_guard<std::mutex> lock(_mutex);
  std::vector<std::string> names;
  for (const auto &b : _blobs)
    for (const auto &img : b.images)
      names.insert(names.end(), img->image.Kernels.begin(), img->image.Kernels.end());
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

std::vector<std::shared_ptr<const registered_image>>
image_registry::images_for(const device_impl &device) const {
  std::lock_guard<std::mutex> lock(_mutex);
  std::vector<std::shared_ptr<const registered_image>> result;
  for (const auto &b : _blobs)
    for (const auto &img : b.images)
      if (device_loads(device, img->image.Format))
        result.push_back(img);
  return result;
}

std::string image_registry::explain_missing(const std::string &name,
                                            const device_impl &device) const {
  std::lock_guard<std::mutex> lock(_mutex);
  size_t count = 0;
  bool elsewhere = false; // the kernel is in images of formats device cannot load
  std::string broken;
  for (const auto &b : _blobs) {
    if (!b.error.empty())
      broken += "; device image blob at " + pointer_text(b.key) +
                " could not be read: " + b.error;
    for (const auto &img : b.images) {
      ++count;
      elsewhere = elsewhere || has_kernel(img->image, name);
    }
  }
  if (elsewhere)
    return "kernel '" + name + "' cannot run on device '" + device.name() + "' (" +
           smcp::rt::backend_selector_name(device.adapter().table().backend) + "): " +
           explain_targets_locked(name, device) + broken;
  if (count == 0 && broken.empty())
    return "kernel '" + name + "' was not found in any device image: no device images are "
           "registered (was the program linked with syclcc?)";
  return "kernel '" + name + "' was not found in any device image (" + std::to_string(count) +
         " image(s) registered)" + broken;
}

std::string image_registry::explain_targets_locked(const std::string &name,
                                                   const device_impl &device) const {
  // The targets of the kernel's images; the fix keeps every target the
  // program was built for and adds the device's.
  std::set<std::string> targets;
  std::set<std::string> options;
  for (const auto &b : _blobs)
    for (const auto &img : b.images) {
      if (has_kernel(img->image, name))
        targets.insert(img->image.Target + " (" +
                       smcp::fatbin::formatName(img->image.Format) + ")");
      options.insert(smcp::fatbin::targetOptionFor(img->image.Format));
    }
  std::string loads;
  for (auto format : {smcp::fatbin::ImageFormat::SPIRV, smcp::fatbin::ImageFormat::PTX})
    if (device_loads(device, format)) {
      loads += std::string(loads.empty() ? "" : ", ") + smcp::fatbin::formatName(format);
      options.insert(smcp::fatbin::targetOptionFor(format));
    }
  if (loads.empty())
    return "the program has device images of it for " + join(targets) +
           " only, and the device loads none of the formats SMCP produces";
  return "the program has device images of it for " + join(targets) +
         " only, and the device loads " +
         loads + "; compile and link the program with -fsycl-targets=" + join(options, ",") +
         " to run it on this device";
}

} // namespace sycl::detail

extern "C" __attribute__((visibility("default"))) void
__smcp_register_images(const unsigned char *blob, size_t size) {
  // Called from a static constructor: nothing may escape.
  try {
    sycl::detail::image_registry::get().add(blob, size);
  } catch (...) {
    // Only allocation failure gets here; a kernel lookup then reports the kernel missing.
  }
}

extern "C" __attribute__((visibility("default"))) void
__smcp_unregister_images(const unsigned char *blob) {
  try {
    sycl::detail::image_registry::get().remove(blob);
  } catch (...) {
    // Called from a static destructor: nothing may escape.
  }
}
