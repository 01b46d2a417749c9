// image_registry.h - the device images registered by linked executables and
// libraries (__smcp_register_images), and kernel lookup by name.
//
// A blob that does not parse is kept with its error, so that a later "kernel
// not found" can say why instead of the process crashing at start-up.
#pragma once

#include "../fatbin/device_globals.h"
#include "../fatbin/fatbin.h"
#include "../fatbin/implicit_args.h"
#include "spec_constants.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace sycl::detail {

class device_impl;

/// One image, shared by the registry and the programs built from it.
struct registered_image {
  uint64_t id; // unique for the process: the program cache's key
  smcp::fatbin::DeviceImage image;
  image_spec_constants spec_constants; // parsed once, from image's properties
  smcp::fatbin::ImageDeviceGlobals device_globals; // likewise
  std::vector<smcp::fatbin::KernelImplicitArgs> implicit_args; // likewise
};

class image_registry {
public:
  static image_registry &get();

  void add(const unsigned char *blob, size_t size);
  void remove(const unsigned char *blob);

  /// The image holding kernel `name` that device can load. Throws
  /// errc::kernel_not_supported naming the kernel and saying why not.
  std::shared_ptr<const registered_image> find_kernel(const std::string &name,
                                                      const device_impl &device) const;

  /// Every registered kernel's name, sorted (get_kernel_ids).
  std::vector<std::string> kernel_names() const;
  /// Bumped by every add and remove: lets callers cache what they derived.
  uint64_t changes() const { return _changes.load(std::memory_order_acquire); }
  /// Every registered image device can load (kernel bundles).
  std::vector<std::shared_ptr<const registered_image>> images_for(const device_impl &device) const;

private:
  struct blob {
    const unsigned char *key;
    std::vector<std::shared_ptr<const registered_image>> images;
    std::string error; // why the blob could not be parsed
  };

  std::string explain_missing(const std::string &name, const device_impl &device) const;
  /// The targets of kernel `name`'s images, the formats device loads and the
  /// -fsycl-targets value that would give it an image; _mutex held.
  std::string explain_targets_locked(const std::string &name, const device_impl &device) const;

  mutable std::mutex _mutex;
  std::vector<blob> _blobs;
  uint64_t _next_id = 1;
  std::atomic<uint64_t> _changes{0};
};

} // namespace sycl::detail
