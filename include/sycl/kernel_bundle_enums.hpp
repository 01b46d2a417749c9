// <sycl/kernel_bundle_enums.hpp>: DPC++'s name for the header of sycl::bundle_state.
#pragma once

#include "bundle_state.hpp"
