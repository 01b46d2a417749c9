// What the native OpenCL baselines share: error checking and building one
// program on the first device of the first platform (PoCL on a bare machine).
#pragma once

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <cstdio>
#include <cstdlib>

#define CHECK(X)                                                                                   \
  do {                                                                                             \
    cl_int E = (X);                                                                                \
    if (E != CL_SUCCESS) {                                                                         \
      std::fprintf(stderr, "%s failed: %d\n", #X, E);                                             \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

struct opencl_setup {
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  cl_program program;
};

/// Context, in-order queue and the built program on the first device.
inline opencl_setup opencl_build(const char *Source) {
  opencl_setup S;
  cl_platform_id P;
  cl_int Err;
  CHECK(clGetPlatformIDs(1, &P, nullptr));
  CHECK(clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 1, &S.device, nullptr));
  S.context = clCreateContext(nullptr, 1, &S.device, nullptr, nullptr, &Err);
  CHECK(Err);
  S.queue = clCreateCommandQueueWithProperties(S.context, S.device, nullptr, &Err);
  CHECK(Err);
  S.program = clCreateProgramWithSource(S.context, 1, &Source, nullptr, &Err);
  CHECK(Err);
  CHECK(clBuildProgram(S.program, 1, &S.device, "-cl-std=CL1.2", nullptr, nullptr));
  return S;
}

inline void opencl_release(opencl_setup &S) {
  clReleaseProgram(S.program);
  clReleaseCommandQueue(S.queue);
  clReleaseContext(S.context);
}
