// program_cache.h - programs built from device images, once per (device,
// image, specialization-constant values) within a context, and the kernels
// created from them.
//
// The first launch that needs a program builds it outside the lock; others
// asking for the same program meanwhile wait for that build. A failed build
// is remembered with its log and raised to every launch that needs it.
#pragma once

#include "adapter.h"
#include "image_registry.h"
#include "spec_constants.h"

#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

namespace sycl::detail {

class device_impl;

class program_cache {
public:
  program_cache(const smcp::rt::adapter &a, smcp_context context) : _adapter(a), _context(context) {}
  program_cache(const program_cache &) = delete;
  program_cache &operator=(const program_cache &) = delete;
  ~program_cache();

  /// A kernel handle: immutable, launched by any number of threads at once
  /// (launches carry their arguments, adapter_abi.h).
  struct kernel_ref {
    smcp_kernel kernel;
  };

  /// spec_values: the SpecId values to build with (spec_leaf_values); the
  /// same values find the same program, new ones build a new one. A
  /// textured kernel is the kernel's textured variant (kernel_symbol.h),
  /// null where it cannot be made or launches smaller work-groups than
  /// the kernel (then the kernel serves every launch).
  kernel_ref get_kernel(const device_impl &device,
                        const std::shared_ptr<const registered_image> &image,
                        const std::string &name,
                        const std::vector<spec_leaf_value> &spec_values = {},
                        bool textured = false);

  /// How many programs were built (tests and benchmarks of the cache).
  size_t builds() const;

private:
  struct kernel_entry {
    smcp_kernel kernel = nullptr;
  };
  struct program_entry {
    enum { building, built, failed } state = building;
    smcp_program program = nullptr;
    std::shared_ptr<const registered_image> image; // keeps the bytes alive while cached
    std::vector<spec_leaf_value> spec_values;
    sycl::errc error_code = sycl::errc::build;
    std::string error; // with the build log
    /// Failed for want of resources (memory, a lost device), not because of
    /// the image: the next use builds again instead of repeating the error.
    bool retry = false;
    std::map<std::string, std::unique_ptr<kernel_entry>> kernels; // by symbol
  };
  using key = std::tuple<const device_impl *, uint64_t, std::string>;

  program_entry &built_program(const device_impl &device,
                               const std::shared_ptr<const registered_image> &image,
                               const std::vector<spec_leaf_value> &spec_values);
  void build(program_entry &entry, const device_impl &device);
  uint64_t work_group_limit(smcp_kernel kernel, const device_impl &device) const;
  /// The textured variant `symbol` of the kernel `base` in `program`, or
  /// null where it cannot be made or launches smaller work-groups (traced).
  smcp_kernel usable_variant(const device_impl &device, smcp_kernel base, smcp_program program,
                             const std::string &name, const std::string &symbol);

  const smcp::rt::adapter &_adapter;
  smcp_context _context;
  mutable std::mutex _mutex;
  size_t _builds = 0;
  std::condition_variable _build_done;
  std::map<key, std::unique_ptr<program_entry>> _programs;
};

} // namespace sycl::detail
