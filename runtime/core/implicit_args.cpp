// implicit_args.cpp - the binder table of implicit kernel arguments.
#include "implicit_args.h"

#include "context_impl.h"
#include "device_assert.h"
#include "device_globals.h"
#include "image_registry.h"

#include <sycl/detail/abi/hex.h>

#include <iterator>

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

/// The launch's global offset (targets without a native one): three u64 in
/// the backend's dimension order (0 fastest), one device allocation per
/// distinct offset, kept with the context like a spec-constant buffer.
void *bind_global_offset(const implicit_arg_site &site, const std::string &) {
  uint64_t words[3] = {0, 0, 0};
  for (unsigned d = 0; d < site.dims; ++d)
    words[site.dims - 1 - d] = site.global_offset[d];
  const auto *bytes = reinterpret_cast<const uint8_t *>(words);
  std::string key = "smcp.global_offset:" + smcp::abi::to_hex(bytes, sizeof(words));
  return site.context.device_globals().get(site.device, {key, sizeof(words), bytes});
}

/// The context's assert flag for the device (device_assert.h).
void *bind_assert_flag(const implicit_arg_site &site, const std::string &) {
  return assert_flag(site.context, site.device);
}

struct binder_entry {
  implicit_arg_kind kind;
  binder bind;
};

/// One entry per kind the runtime binds.
constexpr binder_entry binders[] = {
    {implicit_arg_kind::device_global, bind_device_global},
    {implicit_arg_kind::spec_constant_buffer, bind_spec_constant_buffer},
    {implicit_arg_kind::global_offset, bind_global_offset},
    {implicit_arg_kind::assert_flag, bind_assert_flag},
};

static_assert(std::size(binders) == size_t(smcp::abi::last_implicit_arg_kind),
              "every implicit-argument kind needs its binder");

binder find_binder(implicit_arg_kind kind) {
  for (const binder_entry &e : binders)
    if (e.kind == kind)
      return e.bind;
  return nullptr; // the image reader admits known kinds only
}

} // namespace

const smcp::fatbin::KernelImplicitArgs *find_implicit_args(const registered_image &image,
                                                          const char *kernel) {
  for (const auto &k : image.implicit_args)
    if (k.Kernel == kernel && !k.Args.empty())
      return &k;
  return nullptr;
}

void bind_implicit_args(const implicit_arg_site &site,
                        const smcp::fatbin::KernelImplicitArgs &list, std::vector<void *> &out) {
  for (const auto &arg : list.Args)
    out.push_back(find_binder(arg.Kind)(site, arg.Payload));
}

} // namespace sycl::detail
