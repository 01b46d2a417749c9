// device_globals.cpp - device_global instances and their registration.
#include "device_globals.h"

#include "device_impl.h"
#include "error.h"
#include "image_registry.h"
#include "trace.h"

#include <algorithm>
#include <cstdio>

namespace sycl::detail {

device_global_registry &device_global_registry::get() {
  static device_global_registry *r = new device_global_registry; // outlives static destructors
  return *r;
}

void device_global_registry::add(const void *host, const char *id) {
  std::lock_guard<std::mutex> lock(_mutex);
  _ids.emplace(host, id);
  _changes.fetch_add(1, std::memory_order_release);
}

void device_global_registry::remove(const void *host, const char *id) {
  std::lock_guard<std::mutex> lock(_mutex);
  auto [first, last] = _ids.equal_range(host);
  for (auto it = first; it != last; ++it)
    if (it->second == id) {
      _ids.erase(it);
      _changes.fetch_add(1, std::memory_order_release);
      return;
    }
}

std::string device_global_registry::id_of(const void *host) const {
  std::lock_guard<std::mutex> lock(_mutex);
  auto it = _ids.find(host);
  return it == _ids.end() ? std::string() : it->second;
}

device_global_instances::~device_global_instances() {
  for (auto &[device, state] : _devices) {
    for (auto &[id, ptr] : state.instances)
      _adapter.try_call("usm_free", _adapter.table().usm_free, _context, SMCP_USM_DEVICE, ptr);
    if (state.init_queue)
      _adapter.try_call("queue_release", _adapter.table().queue_release, state.init_queue);
  }
}

void *device_global_instances::get(const device_impl &device, const device_global_key &key) {
  std::lock_guard<std::mutex> lock(_mutex);
  device_state &state = _devices[&device];
  auto it = state.instances.find(key.id);
  if (it != state.instances.end())
    return it->second;
  void *ptr = create(device, state, key);
  state.instances.emplace(key.id, ptr);
  return ptr;
}

void *device_global_instances::cached_copy_target(const device_impl &device, const void *host,
                                                  size_t size, bool image_scope,
                                                  std::pair<uint64_t, uint64_t> version) const {
  std::lock_guard<std::mutex> lock(_mutex);
  auto state = _devices.find(&device);
  if (state == _devices.end())
    return nullptr;
  auto it = state->second.copy_targets.find(host);
  if (it == state->second.copy_targets.end())
    return nullptr;
  const copy_target &t = it->second;
  return t.size == size && t.image_scope == image_scope && t.version == version ? t.instance
                                                                                 : nullptr;
}

void device_global_instances::remember_copy_target(const device_impl &device, const void *host,
                                                   copy_target target) {
  std::lock_guard<std::mutex> lock(_mutex);
  _devices[&device].copy_targets[host] = target;
}

size_t device_global_instances::size() const {
  std::lock_guard<std::mutex> lock(_mutex);
  size_t n = 0;
  for (const auto &[device, state] : _devices)
    n += state.instances.size();
  return n;
}

void device_global_instances::blocking_copy(const device_impl &device, device_state &state,
                                            void *dst, const void *src, size_t size) {
  if (!state.init_queue)
    SMCP_ADAPTER_CALL(_adapter, queue_create, _context, device.handle(), 0u, &state.init_queue);
  smcp_event done = nullptr;
  SMCP_ADAPTER_CALL(_adapter, enqueue_memcpy, state.init_queue, dst, src, size, 0u,
                    static_cast<const smcp_event *>(nullptr), SMCP_EVENT_FOR_HOST, &done);
  smcp_result r = _adapter.try_call("event_wait", _adapter.table().event_wait, 1u, &done);
  _adapter.try_call("event_release", _adapter.table().event_release, done);
  _adapter.check("event_wait", r);
}

void device_global_instances::read(const device_impl &device, const void *instance, void *dst,
                                   size_t size) {
  std::lock_guard<std::mutex> lock(_mutex);
  blocking_copy(device, _devices[&device], dst, instance, size);
}

void *device_global_instances::create(const device_impl &device, device_state &state,
                                      const device_global_key &key) {
  void *ptr = nullptr;
  SMCP_ADAPTER_CALL(_adapter, usm_alloc, _context, device.handle(), SMCP_USM_DEVICE, key.size,
                    size_t(64), &ptr);
  try {
    std::vector<uint8_t> zeros; // an image's all-zero initial value, made now that it fits
    if (!key.init)
      zeros.assign(key.size, 0);
    blocking_copy(device, state, ptr, key.init ? key.init : zeros.data(), key.size);
  } catch (...) {
    _adapter.try_call("usm_free", _adapter.table().usm_free, _context, SMCP_USM_DEVICE, ptr);
    throw;
  }
  smcp::rt::trace("device_global %s: %zu-byte instance at %p", key.id.c_str(), key.size, ptr);
  return ptr;
}

namespace {

/// A described variable's initial value for an instance; null: all zeros.
const uint8_t *initial_value(const smcp::fatbin::DeviceGlobalDesc &g) {
  return g.Init.empty() ? nullptr : g.Init.data();
}

const smcp::fatbin::DeviceGlobalDesc *find_desc(const registered_image &image,
                                                const std::string &id) {
  for (const auto &g : image.device_globals.Globals)
    if (g.Id == id)
      return &g;
  return nullptr;
}

bool image_uses(const registered_image &image, const std::string &id) {
  for (const auto &k : image.device_globals.Kernels)
    if (std::find(k.Ids.begin(), k.Ids.end(), id) != k.Ids.end())
      return true;
  return false;
}

/// device_image_scope promises that the kernels using the variable are all
/// in one image; kernels of two images (an executable's and a library's)
/// break it, and the extension requires a diagnostic.
void check_image_scope(const std::string &id, const registered_image &image,
                       const device_impl &device) {
  for (const auto &other : image_registry::get().images_for(device))
    if (other.get() != &image && image_uses(*other, id))
      smcp::rt::throw_error(errc::invalid,
                            "device_global '" + id +
                                "' has device_image_scope, but kernels of two device images "
                                "use it (an executable's and a shared library's?)");
}

/// The instance behind a copy's host object, with the checks of DG-12.
void *resolve_for_copy(device_global_instances &instances, const device_impl &device,
                       const void *host, size_t size, bool image_scope) {
  std::string id = device_global_registry::get().id_of(host);
  std::vector<std::shared_ptr<const registered_image>> holders;
  if (!id.empty())
    for (auto &img : image_registry::get().images_for(device))
      if (find_desc(*img, id))
        holders.push_back(img);
  if (image_scope) {
    // The extension's rules for device_image_scope variables (DG-12).
    if (holders.size() > 1)
      smcp::rt::throw_error(errc::invalid, "device_global '" + id +
                                               "' has device_image_scope but is in " +
                                               std::to_string(holders.size()) +
                                               " device images for this device");
    if (holders.empty() || !image_uses(*holders.front(), id))
      smcp::rt::throw_error(errc::kernel_not_supported,
                            "a device_global with device_image_scope can be copied only when a "
                            "kernel of its device image uses it, and none does");
  }
  if (holders.empty()) { // no kernel anywhere uses it: the host object holds the initial value
    char key[40];
    std::snprintf(key, sizeof key, "host:%p", host);
    return instances.get(device, {key, size, static_cast<const uint8_t *>(host)});
  }
  const auto *g = find_desc(*holders.front(), id);
  if (g->Size != size)
    smcp::rt::throw_error(errc::invalid, "device_global '" + id + "' is " +
                                             std::to_string(g->Size) +
                                             " bytes in device code but " +
                                             std::to_string(size) + " on the host");
  return instances.get(device, {id, size, initial_value(*g)});
}

} // namespace

void *device_global_for_kernel(device_global_instances &instances, const device_impl &device,
                               const registered_image &image, const std::string &id) {
  const auto *g = find_desc(image, id);
  if (!g) // registration checked every kernel's ids: only a payload from elsewhere gets here
    smcp::rt::throw_error(errc::kernel_argument,
                          "device_global '" + id + "' is not described by its kernel's image");
  if (g->ImageScope)
    check_image_scope(id, image, device);
  return instances.get(device, {id, size_t(g->Size), initial_value(*g)});
}

void *device_global_for_copy(device_global_instances &instances, const device_impl &device,
                             const void *host, size_t size, bool image_scope) {
  std::pair<uint64_t, uint64_t> version{image_registry::get().changes(),
                                        device_global_registry::get().changes()};
  if (void *cached = instances.cached_copy_target(device, host, size, image_scope, version))
    return cached;
  void *instance = resolve_for_copy(instances, device, host, size, image_scope);
  instances.remember_copy_target(device, host, {instance, size, image_scope, version});
  return instance;
}

} // namespace sycl::detail

// Called by the constructors and destructors of linked executables and
// libraries (tools/wrapper): a table of { host address, unique id }.
namespace {
struct registration {
  const void *host;
  const char *id;
};
} // namespace

extern "C" __attribute__((visibility("default"))) void
__smcp_register_device_globals(const void *table, size_t count) {
  try {
    auto *entries = static_cast<const registration *>(table);
    for (size_t i = 0; i < count; ++i)
      if (entries[i].host) // null: the host program has no such symbol
        sycl::detail::device_global_registry::get().add(entries[i].host, entries[i].id);
  } catch (...) {
    // Out of memory in a static constructor: copies then use the host object's bytes.
  }
}

extern "C" __attribute__((visibility("default"))) void
__smcp_unregister_device_globals(const void *table, size_t count) {
  auto *entries = static_cast<const registration *>(table);
  for (size_t i = 0; i < count; ++i)
    if (entries[i].host)
      sycl::detail::device_global_registry::get().remove(entries[i].host, entries[i].id);
}
