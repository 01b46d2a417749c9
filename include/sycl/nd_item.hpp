// <sycl/nd_item.hpp>: sycl::nd_item, which SMCP declares with the groups it returns.
#pragma once

#include "group.hpp"
