// persistent_programs.h - a program's place in the on-disk program cache
// (disk_cache.h): its key, and loading and storing its native binary.
//
// The key is a hash over everything the backend's binary depends on: the
// image's bytes and format, the specialization-constant values, the build
// options, the device (name, vendor, version), its driver's version and the
// adapter (name, backend, ABI version). A program whose binary cannot be
// had (the adapter lacks the entries or says "unsupported", as CUDA's does)
// is simply not cached.
#pragma once

#include "adapter.h"
#include "cache_entry.h"
#include "disk_cache.h"
#include "image_registry.h"

#include <string>
#include <vector>

namespace sycl::detail {

class device_impl;

class persistent_program {
public:
  persistent_program(const smcp::rt::disk_cache &cache, const smcp::rt::adapter &a,
                     const device_impl &device, const registered_image &image,
                     const std::vector<smcp_spec_constant> &constants, const std::string &options);

  /// Whether this program can be cached at all.
  bool enabled() const { return _enabled; }
  /// The program made from its cache entry, or null (no usable entry, or the
  /// backend refused it: traced, and the entry dropped).
  smcp_program load(smcp_context context) const;
  /// Stores the built program's native binary (best effort, traced).
  void store(smcp_program program) const;

private:
  const smcp::rt::disk_cache &_cache;
  const smcp::rt::adapter &_adapter;
  const device_impl &_device;
  const registered_image &_image;
  std::string _options;
  bool _enabled = false;
  smcp::rt::cache_digest _key;
};

} // namespace sycl::detail
