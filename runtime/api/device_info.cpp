// device_info.cpp - device::get_info for every descriptor of SYCL 2020
// Table 25 and the deprecated ones existing code still uses, the platform's
// extensions and has_extension: each answered by the adapter's query
// (adapter_abi.h) or, where SMCP itself decides, by the runtime. Partitioning
// is in device_partition.cpp.
#include "../core/error.h"
#include "../core/impl_access.h"
#include "../core/runtime_state.h"

#include <sycl/device.hpp>
#include <sycl/image_accessor.hpp>
#include <sycl/kernel_bundle.hpp>
#include <sycl/platform.hpp>

#include <algorithm>
#include <sstream>

namespace sycl {
namespace detail {

/// Splits a backend's list of names (extensions, built-in kernels).
std::vector<std::string> split_names(const std::string &list, char separator) {
  std::vector<std::string> out;
  std::string name;
  std::istringstream in(list);
  while (std::getline(in, name, separator)) {
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    if (!name.empty())
      out.push_back(name);
  }
  return out;
}

std::vector<memory_order> memory_orders(uint32_t caps) {
  std::vector<memory_order> out;
  const std::pair<uint32_t, memory_order> bits[] = {
      {SMCP_ATOMIC_ORDER_RELAXED, memory_order::relaxed},
      {SMCP_ATOMIC_ORDER_ACQUIRE, memory_order::acquire},
      {SMCP_ATOMIC_ORDER_RELEASE, memory_order::release},
      {SMCP_ATOMIC_ORDER_ACQ_REL, memory_order::acq_rel},
      {SMCP_ATOMIC_ORDER_SEQ_CST, memory_order::seq_cst}};
  for (const auto &[bit, order] : bits)
    if (caps & bit)
      out.push_back(order);
  return out;
}

std::vector<memory_scope> memory_scopes(uint32_t caps) {
  std::vector<memory_scope> out;
  const std::pair<uint32_t, memory_scope> bits[] = {
      {SMCP_ATOMIC_SCOPE_WORK_ITEM, memory_scope::work_item},
      {SMCP_ATOMIC_SCOPE_SUB_GROUP, memory_scope::sub_group},
      {SMCP_ATOMIC_SCOPE_WORK_GROUP, memory_scope::work_group},
      {SMCP_ATOMIC_SCOPE_DEVICE, memory_scope::device},
      {SMCP_ATOMIC_SCOPE_SYSTEM, memory_scope::system}};
  for (const auto &[bit, scope] : bits)
    if (caps & bit)
      out.push_back(scope);
  return out;
}

namespace {

std::vector<info::fp_config> fp_configs(uint32_t caps) {
  std::vector<info::fp_config> out;
  const std::pair<uint32_t, info::fp_config> bits[] = {
      {SMCP_FP_DENORM, info::fp_config::denorm},
      {SMCP_FP_INF_NAN, info::fp_config::inf_nan},
      {SMCP_FP_ROUND_TO_NEAREST, info::fp_config::round_to_nearest},
      {SMCP_FP_ROUND_TO_ZERO, info::fp_config::round_to_zero},
      {SMCP_FP_ROUND_TO_INF, info::fp_config::round_to_inf},
      {SMCP_FP_FMA, info::fp_config::fma},
      {SMCP_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT, info::fp_config::correctly_rounded_divide_sqrt},
      {SMCP_FP_SOFT_FLOAT, info::fp_config::soft_float}};
  for (const auto &[bit, config] : bits)
    if (caps & bit)
      out.push_back(config);
  return out;
}

uint32_t vector_width(const device_impl &d, smcp_device_info what, int index) {
  uint32_t widths[7] = {};
  SMCP_ADAPTER_CALL(d.adapter(), get_device_info, d.handle(), what, sizeof(widths), widths,
                    nullptr);
  return widths[index];
}

} // namespace
} // namespace detail

using detail::impl_access;

// --- answered by the adapter -------------------------------------------------

template <> info::device_type device::get_info<info::device::device_type>() const {
  return is_gpu() ? info::device_type::gpu
         : is_cpu() ? info::device_type::cpu
                    : info::device_type::accelerator;
}

#define SMCP_DEVICE_STRING(Desc, Key)                                          \
  template <> std::string device::get_info<info::device::Desc>() const {       \
    return _impl->info_string(Key);                                            \
  }
SMCP_DEVICE_STRING(name, SMCP_DEVICE_INFO_NAME)
SMCP_DEVICE_STRING(vendor, SMCP_DEVICE_INFO_VENDOR)
SMCP_DEVICE_STRING(driver_version, SMCP_DEVICE_INFO_DRIVER_VERSION)
SMCP_DEVICE_STRING(version, SMCP_DEVICE_INFO_VERSION)
SMCP_DEVICE_STRING(backend_version, SMCP_DEVICE_INFO_VERSION)
SMCP_DEVICE_STRING(profile, SMCP_DEVICE_INFO_PROFILE)
#undef SMCP_DEVICE_STRING

template <> uint32_t device::get_info<info::device::max_work_item_dimensions>() const {
  return 3;
}
template <> bool device::get_info<info::device::is_available>() const {
  return _impl->info_scalar<uint32_t>(SMCP_DEVICE_INFO_AVAILABLE) != 0;
}

template <> platform device::get_info<info::device::platform>() const { return get_platform(); }

template <> std::vector<aspect> device::get_info<info::device::aspects>() const {
  std::vector<aspect> result;
  for (int a = int(aspect::cpu); a <= int(aspect::usm_system_allocations); ++a)
    if (has(aspect(a)))
      result.push_back(aspect(a));
  return result;
}

/// The backend reports sizes fastest-varying first; SYCL lists them the other way.
template <int Dims> static range<Dims> work_item_sizes(const detail::device_impl &d) {
  uint64_t sizes[3] = {1, 1, 1};
  SMCP_ADAPTER_CALL(d.adapter(), get_device_info, d.handle(), SMCP_DEVICE_INFO_MAX_WORK_ITEM_SIZES,
                    sizeof(sizes), sizes, nullptr);
  const size_t s0 = sizes[Dims - 1];
  if constexpr (Dims == 1)
    return range<1>(s0);
  else if constexpr (Dims == 2)
    return range<2>(s0, sizes[0]);
  else
    return range<3>(s0, sizes[1], sizes[0]);
}
template <> range<1> device::get_info<info::device::max_work_item_sizes<1>>() const {
  return work_item_sizes<1>(*_impl);
}
template <> range<2> device::get_info<info::device::max_work_item_sizes<2>>() const {
  return work_item_sizes<2>(*_impl);
}
template <> range<3> device::get_info<info::device::max_work_item_sizes<3>>() const {
  return work_item_sizes<3>(*_impl);
}


template <> std::vector<std::string> platform::get_info<info::platform::extensions>() const {
  return detail::split_names(_impl->info_string(SMCP_PLATFORM_INFO_EXTENSIONS), ' ');
}


#define SMCP_DEVICE_SCALAR(Desc, Key, Stored)                                                   \
  template <> info::device::Desc::return_type device::get_info<info::device::Desc>() const {    \
    return static_cast<info::device::Desc::return_type>(_impl->info_scalar<Stored>(Key));      \
  }
SMCP_DEVICE_SCALAR(vendor_id, SMCP_DEVICE_INFO_VENDOR_ID, uint32_t)
SMCP_DEVICE_SCALAR(max_compute_units, SMCP_DEVICE_INFO_MAX_COMPUTE_UNITS, uint32_t)
SMCP_DEVICE_SCALAR(max_work_group_size, SMCP_DEVICE_INFO_MAX_WORK_GROUP_SIZE, uint64_t)
SMCP_DEVICE_SCALAR(max_clock_frequency, SMCP_DEVICE_INFO_MAX_CLOCK_FREQUENCY, uint32_t)
SMCP_DEVICE_SCALAR(max_mem_alloc_size, SMCP_DEVICE_INFO_MAX_MEM_ALLOC_SIZE, uint64_t)
SMCP_DEVICE_SCALAR(mem_base_addr_align, SMCP_DEVICE_INFO_MEM_BASE_ADDR_ALIGN, uint32_t)
SMCP_DEVICE_SCALAR(global_mem_size, SMCP_DEVICE_INFO_GLOBAL_MEM_SIZE, uint64_t)
SMCP_DEVICE_SCALAR(local_mem_size, SMCP_DEVICE_INFO_LOCAL_MEM_SIZE, uint64_t)
SMCP_DEVICE_SCALAR(address_bits, SMCP_DEVICE_INFO_ADDRESS_BITS, uint32_t)
SMCP_DEVICE_SCALAR(max_parameter_size, SMCP_DEVICE_INFO_MAX_PARAMETER_SIZE, uint64_t)
SMCP_DEVICE_SCALAR(global_mem_cache_line_size, SMCP_DEVICE_INFO_GLOBAL_MEM_CACHE_LINE_SIZE, uint32_t)
SMCP_DEVICE_SCALAR(global_mem_cache_size, SMCP_DEVICE_INFO_GLOBAL_MEM_CACHE_SIZE, uint64_t)
SMCP_DEVICE_SCALAR(max_constant_buffer_size, SMCP_DEVICE_INFO_MAX_CONSTANT_BUFFER_SIZE, uint64_t)
SMCP_DEVICE_SCALAR(max_constant_args, SMCP_DEVICE_INFO_MAX_CONSTANT_ARGS, uint32_t)
SMCP_DEVICE_SCALAR(error_correction_support, SMCP_DEVICE_INFO_ERROR_CORRECTION, uint32_t)
SMCP_DEVICE_SCALAR(host_unified_memory, SMCP_DEVICE_INFO_HOST_UNIFIED_MEMORY, uint32_t)
SMCP_DEVICE_SCALAR(profiling_timer_resolution, SMCP_DEVICE_INFO_PROFILING_TIMER_RESOLUTION, uint64_t)
SMCP_DEVICE_SCALAR(is_endian_little, SMCP_DEVICE_INFO_ENDIAN_LITTLE, uint32_t)
SMCP_DEVICE_SCALAR(printf_buffer_size, SMCP_DEVICE_INFO_PRINTF_BUFFER_SIZE, uint64_t)
SMCP_DEVICE_SCALAR(preferred_interop_user_sync, SMCP_DEVICE_INFO_PREFERRED_INTEROP_USER_SYNC, uint32_t)
SMCP_DEVICE_SCALAR(global_mem_cache_type, SMCP_DEVICE_INFO_GLOBAL_MEM_CACHE_TYPE, uint32_t)
SMCP_DEVICE_SCALAR(local_mem_type, SMCP_DEVICE_INFO_LOCAL_MEM_TYPE, uint32_t)
#undef SMCP_DEVICE_SCALAR
static_assert(int(info::global_mem_cache_type::read_only) == SMCP_CACHE_READ_ONLY &&
              int(info::global_mem_cache_type::read_write) == SMCP_CACHE_READ_WRITE);
static_assert(int(info::local_mem_type::local) == SMCP_LOCAL_MEM_LOCAL &&
              int(info::local_mem_type::global) == SMCP_LOCAL_MEM_GLOBAL);

#define SMCP_VECTOR_WIDTH(Type, Index)                                                          \
  template <> uint32_t device::get_info<info::device::preferred_vector_width_##Type>() const {  \
    return detail::vector_width(*_impl, SMCP_DEVICE_INFO_PREFERRED_VECTOR_WIDTHS, Index);       \
  }                                                                                             \
  template <> uint32_t device::get_info<info::device::native_vector_width_##Type>() const {     \
    return detail::vector_width(*_impl, SMCP_DEVICE_INFO_NATIVE_VECTOR_WIDTHS, Index);          \
  }
SMCP_VECTOR_WIDTH(char, 0)
SMCP_VECTOR_WIDTH(short, 1)
SMCP_VECTOR_WIDTH(int, 2)
SMCP_VECTOR_WIDTH(long, 3)
SMCP_VECTOR_WIDTH(float, 4)
SMCP_VECTOR_WIDTH(double, 5)
SMCP_VECTOR_WIDTH(half, 6)
#undef SMCP_VECTOR_WIDTH

// --- SMCP's images -------------------------------------------------------------
// An image is a memory object its accessors read in code (or, on CUDA, through
// textures over that same memory), never the backend's own image, so its limits
// are SMCP's on every backend: an axis holds at most image_layout::max_extent
// texels and the image is one allocation; an image accessor (a sampled one with
// its sampler) is kernel argument bytes like any field of the functor.
namespace detail {
namespace {
size_t image_extent_limit(const device &d) {
  return size_t(std::min<uint64_t>(image_layout::max_extent,
                                   d.get_info<info::device::max_mem_alloc_size>()));
}
/// The kernel argument bytes of a SYCL 2020 image accessor (the legacy ones
/// are smaller).
constexpr size_t image_accessor_bytes = sizeof(sampled_image_accessor<float4, 3>);
static_assert(sizeof(unsampled_image_accessor<float4, 3, access_mode::read>) ==
              image_accessor_bytes);
uint32_t image_accessors_per_kernel(const device &d) {
  return uint32_t(d.get_info<info::device::max_parameter_size>() / image_accessor_bytes);
}
} // namespace
} // namespace detail

/// The deprecated form of aspect::image.
template <> bool device::get_info<info::device::image_support>() const {
  return has(aspect::image);
}
template <> uint32_t device::get_info<info::device::max_read_image_args>() const {
  return detail::image_accessors_per_kernel(*this);
}
template <> uint32_t device::get_info<info::device::max_write_image_args>() const {
  return detail::image_accessors_per_kernel(*this);
}
template <> uint32_t device::get_info<info::device::max_samplers>() const {
  return detail::image_accessors_per_kernel(*this);
}
template <> size_t device::get_info<info::device::image2d_max_width>() const {
  return detail::image_extent_limit(*this);
}
template <> size_t device::get_info<info::device::image2d_max_height>() const {
  return detail::image_extent_limit(*this);
}
template <> size_t device::get_info<info::device::image3d_max_width>() const {
  return detail::image_extent_limit(*this);
}
template <> size_t device::get_info<info::device::image3d_max_height>() const {
  return detail::image_extent_limit(*this);
}
template <> size_t device::get_info<info::device::image3d_max_depth>() const {
  return detail::image_extent_limit(*this);
}
template <> size_t device::get_info<info::device::image_max_buffer_size>() const {
  return detail::image_extent_limit(*this);
}

template <> std::vector<info::fp_config> device::get_info<info::device::half_fp_config>() const {
  return detail::fp_configs(_impl->info_scalar<uint32_t>(SMCP_DEVICE_INFO_HALF_FP_CONFIG));
}
template <> std::vector<info::fp_config> device::get_info<info::device::single_fp_config>() const {
  return detail::fp_configs(_impl->info_scalar<uint32_t>(SMCP_DEVICE_INFO_SINGLE_FP_CONFIG));
}
template <> std::vector<info::fp_config> device::get_info<info::device::double_fp_config>() const {
  return detail::fp_configs(_impl->info_scalar<uint32_t>(SMCP_DEVICE_INFO_DOUBLE_FP_CONFIG));
}

template <>
std::vector<memory_order> device::get_info<info::device::atomic_memory_order_capabilities>() const {
  return detail::memory_orders(_impl->info_scalar<uint32_t>(SMCP_DEVICE_INFO_ATOMIC_MEMORY_CAPS));
}
template <>
std::vector<memory_order> device::get_info<info::device::atomic_fence_order_capabilities>() const {
  return detail::memory_orders(_impl->info_scalar<uint32_t>(SMCP_DEVICE_INFO_ATOMIC_FENCE_CAPS));
}
template <>
std::vector<memory_scope> device::get_info<info::device::atomic_memory_scope_capabilities>() const {
  return detail::memory_scopes(_impl->info_scalar<uint32_t>(SMCP_DEVICE_INFO_ATOMIC_MEMORY_CAPS));
}
template <>
std::vector<memory_scope> device::get_info<info::device::atomic_fence_scope_capabilities>() const {
  return detail::memory_scopes(_impl->info_scalar<uint32_t>(SMCP_DEVICE_INFO_ATOMIC_FENCE_CAPS));
}

template <> std::vector<std::string> device::get_info<info::device::extensions>() const {
  return detail::split_names(_impl->info_string(SMCP_DEVICE_INFO_EXTENSIONS), ' ');
}
template <> std::vector<std::string> device::get_info<info::device::built_in_kernels>() const {
  return detail::split_names(_impl->info_string(SMCP_DEVICE_INFO_BUILT_IN_KERNELS), ';');
}

// --- decided by SMCP -----------------------------------------------------------

/// The sub-group sizes kernels run with on this device (smcp_device_caps).
template <> std::vector<size_t> device::get_info<info::device::sub_group_sizes>() const {
  const smcp_device_caps &caps = _impl->caps();
  return std::vector<size_t>(caps.sub_group_sizes,
                             caps.sub_group_sizes + std::min<uint32_t>(caps.num_sub_group_sizes, 8));
}
template <> uint32_t device::get_info<info::device::max_num_sub_groups>() const {
  auto sizes = get_info<info::device::sub_group_sizes>();
  size_t smallest = sizes.empty() ? 1 : *std::min_element(sizes.begin(), sizes.end());
  return uint32_t(_impl->max_work_group_size() / std::max<size_t>(smallest, 1));
}

template <> bool device::get_info<info::device::is_compiler_available>() const {
  return has(aspect::online_compiler);
}
template <> bool device::get_info<info::device::is_linker_available>() const {
  return has(aspect::online_linker);
}
template <> bool device::get_info<info::device::queue_profiling>() const {
  return has(aspect::queue_profiling);
}
template <>
std::vector<info::execution_capability> device::get_info<info::device::execution_capabilities>() const {
  return {info::execution_capability::exec_kernel}; // SMCP launches no native (host) kernels
}
/// SMCP makes no bundles of a backend's built-in kernels (built_in_kernels lists them).
template <> std::vector<kernel_id> device::get_info<info::device::built_in_kernel_ids>() const {
  return {};
}

// Deprecated descriptors: the aspects that replaced them.
template <> bool device::get_info<info::device::usm_device_allocations>() const {
  return has(aspect::usm_device_allocations);
}
template <> bool device::get_info<info::device::usm_host_allocations>() const {
  return has(aspect::usm_host_allocations);
}
template <> bool device::get_info<info::device::usm_shared_allocations>() const {
  return has(aspect::usm_shared_allocations);
}
template <> bool device::get_info<info::device::usm_restricted_shared_allocations>() const {
  return false; // shared allocations here may be used by the host and the device at once
}
template <> bool device::get_info<info::device::usm_system_allocations>() const {
  return has(aspect::usm_system_allocations);
}

// --- what the descriptors above decide -----------------------------------------

bool platform::has_extension(const std::string &extension) const {
  auto names = get_info<info::platform::extensions>();
  return std::find(names.begin(), names.end(), extension) != names.end();
}

bool device::has_extension(const std::string &extension) const {
  auto names = get_info<info::device::extensions>();
  return std::find(names.begin(), names.end(), extension) != names.end();
}

} // namespace sycl
