// persistent_programs.cpp - programs loaded from and stored into the on-disk
// program cache (persistent_programs.h).
#include "persistent_programs.h"

#include "device_impl.h"
#include "trace.h"

namespace sycl::detail {
namespace {

/// The device's part of the key; false when the device does not say.
bool add_device(smcp::rt::cache_key_builder &key, const device_impl &device) {
  try {
    key.add(device.name())
        .add(device.info_string(SMCP_DEVICE_INFO_VENDOR))
        .add(device.info_string(SMCP_DEVICE_INFO_VERSION))
        .add(device.info_string(SMCP_DEVICE_INFO_DRIVER_VERSION));
    return true;
  } catch (const sycl::exception &) {
    return false; // an unknown driver version could hand back a stale binary
  }
}

} // namespace

persistent_program::persistent_program(const smcp::rt::disk_cache &cache,
                                       const smcp::rt::adapter &a, const device_impl &device,
                                       const registered_image &image,
                                       const std::vector<smcp_spec_constant> &constants,
                                       const std::string &options)
    : _cache(cache), _adapter(a), _device(device), _image(image), _options(options) {
  const smcp_adapter_table &t = a.table();
  if (!cache.enabled() || !t.program_get_binary || !t.program_create_from_binary)
    return;
  smcp::rt::cache_key_builder key;
  key.add(std::string("smcp program"))
      .add(std::string(a.name()))
      .add_u64(uint64_t(t.backend))
      .add_u64(t.abi_version);
  if (!add_device(key, device))
    return;
  key.add_u64(uint64_t(image.image.Format)).add(image.image.Bytes.data(), image.image.Bytes.size());
  key.add_u64(constants.size());
  for (const smcp_spec_constant &c : constants)
    key.add_u64(c.spec_id).add(c.value, c.size);
  key.add(options);
  _key = key.digest();
  _enabled = true;
}

smcp_program persistent_program::load(smcp_context context) const {
  if (!_enabled)
    return nullptr;
  auto binary = _cache.load(_key);
  if (!binary)
    return nullptr;
  smcp_program program = nullptr;
  smcp_result r = _adapter.try_call("program_create_from_binary",
                                    _adapter.table().program_create_from_binary, context,
                                    _device.handle(), binary->data(), binary->size(),
                                    _options.c_str(), &program);
  if (r != SMCP_SUCCESS) {
    smcp::rt::trace("program cache: the backend refused the entry %s (%s); rebuilding",
                    _cache.path_of(_key).c_str(),
                    _adapter.describe_last_error("program_create_from_binary", r).c_str());
    _cache.remove(_key);
    return nullptr;
  }
  smcp::rt::trace("image %llu for %s: loaded from cache %s (%zu bytes)",
                  (unsigned long long)_image.id, _device.name().c_str(),
                  _cache.path_of(_key).c_str(), binary->size());
  return program;
}

void persistent_program::store(smcp_program program) const {
  if (!_enabled)
    return;
  const auto &get = _adapter.table().program_get_binary;
  size_t size = 0;
  smcp_result r = _adapter.try_call("program_get_binary", get, program, 0, nullptr, &size);
  std::vector<char> binary(size);
  if (r == SMCP_SUCCESS && size > 0)
    r = _adapter.try_call("program_get_binary", get, program, size, binary.data(), &size);
  if (r != SMCP_SUCCESS || size == 0 || size > binary.size()) {
    smcp::rt::trace("image %llu for %s: not cached (%s)", (unsigned long long)_image.id,
                    _device.name().c_str(),
                    r == SMCP_SUCCESS ? "an empty binary"
                                      : _adapter.describe_last_error("program_get_binary", r).c_str());
    return;
  }
  _cache.store(_key, binary.data(), size);
}

} // namespace sycl::detail
