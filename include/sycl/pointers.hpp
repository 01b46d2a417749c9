// <sycl/pointers.hpp>: DPC++'s name for the header of multi_ptr and its aliases.
#pragma once

#include "multi_ptr.hpp"
