// device_assert.h - a failed assert in device code aborts the program.
//
// The device prints the assertion's message and sets its kernel's assert
// flag (include/sycl/detail/device_assert.hpp; the flag is an implicit
// argument of kind assert_flag, device-passes/DeviceAssert.cpp): one word
// per context and device. The host reads it once such a kernel has
// finished, when its event or its queue is waited for, and aborts as a
// failed host assert would (sycl_ext_oneapi_assert). Kernels without an
// assert, or compiled with NDEBUG, have no flag and cost nothing.
#pragma once

namespace sycl::detail {

class context_impl;
class device_impl;

/// The device address of the context's assert flag on `device` (the binder
/// of implicit arguments of kind assert_flag).
void *assert_flag(context_impl &context, const device_impl &device);

/// After a kernel with an assert flag has finished: when the flag is set (by
/// that kernel or an earlier one on the device: the device's message says
/// where), flushes that message, says why the program stops, and aborts.
void check_device_assert(context_impl &context, const device_impl &device, const void *flag);

} // namespace sycl::detail
