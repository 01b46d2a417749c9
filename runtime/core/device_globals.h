// device_globals.h - sycl_ext_oneapi_device_global in the runtime.
//
// A variable is known by its unique id (the device symbol): the images say
// which kernels use which ids (fatbin/device_globals.h: their implicit
// arguments), and the link step
// registers the host address of each id (__smcp_register_device_globals).
// A variable no image describes (no kernel uses it) is known by its host
// address alone; copies to and from it still work.
//
// Each context holds the instances, one per (device, variable), allocated in
// device memory and initialised with the variable's initial value on first
// use, by a kernel launch or a copy. All images and programs share them, so
// values survive specialization-constant changes and kernel bundles.
#pragma once

#include "adapter.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace sycl::detail {

class device_impl;
struct registered_image;

/// What an instance is made from.
struct device_global_key {
  std::string id;            // unique id, or "host:<address>" for an undescribed variable
  size_t size;               // bytes
  const uint8_t *init;       // size bytes of initial value (image or host object); null: zeros
};

/// host address -> unique id, as registered by the linked executables and
/// libraries.
class device_global_registry {
public:
  static device_global_registry &get();
  void add(const void *host, const char *id);
  void remove(const void *host, const char *id);
  /// Empty when no image describes the variable at this address.
  std::string id_of(const void *host) const;
  /// Bumped by every add and remove.
  uint64_t changes() const { return _changes.load(std::memory_order_acquire); }

private:
  std::atomic<uint64_t> _changes{0};
  mutable std::mutex _mutex;
  std::multimap<const void *, std::string> _ids; // a library may register a shared inline variable again
};

/// The instances of one context.
class device_global_instances {
public:
  device_global_instances(const smcp::rt::adapter &a, smcp_context context)
      : _adapter(a), _context(context) {}
  device_global_instances(const device_global_instances &) = delete;
  device_global_instances &operator=(const device_global_instances &) = delete;
  ~device_global_instances();

  /// The device address of the instance, created and initialised on first use.
  void *get(const device_impl &device, const device_global_key &key);
  /// Copies size bytes of an instance on `device` (from get) to host memory
  /// `dst`, waiting for the copy.
  void read(const device_impl &device, const void *instance, void *dst, size_t size);
  /// How many instances exist (tests).
  size_t size() const;

  /// What a copy resolved a host object to, valid while the image and
  /// device_global registries are unchanged (`version`): copies then skip
  /// the registry and image lookups.
  struct copy_target {
    void *instance;
    size_t size;
    bool image_scope;
    std::pair<uint64_t, uint64_t> version;
  };
  void *cached_copy_target(const device_impl &device, const void *host, size_t size,
                           bool image_scope, std::pair<uint64_t, uint64_t> version) const;
  void remember_copy_target(const device_impl &device, const void *host, copy_target target);

private:
  struct device_state {
    smcp_queue init_queue = nullptr; // for initial values; created on first use
    std::map<std::string, void *> instances;
    std::map<const void *, copy_target> copy_targets; // by host object
  };

  void *create(const device_impl &device, device_state &state, const device_global_key &key);
  /// A copy on the device's init queue, waited for.
  void blocking_copy(const device_impl &device, device_state &state, void *dst, const void *src,
                     size_t size);

  const smcp::rt::adapter &_adapter;
  smcp_context _context;
  mutable std::mutex _mutex;
  std::map<const device_impl *, device_state> _devices;
};

/// The instance of variable `id` of `image` for a kernel launch (the
/// binder of implicit arguments of kind device_global, implicit_args.h);
/// checks the device_image_scope rule.
void *device_global_for_kernel(device_global_instances &instances, const device_impl &device,
                               const registered_image &image, const std::string &id);

/// The instance behind the host object of a copy or memcpy; checks the
/// device_image_scope rules (errc::invalid, errc::kernel_not_supported).
void *device_global_for_copy(device_global_instances &instances, const device_impl &device,
                             const void *host, size_t size, bool image_scope);

} // namespace sycl::detail
