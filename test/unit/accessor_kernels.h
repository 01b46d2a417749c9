// accessor_kernels.h - what the buffer tests submit to the recording adapter:
// a registered image whose kernels are named, and a launch of a kernel that
// captures one accessor, laid out as the compiler lays out such a functor.
#pragma once

#include "kernel_requirements.h"
#include "kernel_symbol.h"
#include "launch_constants.h"
#include "test_images.h"

#include <sycl/accessor.hpp>
#include <sycl/queue.hpp>

#include <map>
#include <mutex>
#include <string>
#include <vector>

extern "C" void __smcp_register_images(const unsigned char *blob, size_t size);
extern "C" void __smcp_unregister_images(const unsigned char *blob);

namespace smcp::test {

/// Accessor kernels take a functor of this size, whatever the accessor's:
/// the accessor, then padding. One parameter list then serves every
/// accessor type a test launches under one kernel name.
constexpr size_t accessor_functor_size = 128;

/// A functor capturing one accessor, as the compiler lays it out: the
/// accessor's record word, then its remaining bytes (and the padding).
template <typename Acc> struct one_accessor {
  Acc a;
  char padding[accessor_functor_size - sizeof(Acc)];
};

/// Kernel `name` over one_accessor, as its image describes it.
inline smcp::abi::kernel_annotation accessor_kernel(const std::string &name) {
  using smcp::detail::param_kind;
  return {name,
          accessor_functor_size,
          {{param_kind::accessor, int(sycl::target::device) | (1 << 11), 0},
           {param_kind::std_layout, int(accessor_functor_size - 8), 8}}};
}

/// A SPIR-V image of the recording adapter ("k1 k2 ..."), registered for its
/// lifetime. Its kernels are accessor kernels unless `described` says
/// otherwise; those named in `textured` also have a textured variant
/// (kernel_requirements.h); `launch_constants` are the kernels' words their
/// programs are specialized on (launch_constants.h).
using kernel_launch_constants =
    std::vector<std::pair<std::string, std::vector<smcp::fatbin::LaunchConstant>>>;
class registered_blob {
public:
  explicit registered_blob(const std::vector<std::string> &kernels,
                           std::vector<smcp::abi::kernel_annotation> described = {},
                           const std::vector<std::string> &textured = {},
                           const kernel_launch_constants &launch_constants = {}) {
    smcp::fatbin::DeviceImage img;
    img.Format = smcp::fatbin::ImageFormat::SPIRV;
    img.Target = "spir64";
    img.Kernels = kernels;
    std::string text;
    for (const auto &k : kernels) {
      text += k + " ";
      if (std::none_of(described.begin(), described.end(),
                       [&](const smcp::abi::kernel_annotation &d) { return d.name == k; }))
        described.push_back(accessor_kernel(k));
    }
    std::vector<std::pair<std::string, uint32_t>> variants;
    for (const auto &k : textured) {
      text += smcp::fatbin::texturedVariantSymbol(k) + " ";
      variants.emplace_back(k, smcp::fatbin::TexturedVariant);
    }
    if (!variants.empty())
      img.PropertySets.push_back(smcp::fatbin::encodeKernelVariants(variants));
    if (!launch_constants.empty())
      img.PropertySets.push_back(smcp::fatbin::encodeLaunchConstants(launch_constants));
    img.Bytes.assign(text.begin(), text.end());
    _bytes = test_fat_binary({img}, described);
    __smcp_register_images(_bytes.data(), _bytes.size());
  }
  ~registered_blob() { __smcp_unregister_images(_bytes.data()); }

private:
  std::vector<uint8_t> _bytes;
};

/// Launches kernel `name` over `local` items (4 when 0) with the accessor a.
template <typename Acc> void launch(sycl::handler &h, const Acc &a, const char *name,
                                    size_t local = 0) {
  static_assert(sizeof(one_accessor<Acc>) == accessor_functor_size);
  // One descriptor per kernel name, kept for the whole run (the runtime
  // reads it when the kernel launches, maybe on another thread).
  static std::mutex descriptors_mutex;
  static std::map<std::string, smcp::detail::kernel_info> descriptors;
  const smcp::detail::kernel_info *info;
  {
    std::lock_guard<std::mutex> lock(descriptors_mutex);
    info = &descriptors
                .try_emplace(name, smcp::detail::kernel_info{name, accessor_functor_size})
                .first->second;
  }
  one_accessor<Acc> f{a, {}};
  sycl::detail::launch_range r;
  r.global[0] = local ? local : 4;
  r.local[0] = local;
  sycl::detail::header_access::launch(h, info, &f, sizeof(f), r);
}

} // namespace smcp::test
