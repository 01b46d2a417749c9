// <sycl/ext/oneapi/sub_group.hpp>: sycl::ext::oneapi::sub_group, the name
// sycl_ext_oneapi_sub_group gave sycl::sub_group before SYCL 2020.
#pragma once

#include "../../group.hpp"

namespace sycl::ext::oneapi {
using sub_group = sycl::sub_group;
} // namespace sycl::ext::oneapi
