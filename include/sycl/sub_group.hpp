// <sycl/sub_group.hpp>: sycl::sub_group, which SMCP declares with the other groups.
#pragma once

#include "group.hpp"
