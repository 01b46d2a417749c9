// <sycl/usm/usm_allocator.hpp>: DPC++'s name for the header of sycl::usm_allocator.
#pragma once

#include "../usm_allocator.hpp"
