// <sycl/group_local_memory.hpp>: DPC++'s newer path of sycl_ext_oneapi_local_memory.
#pragma once

#include "ext/oneapi/group_local_memory.hpp"
