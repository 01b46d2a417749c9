// <sycl/backend_types.hpp>: DPC++'s name for the header of sycl::backend.
#pragma once

#include "backend.hpp"
