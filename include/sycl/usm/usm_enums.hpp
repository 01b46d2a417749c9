// <sycl/usm/usm_enums.hpp>: DPC++'s name for the header of usm::alloc.
#pragma once

#include "../usm.hpp"
