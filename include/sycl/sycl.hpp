// <sycl/sycl.hpp>: the SYCL 2020 API as SMCP implements it.
//
// Parsed by the host and by the device compile, so nothing here may need
// host-only target features. Kept small on purpose: it is included by every
// SYCL source file.
#pragma once

// clang predefines 202001 in SYCL mode; SMCP implements SYCL 2020 (rev. 202012),
// and the specification makes the value a long.
#ifdef SYCL_LANGUAGE_VERSION
#undef SYCL_LANGUAGE_VERSION
#endif
#define SYCL_LANGUAGE_VERSION 202012L

// SYCL programs (the specification's own examples among them) expect these
// with <sycl/sycl.hpp> alone; code written for DPC++ also expects assert
// (in kernels too: detail/device_assert.hpp) and std::cout. Each costs
// little to parse (include/README.md has the figures).
#include <array>
#include <cassert>
#include <iostream>
#include <vector>

#include "access.hpp"
#include "accessor.hpp"
#include "aspect.hpp"
#include "atomic_ref.hpp"
#include "backend.hpp"
#include "bit_cast.hpp"
#include "buffer.hpp"
#include "context.hpp"
#include "device.hpp"
#include "device_selector.hpp"
#include "event.hpp"
#include "exception.hpp"
#include "feature_test.hpp"
#include "handler.hpp"
#include "functional.hpp"
#include "group.hpp"
#include "group_algorithm.hpp"
#include "joint_algorithm.hpp"
#include "h_item.hpp"
#include "half.hpp"
#include "id.hpp"
#include "image.hpp"
#include "info/info_desc.hpp"
#include "interop_handle.hpp"
#include "item.hpp"
#include "kernel_bundle.hpp"
#include "kernel_handler.hpp"
#include "math.hpp"
#include "memory_order.hpp"
#include "multi_ptr.hpp"
#include "nd_range.hpp"
#include "platform.hpp"
#include "private_memory.hpp"
#include "properties/buffer_properties.hpp"
#include "properties/queue_properties.hpp"
#include "property_list.hpp"
#include "queue.hpp"
#include "range.hpp"
#include "reduction.hpp"
#include "sampler.hpp"
#include "span.hpp"
#include "stream.hpp"
#include "usm.hpp"
#include "usm_allocator.hpp"
#include "vec.hpp"

#include "ext/oneapi/device_global/device_global.hpp"
#include "ext/oneapi/experimental/printf.hpp"
#include "ext/oneapi/group_local_memory.hpp"

#include "detail/kernel_launch.hpp"
