// <sycl/types.hpp>: DPC++'s name for the header of sycl::vec and sycl::marray.
#pragma once

#include "vec.hpp"
#include "marray.hpp"
