// sycl::ext::oneapi::experimental::printf: C's printf in device code.
//
// spir64: a call of __spirv_ocl_printf; the device passes put the format
// string in constant memory (device-passes/SPIRVPrintf.cpp) and the
// translator emits OpenCL's printf, which the device prints (PoCL: when the
// kernel has finished). The format must be a string literal or a constant
// character array; __SYCL_CONSTANT_AS, which code written for DPC++ puts on
// such arrays, is accepted and means nothing here. float arguments are
// promoted to double, as in C. nvptx64: CUDA's vprintf (device-passes/
// LowerToNVPTX.cpp), printed when the host synchronises with the kernel.
// Host code: std::printf.
#pragma once

#include <cstdio>

#define __SYCL_CONSTANT_AS

#ifdef __SYCL_DEVICE_ONLY__
extern __attribute__((nothrow)) int __spirv_ocl_printf(const char *Format, ...);
#endif

namespace sycl::ext::oneapi::experimental {

template <typename FormatT, typename... Args>
int printf(const FormatT *Format, Args... Arguments) {
#ifdef __SYCL_DEVICE_ONLY__
  return __spirv_ocl_printf(Format, Arguments...);
#else
  return std::printf(Format, Arguments...);
#endif
}

} // namespace sycl::ext::oneapi::experimental
