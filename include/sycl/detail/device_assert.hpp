// assert in kernels: glibc's assert macro calls __assert_fail, which no
// device has (PoCL fails the build: "Cannot find symbol __assert_fail").
//
// Device compile only: the name __assert_fail becomes a macro for
// __smcp_assert_fail, defined here, which prints glibc's message through the
// device printf (PoCL and CUDA print it once the kernel has finished) and
// returns, so a failed assert does not stop the kernel or the program. glibc's
// declarations are parsed before the rename, with NDEBUG lifted for that
// one inclusion, so that a later <cassert> never redeclares the function as
// noreturn; assert itself then follows the program's NDEBUG, as on the host.
#pragma once

#include <cassert>

#if defined(__SYCL_DEVICE_ONLY__) && defined(__GLIBC__)
#pragma push_macro("NDEBUG")
#undef NDEBUG
#include <assert.h>
#pragma pop_macro("NDEBUG")
#include <assert.h>

#include "../ext/oneapi/experimental/printf.hpp"

extern "C" inline void __smcp_assert_fail(const char *Expr, const char *File, unsigned Line,
                                          const char *Function) noexcept {
  __spirv_ocl_printf("%s:%u: %s: Assertion `%s' failed.\n", File, Line, Function, Expr);
}
#define __assert_fail __smcp_assert_fail
#endif
