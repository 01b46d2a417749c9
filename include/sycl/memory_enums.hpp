// <sycl/memory_enums.hpp>: DPC++'s name for the header of memory_order and memory_scope.
#pragma once

#include "memory_order.hpp"
