// <sycl/group_barrier.hpp>: sycl::group_barrier, declared with the groups it waits on.
#pragma once

#include "group.hpp"
