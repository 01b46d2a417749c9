// The reduction property of SYCL 2020 4.9.2.2 (initialize_to_identity).
#pragma once

#include "../property_list.hpp"

namespace sycl::property::reduction {
class initialize_to_identity {};
} // namespace sycl::property::reduction

namespace sycl::detail {
template <> struct property_kind_of<property::reduction::initialize_to_identity>
    : property_kind_constant<property_kind::reduction_initialize_to_identity> {};
} // namespace sycl::detail
