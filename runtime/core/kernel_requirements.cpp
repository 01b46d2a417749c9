// kernel_requirements.cpp - see kernel_requirements.h.
#include "kernel_requirements.h"

#include "device_impl.h"
#include "error.h"

#include <sycl/aspect.hpp>
#include <sycl/detail/abi/aspects.h>

#include <algorithm>
#include <iterator>
#include <vector>

namespace sycl::detail {
namespace {

// The SYCL aspect behind each bit of the image's set (abi/aspects.h).
struct aspect_need {
  smcp::abi::aspect_bit bit;
  aspect required;
  const char *what;
};
constexpr aspect_need aspect_needs[] = {
    {smcp::abi::aspect_fp64, aspect::fp64, "double-precision floating point (aspect::fp64)"},
    {smcp::abi::aspect_fp16, aspect::fp16, "half-precision floating point (aspect::fp16)"},
    {smcp::abi::aspect_atomic64, aspect::atomic64, "64-bit atomics (aspect::atomic64)"},
};
static_assert(std::size(aspect_needs) == std::size(smcp::abi::aspect_bits),
              "every aspect bit needs its sycl::aspect");

} // namespace

namespace {

/// The first aspect `kernel` uses that `device` lacks, or null.
const aspect_need *missing_aspect(const smcp::fatbin::DeviceImage &image, const std::string &kernel,
                                  const device_impl &device) {
  uint32_t mask = 0;
  std::string error;
  if (!smcp::fatbin::decodeKernelRequirements(image, kernel, mask, error))
    smcp::rt::throw_error(errc::kernel_not_supported,
                          "kernel '" + kernel + "': its device image is broken: " + error);
  for (const aspect_need &a : aspect_needs)
    if ((mask & a.bit) && !device.has(a.required))
      return &a;
  return nullptr;
}

} // namespace

namespace {

template <typename T> std::string size_text(const T *v, size_t n) {
  std::string s = "{";
  for (size_t d = 0; d < n; ++d)
    s += (d ? ", " : "") + std::to_string(v[d]);
  return s + "}";
}

/// The required size (SYCL's order), empty without one.
std::vector<uint32_t> required_size(const smcp::fatbin::DeviceImage &image, const std::string &kernel) {
  std::vector<uint32_t> size;
  std::string error;
  if (!smcp::fatbin::decodeKernelWorkGroupSize(image, kernel, size, error))
    smcp::rt::throw_error(errc::kernel, "kernel '" + kernel + "': its device image is broken: " + error);
  return size;
}

/// Why `device` cannot run a kernel that requires the work-group size
/// `reqd` (SYCL 2020 §5.7: the size is an optional feature): more work-items
/// than its largest work-group, or than its limit in one dimension; "" when
/// it can.
std::string unsupported_size(const std::vector<uint32_t> &reqd, const device_impl &device) {
  if (reqd.empty())
    return "";
  const std::string what = "requires the work-group size " + size_text(reqd.data(), reqd.size()) +
                           " ([[sycl::reqd_work_group_size]]), but device '" + device.name() + "' ";
  uint64_t total = 1;
  for (uint32_t n : reqd)
    total *= n;
  if (total > device.max_work_group_size())
    return what + "runs at most " + std::to_string(device.max_work_group_size()) +
           " work-items in a work-group";
  // The backend lists the per-dimension limits fastest-varying first.
  uint64_t limits[3] = {0, 0, 0};
  SMCP_ADAPTER_CALL(device.adapter(), get_device_info, device.handle(),
                    SMCP_DEVICE_INFO_MAX_WORK_ITEM_SIZES, sizeof(limits), limits, nullptr);
  for (size_t d = 0; d < reqd.size(); ++d) {
    const uint64_t limit = limits[reqd.size() - 1 - d];
    if (limit && reqd[d] > limit)
      return what + "runs at most " + std::to_string(limit) + " work-items in dimension " +
             std::to_string(d);
  }
  return "";
}

} // namespace

std::string unmet_requirement(const smcp::fatbin::DeviceImage &image, const std::string &kernel,
                              const device_impl &device) {
  if (const aspect_need *a = missing_aspect(image, kernel, device))
    return std::string("uses ") + a->what + ", which device '" + device.name() +
           "' does not support";
  return unsupported_size(required_size(image, kernel), device);
}

bool kernel_runs_on(const smcp::fatbin::DeviceImage &image, const std::string &kernel,
                    const device_impl &device) {
  return unmet_requirement(image, kernel, device).empty();
}

void check_kernel_requirements(const smcp::fatbin::DeviceImage &image, const std::string &kernel,
                               const device_impl &device) {
  const std::string why = unmet_requirement(image, kernel, device);
  if (!why.empty())
    smcp::rt::throw_error(errc::kernel_not_supported, "kernel '" + kernel + "' " + why);
}

required_work_group required_work_group_of(const smcp::fatbin::DeviceImage &image,
                                           const std::string &kernel) {
  const std::vector<uint32_t> size = required_size(image, kernel);
  required_work_group r;
  r.dims = unsigned(size.size()); // at most 3: the decoder checks
  std::copy(size.begin(), size.end(), r.size);
  return r;
}

uint32_t kernel_variants_of(const smcp::fatbin::DeviceImage &image, const std::string &kernel) {
  uint32_t bits = 0;
  std::string error;
  if (!smcp::fatbin::decodeKernelVariants(image, kernel, bits, error))
    smcp::rt::throw_error(errc::kernel,
                          "kernel '" + kernel + "': its device image is broken: " + error);
  return bits;
}

void apply_reqd_work_group_size(const required_work_group &reqd, const char *kernel,
                                unsigned dims, const size_t global[3], size_t local[3]) {
  if (reqd.dims == 0)
    return;
  auto what = [&] {
    return "kernel '" + std::string(kernel) + "' requires the work-group size " +
           size_text(reqd.size, reqd.dims) + " ([[sycl::reqd_work_group_size]])";
  };
  if (reqd.dims != dims)
    smcp::rt::throw_error(errc::nd_range,
                          what() + ", but is launched over " + std::to_string(dims) + " dimension(s)");
  const bool has_local = local[0] != 0;
  for (unsigned d = 0; d < dims; ++d) {
    if (has_local && local[d] != reqd.size[d])
      smcp::rt::throw_error(errc::nd_range,
                            what() + ", but is launched with the local range " + size_text(local, dims));
    if (!has_local && global[d] % reqd.size[d])
      smcp::rt::throw_error(errc::nd_range,
                            what() + ", which does not divide its global range " + size_text(global, dims));
  }
  for (unsigned d = 0; d < dims; ++d)
    local[d] = reqd.size[d];
}

} // namespace sycl::detail
