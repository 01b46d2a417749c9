// texture_cache.h - backend textures for sampled image accessors.
//
// A sampled_image_accessor whose image the device's texture hardware can
// read (a 2-D image of r, rg or rgba channels of a type the texture units
// convert, in memory they can address: runtime/adapters/cuda/texture.cpp)
// gets a backend texture over the image's device memory with each launch,
// in the accessor's second word (abi::sampled_image_handle_offset); the
// kernel then reads through it (include/sycl/image_accessor.hpp). Any other
// image, and any device whose adapter has no textures, gets 0: its texels
// are read in code, as on the host.
#pragma once

#include "../adapters/adapter_abi.h"

#include <sycl/detail/image_layout.hpp>

#include <cstdint>
#include <mutex>
#include <vector>

namespace smcp::rt {
class adapter;
}

namespace sycl::detail {

class device_impl;

/// The texture a sampled accessor of `dims` dimensions over `layout` (its
/// sampler included) at device address `base` would use; false for what the
/// hardware path does not cover (then the kernel reads in code).
bool describe_texture(const image_layout &layout, int dims, void *base, smcp_texture_desc &out);

/// One context's textures: one per (device, memory, layout and sampler),
/// made at the first launch that needs it and kept until that memory is
/// freed (forget) or the context ends. Thread-safe.
class texture_cache {
public:
  texture_cache(const smcp::rt::adapter &adapter, smcp_context context)
      : _adapter(adapter), _context(context) {}
  texture_cache(const texture_cache &) = delete;
  texture_cache &operator=(const texture_cache &) = delete;
  ~texture_cache();

  /// The texture for a sampled accessor's launch on `device`, or 0 where
  /// the kernel is to read the texels in code (a refusal of the adapter is
  /// remembered, traced once, never an error).
  uint64_t texture_for(const device_impl &device, void *base, const image_layout &layout,
                       int dims);
  /// Releases the textures over memory starting at `base`, which is about to
  /// be freed.
  void forget(const void *base);

private:
  struct entry {
    smcp_device device;
    smcp_texture_desc desc;
    uint64_t texture; // 0: the adapter refused it
  };
  void release(const entry &e);

  const smcp::rt::adapter &_adapter;
  smcp_context _context;
  std::mutex _mutex;
  std::vector<entry> _entries;
};

} // namespace sycl::detail
