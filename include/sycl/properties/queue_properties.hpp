// The queue properties of SYCL 2020 4.6.5.3.
#pragma once

#include "../property_list.hpp"

namespace sycl::property::queue {

class in_order {};
class enable_profiling {};

} // namespace sycl::property::queue

namespace sycl::detail {
template <> struct property_kind_of<property::queue::in_order>
    : property_kind_constant<property_kind::queue_in_order> {};
template <> struct property_kind_of<property::queue::enable_profiling>
    : property_kind_constant<property_kind::queue_enable_profiling> {};
} // namespace sycl::detail
