// <sycl/usm/usm_pointer_info.hpp>: get_pointer_type and get_pointer_device,
// declared with the other USM functions.
#pragma once

#include "../usm.hpp"
