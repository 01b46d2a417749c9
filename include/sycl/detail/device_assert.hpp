// assert in kernels: glibc's assert macro calls __assert_fail, which no
// device has (PoCL fails the build: "Cannot find symbol __assert_fail").
//
// Device compile only: the name __assert_fail becomes a macro for
// __smcp_assert_fail, defined here, which prints glibc's message with the
// work-item's global and local ids (backend order, fastest first) through the
// device printf, and sets the kernel's assert flag (device-passes/
// DeviceAssert.cpp: an implicit argument). The kernel runs to its end; once
// it has finished, at the latest at the next wait on it or its queue, the
// runtime sees the flag and aborts the program (runtime/core/device_assert.h),
// as sycl_ext_oneapi_assert asks. glibc's declarations are parsed before the
// rename, with NDEBUG lifted for that one inclusion, so that a later <cassert>
// never redeclares the function as noreturn; assert itself then follows the
// program's NDEBUG, as on the host (no assert, no flag, no abort).
#pragma once

#include <cassert>

#if defined(__SYCL_DEVICE_ONLY__) && defined(__GLIBC__)
#pragma push_macro("NDEBUG")
#undef NDEBUG
#include <assert.h>
#pragma pop_macro("NDEBUG")
#include <assert.h>

#include "../ext/oneapi/experimental/printf.hpp"

#include "builtins.hpp"

/// The kernel's assert flag (an implicit argument, bound by the runtime).
extern "C" __attribute__((nothrow)) unsigned __attribute__((opencl_global)) *
__smcp_assert_flag(void);

extern "C" inline void __smcp_assert_fail(const char *Expr, const char *File, unsigned Line,
                                          const char *Function) noexcept {
  __spirv_ocl_printf("%s:%u: %s: global id: [%lu,%lu,%lu], local id: [%lu,%lu,%lu] "
                     "Assertion `%s' failed.\n",
                     File, Line, Function, (unsigned long)__smcp_global_id(0),
                     (unsigned long)__smcp_global_id(1), (unsigned long)__smcp_global_id(2),
                     (unsigned long)__smcp_local_id(0), (unsigned long)__smcp_local_id(1),
                     (unsigned long)__smcp_local_id(2), Expr);
  *__smcp_assert_flag() = 1;
}
#define __assert_fail __smcp_assert_fail
#endif
