// Information descriptors for get_info<> (SYCL 2020 appendix A). Each
// descriptor names its return type; libsycl instantiates get_info for every
// descriptor listed here.
#pragma once

#include "../aspect.hpp"
#include "../backend.hpp"
#include "../range.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace sycl {

class platform;
class device;
class context;

namespace info {

enum class device_type : unsigned { cpu, gpu, accelerator, custom, automatic, host, all };

enum class event_command_status : int { submitted, running, complete };

namespace platform {
struct name { using return_type = std::string; };
struct vendor { using return_type = std::string; };
struct version { using return_type = std::string; };
struct profile { using return_type = std::string; };
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
} // namespace device

namespace context {
struct platform { using return_type = sycl::platform; };
struct devices { using return_type = std::vector<sycl::device>; };
} // namespace context

namespace queue {
struct context { using return_type = sycl::context; };
struct device { using return_type = sycl::device; };
} // namespace queue

namespace kernel {
struct num_args { using return_type = uint32_t; };
} // namespace kernel
namespace kernel_device_specific {
struct work_group_size { using return_type = size_t; };
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
