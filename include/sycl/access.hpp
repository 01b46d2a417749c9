// Access modes, targets, the CTAD tags and no_init (SYCL 2020 4.7.6.1-4.7.6.4).
#pragma once

#include "detail/abi/kernel_abi.h"
#include "property_list.hpp"

namespace sycl {

enum class access_mode {
  read,
  write,
  read_write,
  discard_write,      // deprecated: write + no_init
  discard_read_write, // deprecated: read_write + no_init
  atomic              // deprecated: counts as read_write
};

enum class target {
  device = 2014,
  global_buffer = device, // deprecated
  constant_buffer = 2015, // deprecated
  local = 2016,           // deprecated
  image = 2017,           // deprecated: legacy image accessors (image_accessor.hpp)
  host_buffer = 2018,     // deprecated
  host_image = 2019,      // deprecated
  image_array = 2020,     // deprecated
  host_task = 2021
};
static_assert(int(target::local) == smcp::abi::local_target,
              "the kernel ABI knows local accessors by this target");

namespace access {
using mode = sycl::access_mode;
using target = sycl::target;
enum class placeholder { false_t, true_t };
enum class decorated { no, yes, legacy };
enum class fence_space : char { local_space, global_space, global_and_local };
enum class address_space : int {
  private_space = 0,
  global_space = 1,
  constant_space = 2,
  local_space = 3,
  generic_space = 4
};
} // namespace access

namespace detail {
template <access_mode Mode, target Target> struct mode_tag_t {
  explicit mode_tag_t() = default;
};
template <access_mode Mode> struct mode_target_tag_t {
  explicit mode_target_tag_t() = default;
};
} // namespace detail

inline constexpr detail::mode_tag_t<access_mode::read, target::device> read_only{};
inline constexpr detail::mode_tag_t<access_mode::read_write, target::device> read_write{};
inline constexpr detail::mode_tag_t<access_mode::write, target::device> write_only{};
inline constexpr detail::mode_tag_t<access_mode::read, target::host_task> read_only_host_task{};
inline constexpr detail::mode_tag_t<access_mode::read_write, target::host_task>
    read_write_host_task{};
inline constexpr detail::mode_tag_t<access_mode::write, target::host_task> write_only_host_task{};

namespace property {
class no_init {};
} // namespace property
inline constexpr property::no_init no_init{};

namespace detail {
template <> struct property_kind_of<property::no_init>
    : property_kind_constant<property_kind::no_init> {};
} // namespace detail

} // namespace sycl
