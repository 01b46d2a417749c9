// The queue properties of SYCL 2020 4.6.5.3.
#pragma once

#include "../property_list.hpp"

namespace sycl::property::queue {

class in_order {
public:
  static constexpr detail::property_kind smcp_kind = detail::property_kind::queue_in_order;
};

class enable_profiling {
public:
  static constexpr detail::property_kind smcp_kind =
      detail::property_kind::queue_enable_profiling;
};

} // namespace sycl::property::queue
