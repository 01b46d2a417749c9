// <sycl/aspects.hpp>: DPC++'s name for the header of sycl::aspect.
#pragma once

#include "aspect.hpp"
