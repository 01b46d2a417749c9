// implicit_args.cpp - the binder table of implicit kernel arguments.
#include "implicit_args.h"

#include "context_impl.h"
#include "device_globals.h"
#include "error.h"
#include "image_registry.h"

namespace sycl::detail {
namespace {

using smcp::abi::implicit_arg_kind;

/// Binds one argument: the device address the kernel receives.
using binder = void *(*)(const implicit_arg_site &site, const std::string &payload);

/// The (device, context) instance of the device_global the payload names.
void *bind_device_global(const implicit_arg_site &site, const std::string &id) {
  return device_global_for_kernel(site.context.device_globals(), site.device, site.image, id);
}

struct binder_entry {
  implicit_arg_kind kind;
  binder bind;
};

/// One entry per kind the runtime binds. The kinds still to come, with the
/// first target that needs them:
/// - spec_constant_buffer (PTX, no native specialization constants): a
///   per-(program, values) device buffer of the values, laid out by the
///   image's smcp.spec_constants set;
/// - global_offset (CUDA, no native global offset): a per-launch buffer of
///   the offset, which then lifts check_launch_limits' refusal.
constexpr binder_entry binders[] = {
    {implicit_arg_kind::device_global, bind_device_global},
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
