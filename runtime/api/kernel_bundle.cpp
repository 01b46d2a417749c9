// kernel_bundle.cpp - kernel_id, kernel_bundle and handler::use_kernel_bundle
// (SYCL 2020 4.11, 4.9.4.4).
#include "../core/context_impl.h"
#include "../core/device_impl.h"
#include "../core/error.h"
#include "../core/handler_impl.h"
#include "../core/image_registry.h"
#include "../core/impl_access.h"
#include "../core/kernel_bundle_impl.h"
#include "../core/kernel_requirements.h"

#include <sycl/kernel_bundle.hpp>

#include <algorithm>
#include <cstring>

namespace sycl {

using detail::impl_access;
using detail::kernel_bundle_impl;

kernel_id::kernel_id(const char *name) : _name(std::make_shared<const std::string>(name)) {
  auto names = detail::image_registry::get().kernel_names();
  if (!std::binary_search(names.begin(), names.end(), *_name))
    smcp::rt::throw_error(errc::runtime, std::string("get_kernel_id: no device image holds "
                                                     "kernel '") + name + "'");
}

std::vector<kernel_id> get_kernel_ids() {
  std::vector<kernel_id> ids;
  for (const auto &n : detail::image_registry::get().kernel_names())
    ids.push_back(detail::header_access::make<kernel_id>(n.c_str()));
  return ids;
}

namespace detail {
namespace {

std::vector<std::shared_ptr<device_impl>> device_impls(const context &ctx,
                                                       const std::vector<device> &devs) {
  if (devs.empty())
    smcp::rt::throw_error(errc::invalid, "a kernel bundle needs at least one device");
  std::vector<std::shared_ptr<device_impl>> result;
  for (const device &d : devs) {
    auto impl = impl_access::impl(d);
    if (!impl_access::impl(ctx)->contains(*impl))
      smcp::rt::throw_error(errc::invalid, "device '" + impl->name() +
                                               "' is not part of the kernel bundle's context");
    result.push_back(impl);
  }
  return result;
}

/// Why `device` cannot run `kernel` ("" when it can): no image it loads
/// holds the kernel, or the kernel needs what the device lacks (an aspect, a
/// work-group size; kernel_requirements.h).
std::string incompatibility(const std::string &kernel, const device_impl &device) {
  std::string why = "has no device image that device '" + device.name() + "' loads";
  for (const auto &img : image_registry::get().images_for(device)) {
    const auto &ks = img->image.Kernels;
    if (std::find(ks.begin(), ks.end(), kernel) == ks.end())
      continue;
    why = unmet_requirement(img->image, kernel, device);
    if (why.empty())
      break;
  }
  return why;
}

bool kernel_compatible(const std::string &kernel, const device_impl &device) {
  return incompatibility(kernel, device).empty();
}

std::string symbolic(spec_id_parts id) { return spec_symbolic_id(id.tu_prefix, id.name); }

} // namespace

std::shared_ptr<kernel_bundle_impl> make_bundle(const context &ctx, const std::vector<device> &devs,
                                                const std::vector<kernel_id> *ids,
                                                bundle_state state) {
  auto b = std::make_shared<kernel_bundle_impl>();
  b->context = impl_access::impl(ctx);
  b->devices = device_impls(ctx, devs);
  b->state = int(state);
  if (ids) {
    for (const auto &id : *ids)
      b->kernels.push_back(id.get_name());
    for (const auto &id : *ids)
      if (std::none_of(b->devices.begin(), b->devices.end(),
                       [&](const auto &d) { return kernel_compatible(id.get_name(), *d); }))
        smcp::rt::throw_error(errc::invalid, std::string("get_kernel_bundle: kernel '") + id.get_name() +
                                                 "' runs on none of the bundle's devices (it " +
                                                 incompatibility(id.get_name(), *b->devices.front()) +
                                                 ")");
  } else { // the kernels at least one of the devices can run
    for (const auto &k : image_registry::get().kernel_names())
      if (std::any_of(b->devices.begin(), b->devices.end(),
                      [&](const auto &d) { return kernel_compatible(k, *d); }))
        b->kernels.push_back(k);
  }
  std::sort(b->kernels.begin(), b->kernels.end());
  b->kernels.erase(std::unique(b->kernels.begin(), b->kernels.end()), b->kernels.end());
  return b;
}

std::shared_ptr<kernel_bundle_impl> convert_bundle(const bundle_base &from,
                                                   const std::vector<device> *devs,
                                                   bundle_state state, bool build) {
  const auto &src = *impl_access::impl(from);
  auto b = std::make_shared<kernel_bundle_impl>(src); // values frozen from here on
  b->state = int(state);
  if (devs) {
    b->devices = device_impls(impl_access::wrap<context>(src.context), *devs);
    for (const auto &d : b->devices)
      if (!src.has_device(*d))
        smcp::rt::throw_error(errc::invalid, "device '" + d->name() +
                                                 "' is not one of the bundle's devices");
  }
  if (build) // build errors surface here, and the launches find the programs cached
    for (const auto &d : b->devices)
      for (const auto &img : b->images(*d))
        for (const auto &k : img->image.Kernels)
          if (b->has_kernel(k) && kernel_runs_on(img->image, k, *d)) // skip what d cannot run
            b->context->programs().get_kernel(
                *d, img, k, spec_build_values(img->spec_constants, b->spec_values));
  return b;
}

std::shared_ptr<kernel_bundle_impl> join_bundles(const std::vector<const bundle_base *> &bs,
                                                 bundle_state state) {
  if (bs.empty())
    smcp::rt::throw_error(errc::invalid, "join: no bundles to join");
  auto b = std::make_shared<kernel_bundle_impl>(*impl_access::impl(*bs.front()));
  b->state = int(state);
  for (const bundle_base *other : bs) {
    const auto &o = *impl_access::impl(*other);
    if (o.context != b->context)
      smcp::rt::throw_error(errc::invalid, "join: the bundles belong to different contexts");
    b->kernels.insert(b->kernels.end(), o.kernels.begin(), o.kernels.end());
    for (const auto &d : o.devices)
      if (!b->has_device(*d))
        b->devices.push_back(d);
    for (const auto &[id, v] : o.spec_values)
      b->spec_values.emplace(id, v); // the first bundle's value wins
  }
  std::sort(b->kernels.begin(), b->kernels.end());
  b->kernels.erase(std::unique(b->kernels.begin(), b->kernels.end()), b->kernels.end());
  return b;
}

bool kernels_compatible(const std::vector<kernel_id> &ids, const device &dev) {
  const auto &d = *impl_access::impl(dev);
  return std::all_of(ids.begin(), ids.end(),
                     [&](const kernel_id &id) { return kernel_compatible(id.get_name(), d); });
}

bool bundle_base::empty() const noexcept { return _impl->kernels.empty(); }
backend bundle_base::get_backend() const noexcept {
  return impl_access::wrap<context>(_impl->context).get_backend();
}
context bundle_base::get_context() const noexcept { return impl_access::wrap<context>(_impl->context); }
std::vector<device> bundle_base::get_devices() const noexcept {
  std::vector<device> result;
  for (const auto &d : _impl->devices)
    result.push_back(impl_access::wrap<device>(d));
  return result;
}
bool bundle_base::has_kernel(const kernel_id &id) const noexcept {
  return _impl->has_kernel(id.get_name());
}
bool bundle_base::has_kernel(const kernel_id &id, const device &dev) const noexcept {
  return _impl->has_kernel(id.get_name()) && _impl->has_device(*impl_access::impl(dev)) &&
         kernels_compatible({id}, dev);
}
std::vector<kernel_id> bundle_base::get_kernel_ids() const {
  std::vector<kernel_id> ids;
  for (const auto &k : _impl->kernels)
    ids.push_back(header_access::make<kernel_id>(k.c_str()));
  return ids;
}
bool bundle_base::contains_specialization_constants() const noexcept {
  for (const auto &d : _impl->devices)
    for (const auto &img : _impl->images(*d))
      if (!img->spec_constants.by_id.empty())
        return true;
  return false;
}
bool bundle_base::native_specialization_constant() const noexcept {
  // Every constant of a SPIR-V image is an OpSpecConstant; no emulation exists yet.
  return contains_specialization_constants();
}
bool bundle_base::has_spec_constant(spec_id_parts id) const noexcept {
  return _impl->find_spec_constant(symbolic(id)) != nullptr;
}
void bundle_base::set_spec_constant(spec_id_parts id, const void *value, size_t size) {
  const auto *bytes = static_cast<const unsigned char *>(value);
  _impl->spec_values[symbolic(id)].assign(bytes, bytes + size);
}
void bundle_base::get_spec_constant(spec_id_parts id, void *value, size_t size) const {
  auto it = _impl->spec_values.find(symbolic(id));
  if (it != _impl->spec_values.end() && it->second.size() == size)
    std::memcpy(value, it->second.data(), size);
}

kernel bundle_base::find_kernel(const kernel_id &id) const {
  if (!_impl->has_kernel(id.get_name()))
    smcp::rt::throw_error(errc::invalid, std::string("kernel_bundle::get_kernel: kernel '") +
                                             id.get_name() + "' is not in the bundle");
  return kernel(_impl, id.get_name());
}

std::vector<std::shared_ptr<device_image_impl>> bundle_base::images() const {
  std::vector<std::shared_ptr<device_image_impl>> result;
  for (const auto &d : _impl->devices)
    for (auto &img : _impl->images(*d)) {
      auto same = std::find_if(result.begin(), result.end(),
                               [&](const auto &di) { return di->image == img; });
      if (same == result.end())
        result.push_back(std::make_shared<device_image_impl>(device_image_impl{img, _impl, {d}}));
      else
        (*same)->devices.push_back(d);
    }
  return result;
}

bool device_image_base::has_kernel(const kernel_id &id) const noexcept {
  const auto &ks = _impl->image->image.Kernels;
  return _impl->bundle->has_kernel(id.get_name()) &&
         std::find(ks.begin(), ks.end(), id.get_name()) != ks.end();
}
bool device_image_base::has_kernel(const kernel_id &id, const device &dev) const noexcept {
  const auto &d = impl_access::impl(dev);
  return has_kernel(id) && std::any_of(_impl->devices.begin(), _impl->devices.end(),
                                       [&](const auto &x) { return x == d; });
}

} // namespace detail

backend kernel::get_backend() const noexcept {
  return impl_access::wrap<context>(_bundle->context).get_backend();
}
context kernel::get_context() const { return impl_access::wrap<context>(_bundle->context); }

void handler::use_kernel_bundle(const kernel_bundle<bundle_state::executable> &bundle) {
  const auto &b = impl_access::impl(bundle);
  if (b->context.get() != _impl->context)
    smcp::rt::throw_error(errc::invalid, "use_kernel_bundle: the bundle's context is not the "
                                         "queue's context");
  if (!_impl->spec_values.empty())
    smcp::rt::throw_error(errc::invalid,
                          "use_kernel_bundle: set_specialization_constant was already called in "
                          "this command group; the two are incompatible");
  _impl->bundle = b;
}

} // namespace sycl
