// common.h - error recording, tracing and the call macro of the OpenCL adapter.
//
// Every OpenCL call goes through SMCP_CL_CALL / SMCP_CL_CHECK, which prints
// the SMCP_TRACE=1 line and, on failure, records {backend, call, native code
// and name, file:line} as this thread's last error, so the trace and the error
// libsycl raises always agree.
#pragma once

#include "../adapter_abi.h"
#include "../support/adapter_support.h"

#include <sycl/detail/abi/backends.h>

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <cstdio>
#include <string>

namespace smcp::opencl {

constexpr const char *backend_name = smcp::abi::backend_name(smcp::abi::backend_id::opencl);

/// The OpenCL name of an error code, e.g. "CL_OUT_OF_RESOURCES".
const char *cl_error_name(cl_int code);

/// Maps an OpenCL error code onto the adapter ABI's result codes.
smcp_result to_result(cl_int code);

/// Traces a native call; on failure also records it as the last error.
/// Returns true when code is CL_SUCCESS.
bool check(cl_int code, const char *call, const char *file, int line);

/// Records a failure that has no OpenCL code of its own (or needs a message,
/// like a build log) and returns result.
smcp_result fail(smcp_result result, const char *call, cl_int code, std::string message);

using adapter::return_info;
using adapter::trace_enabled;

inline cl_device_id to_cl(smcp_device d) { return reinterpret_cast<cl_device_id>(d); }
inline cl_platform_id to_cl(smcp_platform p) { return reinterpret_cast<cl_platform_id>(p); }
inline cl_context to_cl(smcp_context c) { return reinterpret_cast<cl_context>(c); }
inline cl_command_queue to_cl(smcp_queue q) { return reinterpret_cast<cl_command_queue>(q); }
inline cl_event to_cl(smcp_event e) { return reinterpret_cast<cl_event>(e); }
inline cl_program to_cl(smcp_program p) { return reinterpret_cast<cl_program>(p); }
inline const cl_event *to_cl(const smcp_event *e) { return reinterpret_cast<const cl_event *>(e); }
/// A kernel handle is the adapter's own record around the cl_kernel (kernel.cpp).
cl_kernel to_cl(smcp_kernel k);

/// String-valued clGetDeviceInfo / clGetPlatformInfo queries; empty on failure.
std::string device_string(cl_device_id device, cl_device_info what);
std::string platform_string(cl_platform_id platform, cl_platform_info what);

} // namespace smcp::opencl

/// Calls an OpenCL function returning cl_int; returns the mapped smcp_result on failure.
#define SMCP_CL_CALL(fn, args)                                                  \
  do {                                                                          \
    cl_int smcp_cl_err_ = fn args;                                              \
    if (!::smcp::opencl::check(smcp_cl_err_, #fn, __FILE__, __LINE__))         \
      return ::smcp::opencl::to_result(smcp_cl_err_);                           \
  } while (0)

/// Checks the error code an OpenCL constructor function wrote to its errcode_ret.
#define SMCP_CL_CHECK(err, fn)                                                  \
  do {                                                                          \
    if (!::smcp::opencl::check(err, #fn, __FILE__, __LINE__))                   \
      return ::smcp::opencl::to_result(err);                                    \
  } while (0)

namespace smcp::opencl {
// Device capability checks shared by device.cpp, usm.cpp and program.cpp.
bool device_accepts_spirv_il(cl_device_id device);
bool device_has_extension(cl_device_id device, const char *name);
bool device_has_fine_grain_svm(cl_device_id device);
} // namespace smcp::opencl
