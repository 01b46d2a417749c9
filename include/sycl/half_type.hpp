// <sycl/half_type.hpp>: DPC++'s name for the header of sycl::half.
#pragma once

#include "half.hpp"
