// Information descriptors for get_info<> (SYCL 2020 appendix A). Each
// descriptor names its return type; libsycl instantiates get_info for every
// descriptor listed here.
#pragma once

#include "../aspect.hpp"
#include "../backend.hpp"
#include "../memory_order.hpp"
#include "../range.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace sycl {

class platform;
class device;
class context;
class kernel_id;

namespace info {

enum class device_type : unsigned { cpu, gpu, accelerator, custom, automatic, host, all };

enum class partition_property : int {
  no_partition,
  partition_equally,
  partition_by_counts,
  partition_by_affinity_domain
};
enum class partition_affinity_domain : int {
  not_applicable,
  numa,
  L4_cache,
  L3_cache,
  L2_cache,
  L1_cache,
  next_partitionable
};
enum class local_mem_type : int { none, local, global };
enum class fp_config : int {
  denorm,
  inf_nan,
  round_to_nearest,
  round_to_zero,
  round_to_inf,
  fma,
  correctly_rounded_divide_sqrt,
  soft_float
};
enum class global_mem_cache_type : int { none, read_only, read_write };
enum class execution_capability : unsigned int { exec_kernel, exec_native_kernel };

enum class event_command_status : int { submitted, running, complete };

namespace platform {
struct name { using return_type = std::string; };
struct vendor { using return_type = std::string; };
struct version { using return_type = std::string; };
struct profile { using return_type = std::string; };
/// Deprecated in SYCL 2020, still used.
struct extensions { using return_type = std::vector<std::string>; };
} // namespace platform

namespace device {
struct device_type { using return_type = info::device_type; };
struct vendor_id { using return_type = uint32_t; };
struct max_compute_units { using return_type = uint32_t; };
struct max_work_item_dimensions { using return_type = uint32_t; };
template <int Dims = 3> struct max_work_item_sizes { using return_type = range<Dims>; };
struct max_work_group_size { using return_type = size_t; };
struct max_clock_frequency { using return_type = uint32_t; };
struct max_mem_alloc_size { using return_type = uint64_t; };
struct mem_base_addr_align { using return_type = uint32_t; };
struct global_mem_size { using return_type = uint64_t; };
struct local_mem_size { using return_type = uint64_t; };
struct is_available { using return_type = bool; };
struct name { using return_type = std::string; };
struct vendor { using return_type = std::string; };
struct driver_version { using return_type = std::string; };
struct version { using return_type = std::string; };
struct backend_version { using return_type = std::string; };
struct aspects { using return_type = std::vector<sycl::aspect>; };
struct platform { using return_type = sycl::platform; };
struct max_num_sub_groups { using return_type = uint32_t; };
struct sub_group_sizes { using return_type = std::vector<size_t>; };
struct preferred_vector_width_char { using return_type = uint32_t; };
struct preferred_vector_width_short { using return_type = uint32_t; };
struct preferred_vector_width_int { using return_type = uint32_t; };
struct preferred_vector_width_long { using return_type = uint32_t; };
struct preferred_vector_width_float { using return_type = uint32_t; };
struct preferred_vector_width_double { using return_type = uint32_t; };
struct preferred_vector_width_half { using return_type = uint32_t; };
struct native_vector_width_char { using return_type = uint32_t; };
struct native_vector_width_short { using return_type = uint32_t; };
struct native_vector_width_int { using return_type = uint32_t; };
struct native_vector_width_long { using return_type = uint32_t; };
struct native_vector_width_float { using return_type = uint32_t; };
struct native_vector_width_double { using return_type = uint32_t; };
struct native_vector_width_half { using return_type = uint32_t; };
struct address_bits { using return_type = uint32_t; };
struct image_support { using return_type = bool; };
struct max_read_image_args { using return_type = uint32_t; };
struct max_write_image_args { using return_type = uint32_t; };
struct image2d_max_width { using return_type = size_t; };
struct image2d_max_height { using return_type = size_t; };
struct image3d_max_width { using return_type = size_t; };
struct image3d_max_height { using return_type = size_t; };
struct image3d_max_depth { using return_type = size_t; };
struct image_max_buffer_size { using return_type = size_t; };
struct max_samplers { using return_type = uint32_t; };
struct max_parameter_size { using return_type = size_t; };
struct half_fp_config { using return_type = std::vector<info::fp_config>; };
struct single_fp_config { using return_type = std::vector<info::fp_config>; };
struct double_fp_config { using return_type = std::vector<info::fp_config>; };
struct global_mem_cache_type { using return_type = info::global_mem_cache_type; };
struct global_mem_cache_line_size { using return_type = uint32_t; };
struct global_mem_cache_size { using return_type = uint64_t; };
struct max_constant_buffer_size { using return_type = uint64_t; };
struct max_constant_args { using return_type = uint32_t; };
struct local_mem_type { using return_type = info::local_mem_type; };
struct error_correction_support { using return_type = bool; };
struct host_unified_memory { using return_type = bool; };
struct atomic_memory_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_fence_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_memory_scope_capabilities { using return_type = std::vector<memory_scope>; };
struct atomic_fence_scope_capabilities { using return_type = std::vector<memory_scope>; };
struct profiling_timer_resolution { using return_type = size_t; };
struct is_endian_little { using return_type = bool; };
struct is_compiler_available { using return_type = bool; };
struct is_linker_available { using return_type = bool; };
struct execution_capabilities { using return_type = std::vector<info::execution_capability>; };
struct queue_profiling { using return_type = bool; };
struct built_in_kernel_ids { using return_type = std::vector<sycl::kernel_id>; };
struct built_in_kernels { using return_type = std::vector<std::string>; };
struct profile { using return_type = std::string; };
struct extensions { using return_type = std::vector<std::string>; };
struct printf_buffer_size { using return_type = size_t; };
struct preferred_interop_user_sync { using return_type = bool; };
struct parent_device { using return_type = sycl::device; };
struct partition_max_sub_devices { using return_type = uint32_t; };
struct partition_properties { using return_type = std::vector<info::partition_property>; };
struct partition_affinity_domains {
  using return_type = std::vector<info::partition_affinity_domain>;
};
struct partition_type_property { using return_type = info::partition_property; };
struct partition_type_affinity_domain { using return_type = info::partition_affinity_domain; };
// Deprecated in SYCL 2020 (aspects replace them), still used.
struct usm_device_allocations { using return_type = bool; };
struct usm_host_allocations { using return_type = bool; };
struct usm_shared_allocations { using return_type = bool; };
struct usm_restricted_shared_allocations { using return_type = bool; };
struct usm_system_allocations { using return_type = bool; };
} // namespace device

namespace context {
struct platform { using return_type = sycl::platform; };
struct devices { using return_type = std::vector<sycl::device>; };
struct atomic_memory_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_fence_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_memory_scope_capabilities { using return_type = std::vector<memory_scope>; };
struct atomic_fence_scope_capabilities { using return_type = std::vector<memory_scope>; };
} // namespace context

namespace queue {
struct context { using return_type = sycl::context; };
struct device { using return_type = sycl::device; };
} // namespace queue

namespace kernel {
struct num_args { using return_type = uint32_t; };
struct attributes { using return_type = std::string; };
} // namespace kernel
namespace kernel_device_specific {
struct global_work_size { using return_type = range<3>; };
struct work_group_size { using return_type = size_t; };
struct compile_work_group_size { using return_type = range<3>; };
struct preferred_work_group_size_multiple { using return_type = size_t; };
struct private_mem_size { using return_type = size_t; };
struct max_num_sub_groups { using return_type = uint32_t; };
struct compile_num_sub_groups { using return_type = uint32_t; };
struct max_sub_group_size { using return_type = uint32_t; };
struct compile_sub_group_size { using return_type = uint32_t; };
} // namespace kernel_device_specific

namespace event {
struct command_execution_status { using return_type = info::event_command_status; };
} // namespace event
namespace event_profiling {
struct command_submit { using return_type = uint64_t; };
struct command_start { using return_type = uint64_t; };
struct command_end { using return_type = uint64_t; };
} // namespace event_profiling

} // namespace info
} // namespace sycl
