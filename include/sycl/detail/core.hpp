// <sycl/detail/core.hpp>: the core of SYCL that DPC++ programs include in
// place of <sycl/sycl.hpp> to parse faster: queues, buffers, accessors,
// command groups and kernels over ranges and nd_ranges (with nd_item and
// groups). USM comes with <sycl/usm.hpp>, host tasks with
// <sycl/detail/host_task_impl.hpp>, as in DPC++.
#pragma once

#include "../accessor.hpp"
#include "../buffer.hpp"
#include "../device_selector.hpp"
#include "../feature_test.hpp"
#include "../group.hpp"
#include "../queue.hpp"

#include "kernel_launch.hpp"
