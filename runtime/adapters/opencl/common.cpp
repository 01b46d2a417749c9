// common.cpp - error mapping and tracing for the OpenCL adapter (the last
// error itself is kept by ../support/adapter_support.h).
#include "common.h"
#include "entry_points.h"

#include <string>

namespace smcp::opencl {

const char *cl_error_name(cl_int code) {
  switch (code) {
#define SMCP_CL_ERR(name) case name: return #name;
    SMCP_CL_ERR(CL_SUCCESS)
    SMCP_CL_ERR(CL_DEVICE_NOT_FOUND)
    SMCP_CL_ERR(CL_DEVICE_NOT_AVAILABLE)
    SMCP_CL_ERR(CL_COMPILER_NOT_AVAILABLE)
    SMCP_CL_ERR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    SMCP_CL_ERR(CL_OUT_OF_RESOURCES)
    SMCP_CL_ERR(CL_OUT_OF_HOST_MEMORY)
    SMCP_CL_ERR(CL_PROFILING_INFO_NOT_AVAILABLE)
    SMCP_CL_ERR(CL_MEM_COPY_OVERLAP)
    SMCP_CL_ERR(CL_BUILD_PROGRAM_FAILURE)
    SMCP_CL_ERR(CL_MAP_FAILURE)
    SMCP_CL_ERR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    SMCP_CL_ERR(CL_COMPILE_PROGRAM_FAILURE)
    SMCP_CL_ERR(CL_LINKER_NOT_AVAILABLE)
    SMCP_CL_ERR(CL_LINK_PROGRAM_FAILURE)
    SMCP_CL_ERR(CL_INVALID_VALUE)
    SMCP_CL_ERR(CL_INVALID_DEVICE_TYPE)
    SMCP_CL_ERR(CL_INVALID_PLATFORM)
    SMCP_CL_ERR(CL_INVALID_DEVICE)
    SMCP_CL_ERR(CL_INVALID_CONTEXT)
    SMCP_CL_ERR(CL_INVALID_QUEUE_PROPERTIES)
    SMCP_CL_ERR(CL_INVALID_COMMAND_QUEUE)
    SMCP_CL_ERR(CL_INVALID_HOST_PTR)
    SMCP_CL_ERR(CL_INVALID_MEM_OBJECT)
    SMCP_CL_ERR(CL_INVALID_BINARY)
    SMCP_CL_ERR(CL_INVALID_BUILD_OPTIONS)
    SMCP_CL_ERR(CL_INVALID_PROGRAM)
    SMCP_CL_ERR(CL_INVALID_PROGRAM_EXECUTABLE)
    SMCP_CL_ERR(CL_INVALID_KERNEL_NAME)
    SMCP_CL_ERR(CL_INVALID_KERNEL_DEFINITION)
    SMCP_CL_ERR(CL_INVALID_KERNEL)
    SMCP_CL_ERR(CL_INVALID_ARG_INDEX)
    SMCP_CL_ERR(CL_INVALID_ARG_VALUE)
    SMCP_CL_ERR(CL_INVALID_ARG_SIZE)
    SMCP_CL_ERR(CL_INVALID_KERNEL_ARGS)
    SMCP_CL_ERR(CL_INVALID_WORK_DIMENSION)
    SMCP_CL_ERR(CL_INVALID_WORK_GROUP_SIZE)
    SMCP_CL_ERR(CL_INVALID_WORK_ITEM_SIZE)
    SMCP_CL_ERR(CL_INVALID_GLOBAL_OFFSET)
    SMCP_CL_ERR(CL_INVALID_EVENT_WAIT_LIST)
    SMCP_CL_ERR(CL_INVALID_EVENT)
    SMCP_CL_ERR(CL_INVALID_OPERATION)
    SMCP_CL_ERR(CL_INVALID_BUFFER_SIZE)
    SMCP_CL_ERR(CL_INVALID_GLOBAL_WORK_SIZE)
    SMCP_CL_ERR(CL_INVALID_PROPERTY)
    SMCP_CL_ERR(CL_INVALID_COMPILER_OPTIONS)
    SMCP_CL_ERR(CL_INVALID_LINKER_OPTIONS)
    SMCP_CL_ERR(CL_INVALID_DEVICE_QUEUE)
    SMCP_CL_ERR(CL_INVALID_SPEC_ID)
#undef SMCP_CL_ERR
  case -1001:
    return "CL_PLATFORM_NOT_FOUND_KHR";
  default:
    return "CL_UNKNOWN_ERROR";
  }
}

smcp_result to_result(cl_int code) {
  switch (code) {
  case CL_SUCCESS:
    return SMCP_SUCCESS;
  case CL_OUT_OF_HOST_MEMORY:
  case CL_OUT_OF_RESOURCES:
  case CL_MEM_OBJECT_ALLOCATION_FAILURE:
    return SMCP_ERROR_OUT_OF_MEMORY;
  case CL_BUILD_PROGRAM_FAILURE:
  case CL_COMPILE_PROGRAM_FAILURE:
  case CL_LINK_PROGRAM_FAILURE:
    return SMCP_ERROR_BUILD_FAILED;
  case CL_INVALID_KERNEL_NAME:
    return SMCP_ERROR_NOT_FOUND;
  case CL_DEVICE_NOT_AVAILABLE:
    return SMCP_ERROR_DEVICE_LOST;
  case -1001: // CL_PLATFORM_NOT_FOUND_KHR: the ICD loader found no driver
    return SMCP_ERROR_UNINITIALIZED;
  case CL_INVALID_VALUE:
  case CL_INVALID_ARG_INDEX:
  case CL_INVALID_ARG_VALUE:
  case CL_INVALID_ARG_SIZE:
  case CL_INVALID_WORK_DIMENSION:
  case CL_INVALID_WORK_GROUP_SIZE:
  case CL_INVALID_WORK_ITEM_SIZE:
  case CL_INVALID_GLOBAL_WORK_SIZE:
    return SMCP_ERROR_INVALID_ARGUMENT;
  default:
    return SMCP_ERROR_BACKEND;
  }
}

bool check(cl_int code, const char *call, const char *file, int line) {
  return adapter::check_native(backend_name, code == CL_SUCCESS, call, code, cl_error_name(code),
                               file, line);
}

smcp_result fail(smcp_result result, const char *call, cl_int code, std::string message) {
  return adapter::fail_native(backend_name, result, call, code, cl_error_name(code),
                              std::move(message));
}

void get_last_error(smcp_error_info *out) { adapter::read_last_failure(backend_name, out); }

namespace {

/// A string-valued clGet*Info query; empty on failure.
template <typename Query, typename Handle>
std::string info_string(Query query, Handle handle, cl_uint what) {
  size_t n = 0;
  if (query(handle, what, 0, nullptr, &n) != CL_SUCCESS || n == 0)
    return {};
  std::string s(n, '\0');
  if (query(handle, what, n, s.data(), nullptr) != CL_SUCCESS)
    return {};
  s.resize(s.find('\0') == std::string::npos ? n : s.find('\0'));
  return s;
}

} // namespace

std::string device_string(cl_device_id device, cl_device_info what) {
  return info_string(clGetDeviceInfo, device, what);
}

std::string platform_string(cl_platform_id platform, cl_platform_info what) {
  return info_string(clGetPlatformInfo, platform, what);
}

} // namespace smcp::opencl
