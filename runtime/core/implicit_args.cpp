// implicit_args.cpp - the binder table of implicit kernel arguments.
#include "implicit_args.h"

#include "context_impl.h"
#include "device_globals.h"
#include "error.h"
#include "image_registry.h"

#include <sycl/detail/abi/hex.h>

namespace sycl::detail {
namespace {

using smcp::abi::implicit_arg_kind;

/// Binds one argument: the device address the kernel receives.
using binder = void *(*)(const implicit_arg_site &site, const std::string &payload);

/// The (device, context) instance of the device_global the payload names.
void *bind_device_global(const implicit_arg_site &site, const std::string &id) {
  return device_global_for_kernel(site.context.device_globals(), site.device, site.image, id);
}

/// The kernel's spec-constant buffer (targets without native
/// specialization): a device allocation per distinct contents, made and
/// initialised like a device_global instance and kept with the context.
void *bind_spec_constant_buffer(const implicit_arg_site &site, const std::string &) {
  std::vector<unsigned char> bytes =
      spec_constant_buffer(site.image.spec_constants, site.spec_values);
  std::string key = "smcp.spec_constant_buffer:" + std::to_string(site.image.id) + ":" +
                    smcp::abi::to_hex(bytes.data(), bytes.size());
  return site.context.device_globals().get(site.device, {key, bytes.size(), bytes.data()});
}

struct binder_entry {
  implicit_arg_kind kind;
  binder bind;
};

/// One entry per kind the runtime binds. The kind still to come:
/// global_offset (CUDA, no native global offset): a per-launch buffer of the
/// offset, which then lifts check_launch_limits' refusal.
constexpr binder_entry binders[] = {
    {implicit_arg_kind::device_global, bind_device_global},
    {implicit_arg_kind::spec_constant_buffer, bind_spec_constant_buffer},
};

binder find_binder(implicit_arg_kind kind) {
  for (const binder_entry &e : binders)
    if (e.kind == kind)
      return e.bind;
  return nullptr;
}

} // namespace

std::vector<void *> bind_implicit_args(const implicit_arg_site &site) {
  std::vector<void *> addresses;
  for (const auto &k : site.image.implicit_args) {
    if (k.Kernel != site.kernel)
      continue;
    for (const auto &arg : k.Args) {
      binder bind = find_binder(arg.Kind);
      if (!bind)
        smcp::rt::throw_error(errc::feature_not_supported,
                              "kernel '" + site.kernel + "' needs an implicit argument of kind " +
                                  smcp::abi::implicit_arg_kind_name(arg.Kind) +
                                  ", which this runtime cannot bind yet");
      addresses.push_back(bind(site, arg.Payload));
    }
  }
  return addresses;
}

} // namespace sycl::detail
