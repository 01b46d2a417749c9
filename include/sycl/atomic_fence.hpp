// <sycl/atomic_fence.hpp>: sycl::atomic_fence, declared with the group barriers.
#pragma once

#include "group.hpp"
