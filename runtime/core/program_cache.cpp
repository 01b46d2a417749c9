// program_cache.cpp - build-once program and kernel cache of a context; a
// program built in an earlier run comes from the on-disk cache instead.
#include "program_cache.h"

#include "device_impl.h"
#include "error.h"
#include "exit_drain.h"
#include "kernel_symbol.h"
#include "persistent_programs.h"
#include "trace.h"

namespace sycl::detail {

program_cache::~program_cache() {
  for (auto &[k, entry] : _programs) {
    for (auto &[name, kernel] : entry->kernels)
      if (kernel && kernel->kernel)
        _adapter.try_call("kernel_release", _adapter.table().kernel_release, kernel->kernel);
    if (entry->program)
      _adapter.try_call("program_release", _adapter.table().program_release, entry->program);
  }
}

void program_cache::build(program_entry &entry, const device_impl &device) {
  const auto &img = entry.image->image;
  std::vector<smcp_spec_constant> constants;
  for (const auto &v : entry.spec_values)
    constants.push_back({v.spec_id, uint32_t(v.bytes.size()), v.bytes.data()});
  const std::string options; // no build options yet
  // A native binary from an earlier run saves the backend's build.
  persistent_program stored(smcp::rt::process_disk_cache(), _adapter, device, *entry.image,
                            constants, options);
  smcp_program program = stored.load(_context);
  smcp_result r = SMCP_SUCCESS;
  if (!program) {
    smcp::rt::trace("building image %llu (%zu bytes, %zu specialization constant value(s)) for %s",
                    (unsigned long long)entry.image->id, img.Bytes.size(),
                    entry.spec_values.size(), device.name().c_str());
    r = _adapter.try_call("program_create", _adapter.table().program_create, _context,
                          device.handle(), static_cast<smcp_image_format>(img.Format),
                          img.Bytes.data(), img.Bytes.size(), uint32_t(constants.size()),
                          constants.empty() ? nullptr : constants.data(), options.c_str(),
                          &program);
    if (r == SMCP_SUCCESS)
      stored.store(program);
  }
  program_built();
  std::lock_guard<std::mutex> lock(_mutex);
  ++_builds;
  if (r == SMCP_SUCCESS) {
    entry.program = program;
    entry.state = program_entry::built;
  } else {
    entry.error_code = smcp::rt::errc_for(r);
    entry.error = "building the device image for device '" + device.name() + "' failed: " +
                  _adapter.describe_last_error("program_create", r);
    entry.state = program_entry::failed;
    entry.retry = r == SMCP_ERROR_OUT_OF_MEMORY || r == SMCP_ERROR_DEVICE_LOST;
  }
  _build_done.notify_all();
}

program_cache::program_entry &
program_cache::built_program(const device_impl &device,
                             const std::shared_ptr<const registered_image> &image,
                             const std::vector<spec_leaf_value> &spec_values) {
  std::unique_lock<std::mutex> lock(_mutex);
  key k{&device, image->id, spec_cache_key(spec_values)};
  auto it = _programs.find(k);
  if (it == _programs.end()) {
    auto entry = std::make_unique<program_entry>();
    entry->image = image;
    entry->spec_values = spec_values;
    program_entry &e = *entry;
    _programs.emplace(k, std::move(entry));
    lock.unlock();
    build(e, device);
    lock.lock();
    it = _programs.find(k);
  } else if (it->second->state == program_entry::failed && it->second->retry) {
    // Threads still to see the failure wait for this build's outcome instead.
    program_entry &e = *it->second;
    e.state = program_entry::building;
    lock.unlock();
    build(e, device);
    lock.lock();
  }
  program_entry &e = *it->second;
  _build_done.wait(lock, [&] { return e.state != program_entry::building; });
  if (e.state == program_entry::failed)
    smcp::rt::throw_error(e.error_code, e.error);
  return e;
}

/// The largest work-group `kernel` launches with on `device`; 0 where the
/// adapter does not say.
uint64_t program_cache::work_group_limit(smcp_kernel kernel, const device_impl &device) const {
  uint64_t limit = 0;
  if (!_adapter.table().kernel_get_info ||
      _adapter.try_call("kernel_get_info", _adapter.table().kernel_get_info, kernel,
                        device.handle(), SMCP_KERNEL_INFO_WORK_GROUP_SIZE, sizeof(limit), &limit,
                        nullptr) != SMCP_SUCCESS)
    return 0;
  return limit;
}

program_cache::kernel_ref program_cache::get_kernel(
    const device_impl &device, const std::shared_ptr<const registered_image> &image,
    const std::string &name, const std::vector<spec_leaf_value> &spec_values, bool textured) {
  program_entry &entry = built_program(device, image, spec_values);
  // The image names long kernels by a short symbol (kernel_symbol.h).
  const std::string symbol =
      textured ? smcp::fatbin::texturedVariantSymbol(name) : smcp::fatbin::kernelSymbol(name);
  {
    std::lock_guard<std::mutex> lock(_mutex);
    auto it = entry.kernels.find(symbol);
    if (it != entry.kernels.end() && it->second)
      return {it->second->kernel};
  }
  auto k = std::make_unique<kernel_entry>();
  if (textured)
    k->kernel = usable_variant(device, get_kernel(device, image, name, spec_values).kernel,
                               entry.program, name, symbol);
  std::lock_guard<std::mutex> lock(_mutex);
  auto &slot = entry.kernels[symbol];
  if (slot) { // another thread made it meanwhile
    if (k->kernel)
      _adapter.try_call("kernel_release", _adapter.table().kernel_release, k->kernel);
    return {slot->kernel};
  }
  if (!textured) {
    smcp_result r = _adapter.try_call("kernel_create", _adapter.table().kernel_create,
                                      entry.program, symbol.c_str(), &k->kernel);
    if (r != SMCP_SUCCESS)
      smcp::rt::throw_error(smcp::rt::errc_for(r),
                            "creating the kernel '" + name +
                                "' failed: " + _adapter.describe_last_error("kernel_create", r));
  }
  slot = std::move(k);
  return {slot->kernel};
}

smcp_kernel program_cache::usable_variant(const device_impl &device, smcp_kernel base,
                                          smcp_program program, const std::string &name,
                                          const std::string &symbol) {
  smcp_kernel variant = nullptr;
  const smcp_result r = _adapter.try_call("kernel_create", _adapter.table().kernel_create, program,
                                          symbol.c_str(), &variant);
  if (r != SMCP_SUCCESS) { // the kernel itself serves every launch
    smcp::rt::trace("kernel '%s': its textured variant cannot be made: %s", name.c_str(),
                    _adapter.describe_last_error("kernel_create", r).c_str());
    return nullptr;
  }
  const uint64_t limit = work_group_limit(variant, device);
  const uint64_t base_limit = work_group_limit(base, device);
  if (limit < base_limit) {
    smcp::rt::trace("kernel '%s': its textured variant launches at most %llu work-items per "
                    "group, the kernel %llu: not used",
                    name.c_str(), (unsigned long long)limit, (unsigned long long)base_limit);
    _adapter.try_call("kernel_release", _adapter.table().kernel_release, variant);
    return nullptr;
  }
  smcp::rt::trace("kernel '%s': its textured variant %s", name.c_str(), symbol.c_str());
  return variant;
}

size_t program_cache::builds() const {
  std::lock_guard<std::mutex> lock(_mutex);
  return _builds;
}

} // namespace sycl::detail
