// cuda_api.h - the part of the CUDA driver API the adapter uses, declared by
// the project itself so that the adapter builds where no cuda.h exists.
//
// The driver is libcuda.so.1, loaded at run time (cuda_api.cpp). Every
// function is bound by the symbol the driver exports for the API version
// these prototypes describe (cuMemAlloc is cuMemAlloc_v2, cuEventElapsedTime
// is cuEventElapsedTime_v2 in CUDA 13's cuda.h, ...): that is what cuda.h's
// #defines select, and binding the unversioned name would get an older ABI. cuda_api_check.cpp compares every type, value and prototype
// here with cuda.h wherever cuda.h is installed; changing this file without
// that check passing is a bug.
#pragma once

#include "../adapter_abi.h"

#include <cstddef>

// The driver's opaque handle types, under the driver's own struct tags (as in
// cuda.h), so that these handles are the very types CUDA interop code uses.
struct CUctx_st;
struct CUstream_st;
struct CUevent_st;
struct CUmod_st;
struct CUfunc_st;
struct CUarray_st;
struct CUDA_RESOURCE_VIEW_DESC_st;

namespace smcp::cuda {

using CUdevice = int;
using CUdeviceptr = unsigned long long; // 64-bit builds only, as in cuda.h
using CUcontext = ::CUctx_st *;
using CUstream = ::CUstream_st *;
using CUevent = ::CUevent_st *;
using CUmodule = ::CUmod_st *;
using CUfunction = ::CUfunc_st *;
using CUarray = ::CUarray_st *;
using CUtexObject = unsigned long long;

// Enumerations: only the values the adapter uses. Each list is (name, value),
// so the compile test can check every value against cuda.h.
#define SMCP_CUDA_ENUMERATOR(name, value) name = value,

#define SMCP_CUDA_RESULT_VALUES(X)                                                           \
  X(CUDA_SUCCESS, 0)                                                                         \
  X(CUDA_ERROR_INVALID_VALUE, 1)                                                             \
  X(CUDA_ERROR_OUT_OF_MEMORY, 2)                                                             \
  X(CUDA_ERROR_NOT_INITIALIZED, 3)                                                           \
  X(CUDA_ERROR_DEINITIALIZED, 4)                                                             \
  X(CUDA_ERROR_STUB_LIBRARY, 34)                                                             \
  X(CUDA_ERROR_NO_DEVICE, 100)                                                               \
  X(CUDA_ERROR_INVALID_IMAGE, 200)                                                           \
  X(CUDA_ERROR_NO_BINARY_FOR_GPU, 209)                                                       \
  X(CUDA_ERROR_INVALID_PTX, 218)                                                             \
  X(CUDA_ERROR_JIT_COMPILER_NOT_FOUND, 221)                                                  \
  X(CUDA_ERROR_UNSUPPORTED_PTX_VERSION, 222)                                                 \
  X(CUDA_ERROR_JIT_COMPILATION_DISABLED, 223)                                                \
  X(CUDA_ERROR_INVALID_SOURCE, 300)                                                          \
  X(CUDA_ERROR_INVALID_HANDLE, 400)                                                          \
  X(CUDA_ERROR_NOT_FOUND, 500)                                                               \
  X(CUDA_ERROR_NOT_READY, 600)                                                               \
  X(CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED, 704)
enum CUresult { SMCP_CUDA_RESULT_VALUES(SMCP_CUDA_ENUMERATOR) };

#define SMCP_CUDA_DEVICE_ATTRIBUTE_VALUES(X)                                                 \
  X(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 1)                                            \
  X(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, 2)                                                  \
  X(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, 3)                                                  \
  X(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, 4)                                                  \
  X(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, 5)                                                   \
  X(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, 6)                                                   \
  X(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, 7)                                                   \
  X(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, 8)                                      \
  X(CU_DEVICE_ATTRIBUTE_WARP_SIZE, 10)                                                       \
  X(CU_DEVICE_ATTRIBUTE_CLOCK_RATE, 13)                                                      \
  X(CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT, 14)                                               \
  X(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 16)                                            \
  X(CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT, 51)                                         \
  X(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH, 70)                                  \
  X(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT, 71)                                 \
  X(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH, 72)                                  \
  X(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 75)                                        \
  X(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 76)                                        \
  X(CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, 83)                                                  \
  X(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, 97)
enum CUdevice_attribute { SMCP_CUDA_DEVICE_ATTRIBUTE_VALUES(SMCP_CUDA_ENUMERATOR) };

#define SMCP_CUDA_FUNCTION_ATTRIBUTE_VALUES(X)                                               \
  X(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 0)                                              \
  X(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, 1)                                                  \
  X(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, 3)                                                   \
  X(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 8)
enum CUfunction_attribute { SMCP_CUDA_FUNCTION_ATTRIBUTE_VALUES(SMCP_CUDA_ENUMERATOR) };

#define SMCP_CUDA_JIT_OPTION_VALUES(X)                                                       \
  X(CU_JIT_INFO_LOG_BUFFER, 3)                                                               \
  X(CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, 4)                                                    \
  X(CU_JIT_ERROR_LOG_BUFFER, 5)                                                              \
  X(CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, 6)
enum CUjit_option { SMCP_CUDA_JIT_OPTION_VALUES(SMCP_CUDA_ENUMERATOR) };

#define SMCP_CUDA_MEMORY_TYPE_VALUES(X)                                                      \
  X(CU_MEMORYTYPE_HOST, 1)                                                                   \
  X(CU_MEMORYTYPE_DEVICE, 2)                                                                 \
  X(CU_MEMORYTYPE_UNIFIED, 4)
enum CUmemorytype { SMCP_CUDA_MEMORY_TYPE_VALUES(SMCP_CUDA_ENUMERATOR) };

#define SMCP_CUDA_POINTER_ATTRIBUTE_VALUES(X)                                                \
  X(CU_POINTER_ATTRIBUTE_CONTEXT, 1)                                                         \
  X(CU_POINTER_ATTRIBUTE_MEMORY_TYPE, 2)
enum CUpointer_attribute { SMCP_CUDA_POINTER_ATTRIBUTE_VALUES(SMCP_CUDA_ENUMERATOR) };

#define SMCP_CUDA_RESOURCE_TYPE_VALUES(X) X(CU_RESOURCE_TYPE_PITCH2D, 0x03)
enum CUresourcetype { SMCP_CUDA_RESOURCE_TYPE_VALUES(SMCP_CUDA_ENUMERATOR) };

#define SMCP_CUDA_ARRAY_FORMAT_VALUES(X)                                                     \
  X(CU_AD_FORMAT_UNSIGNED_INT8, 0x01)                                                        \
  X(CU_AD_FORMAT_UNSIGNED_INT16, 0x02)                                                       \
  X(CU_AD_FORMAT_UNSIGNED_INT32, 0x03)                                                       \
  X(CU_AD_FORMAT_SIGNED_INT8, 0x08)                                                          \
  X(CU_AD_FORMAT_SIGNED_INT16, 0x09)                                                         \
  X(CU_AD_FORMAT_SIGNED_INT32, 0x0a)                                                         \
  X(CU_AD_FORMAT_HALF, 0x10)                                                                 \
  X(CU_AD_FORMAT_FLOAT, 0x20)
enum CUarray_format { SMCP_CUDA_ARRAY_FORMAT_VALUES(SMCP_CUDA_ENUMERATOR) };

#define SMCP_CUDA_ADDRESS_MODE_VALUES(X)                                                     \
  X(CU_TR_ADDRESS_MODE_WRAP, 0)                                                              \
  X(CU_TR_ADDRESS_MODE_CLAMP, 1)                                                             \
  X(CU_TR_ADDRESS_MODE_MIRROR, 2)                                                            \
  X(CU_TR_ADDRESS_MODE_BORDER, 3)
enum CUaddress_mode { SMCP_CUDA_ADDRESS_MODE_VALUES(SMCP_CUDA_ENUMERATOR) };

#define SMCP_CUDA_FILTER_MODE_VALUES(X)                                                      \
  X(CU_TR_FILTER_MODE_POINT, 0)                                                              \
  X(CU_TR_FILTER_MODE_LINEAR, 1)
enum CUfilter_mode { SMCP_CUDA_FILTER_MODE_VALUES(SMCP_CUDA_ENUMERATOR) };

// Flag words the driver takes as unsigned int (cuda.h has enums or #defines).
#define SMCP_CUDA_FLAG_VALUES(X)                                                             \
  X(CU_STREAM_NON_BLOCKING, 0x1)                                                             \
  X(CU_EVENT_DEFAULT, 0x0)                                                                   \
  X(CU_EVENT_DISABLE_TIMING, 0x2)                                                            \
  X(CU_MEM_ATTACH_GLOBAL, 0x1)                                                               \
  X(CU_MEMHOSTALLOC_PORTABLE, 0x1)                                                           \
  X(CU_TRSF_READ_AS_INTEGER, 0x1)                                                            \
  X(CU_TRSF_NORMALIZED_COORDINATES, 0x2)
enum : unsigned int { SMCP_CUDA_FLAG_VALUES(SMCP_CUDA_ENUMERATOR) };

/// A 3-D copy between pitched regions (cuMemcpy3DAsync_v2), cuda.h's
/// CUDA_MEMCPY3D_v2 field for field.
struct CUDA_MEMCPY3D {
  size_t srcXInBytes, srcY, srcZ, srcLOD;
  CUmemorytype srcMemoryType;
  const void *srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  void *reserved0;
  size_t srcPitch, srcHeight;
  size_t dstXInBytes, dstY, dstZ, dstLOD;
  CUmemorytype dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  void *reserved1;
  size_t dstPitch, dstHeight;
  size_t WidthInBytes, Height, Depth;
};

/// What a texture reads (cuTexObjectCreate): cuda.h's CUDA_RESOURCE_DESC
/// with the one member of its union the adapter fills, pitch2D, and the
/// union's full size.
struct CUDA_RESOURCE_DESC {
  CUresourcetype resType;
  union {
    struct {
      CUdeviceptr devPtr;
      CUarray_format format;
      unsigned int numChannels;
      size_t width, height, pitchInBytes;
    } pitch2D;
    struct {
      int reserved[32];
    } reserved;
  } res;
  unsigned int flags;
};

/// How a texture reads: cuda.h's CUDA_TEXTURE_DESC field for field.
struct CUDA_TEXTURE_DESC {
  CUaddress_mode addressMode[3];
  CUfilter_mode filterMode;
  unsigned int flags;
  unsigned int maxAnisotropy;
  CUfilter_mode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
  float borderColor[4];
  int reserved[12];
};

// The driver's functions: (name the adapter calls, symbol libcuda.so.1
// exports, parameters). All return CUresult. A missing required symbol makes
// the adapter unusable; a missing optional one only disables what needs it.
#define SMCP_CUDA_REQUIRED_FUNCTIONS(X)                                                      \
  X(cuGetErrorName, cuGetErrorName, (CUresult error, const char **name))                     \
  X(cuGetErrorString, cuGetErrorString, (CUresult error, const char **text))                 \
  X(cuInit, cuInit, (unsigned int flags))                                                    \
  X(cuDriverGetVersion, cuDriverGetVersion, (int *version))                                  \
  X(cuDeviceGetCount, cuDeviceGetCount, (int *count))                                        \
  X(cuDeviceGet, cuDeviceGet, (CUdevice * device, int ordinal))                              \
  X(cuDeviceGetName, cuDeviceGetName, (char *name, int length, CUdevice device))             \
  X(cuDeviceGetAttribute, cuDeviceGetAttribute,                                              \
    (int *value, CUdevice_attribute attribute, CUdevice device))                             \
  X(cuDeviceTotalMem, cuDeviceTotalMem_v2, (size_t * bytes, CUdevice device))                \
  X(cuDevicePrimaryCtxRetain, cuDevicePrimaryCtxRetain, (CUcontext * context, CUdevice device)) \
  X(cuDevicePrimaryCtxRelease, cuDevicePrimaryCtxRelease_v2, (CUdevice device))              \
  X(cuCtxSetCurrent, cuCtxSetCurrent, (CUcontext context))                                   \
  X(cuStreamCreate, cuStreamCreate, (CUstream * stream, unsigned int flags))                 \
  X(cuStreamDestroy, cuStreamDestroy_v2, (CUstream stream))                                  \
  X(cuStreamSynchronize, cuStreamSynchronize, (CUstream stream))                             \
  X(cuStreamWaitEvent, cuStreamWaitEvent, (CUstream stream, CUevent event, unsigned int flags)) \
  X(cuEventCreate, cuEventCreate, (CUevent * event, unsigned int flags))                     \
  X(cuEventDestroy, cuEventDestroy_v2, (CUevent event))                                      \
  X(cuEventRecord, cuEventRecord, (CUevent event, CUstream stream))                          \
  X(cuEventQuery, cuEventQuery, (CUevent event))                                             \
  X(cuEventSynchronize, cuEventSynchronize, (CUevent event))                                 \
  X(cuMemAlloc, cuMemAlloc_v2, (CUdeviceptr * pointer, size_t bytes))                        \
  X(cuMemAllocManaged, cuMemAllocManaged,                                                    \
    (CUdeviceptr * pointer, size_t bytes, unsigned int flags))                               \
  X(cuMemHostAlloc, cuMemHostAlloc, (void **pointer, size_t bytes, unsigned int flags))      \
  X(cuMemFree, cuMemFree_v2, (CUdeviceptr pointer))                                          \
  X(cuMemFreeHost, cuMemFreeHost, (void *pointer))                                           \
  X(cuPointerGetAttribute, cuPointerGetAttribute,                                            \
    (void *value, CUpointer_attribute attribute, CUdeviceptr pointer))                       \
  X(cuMemcpyAsync, cuMemcpyAsync,                                                            \
    (CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream stream))                       \
  X(cuMemcpy3DAsync, cuMemcpy3DAsync_v2, (const CUDA_MEMCPY3D *copy, CUstream stream))       \
  X(cuMemsetD8Async, cuMemsetD8Async,                                                        \
    (CUdeviceptr dst, unsigned char value, size_t count, CUstream stream))                   \
  X(cuMemsetD16Async, cuMemsetD16Async,                                                      \
    (CUdeviceptr dst, unsigned short value, size_t count, CUstream stream))                  \
  X(cuMemsetD32Async, cuMemsetD32Async,                                                      \
    (CUdeviceptr dst, unsigned int value, size_t count, CUstream stream))                    \
  X(cuModuleLoadDataEx, cuModuleLoadDataEx,                                                  \
    (CUmodule * module, const void *image, unsigned int num_options, CUjit_option *options,  \
     void **option_values))                                                                  \
  X(cuModuleUnload, cuModuleUnload, (CUmodule module))                                       \
  X(cuModuleGetFunction, cuModuleGetFunction,                                                \
    (CUfunction * function, CUmodule module, const char *name))                              \
  X(cuModuleGetGlobal, cuModuleGetGlobal_v2,                                                 \
    (CUdeviceptr * pointer, size_t *bytes, CUmodule module, const char *name))               \
  X(cuFuncGetAttribute, cuFuncGetAttribute,                                                  \
    (int *value, CUfunction_attribute attribute, CUfunction function))                       \
  X(cuFuncSetAttribute, cuFuncSetAttribute,                                                  \
    (CUfunction function, CUfunction_attribute attribute, int value))                        \
  X(cuLaunchKernel, cuLaunchKernel,                                                          \
    (CUfunction function, unsigned int grid_x, unsigned int grid_y, unsigned int grid_z,     \
     unsigned int block_x, unsigned int block_y, unsigned int block_z,                       \
     unsigned int shared_bytes, CUstream stream, void **params, void **extra))

// Newer than the oldest driver the adapter otherwise runs on.
#define SMCP_CUDA_OPTIONAL_FUNCTIONS(X)                                                      \
  /* Recent drivers only: the parameter count behind SMCP_KERNEL_INFO_NUM_ARGS. */          \
  X(cuFuncGetParamInfo, cuFuncGetParamInfo,                                                  \
    (CUfunction function, size_t index, size_t *offset, size_t *size))                       \
  /* Profiling timestamps (the _v2 symbol is what CUDA 13's cuda.h binds). */              \
  X(cuEventElapsedTime, cuEventElapsedTime_v2, (float *milliseconds, CUevent start, CUevent end)) \
  /* Peer copies between two GPUs (without them, libsycl goes through the host). */        \
  X(cuDeviceCanAccessPeer, cuDeviceCanAccessPeer,                                            \
    (int *can_access, CUdevice device, CUdevice peer))                                       \
  X(cuCtxEnablePeerAccess, cuCtxEnablePeerAccess, (CUcontext peer, unsigned int flags))      \
  X(cuMemcpyPeerAsync, cuMemcpyPeerAsync,                                                    \
    (CUdeviceptr dst, CUcontext dst_context, CUdeviceptr src, CUcontext src_context,         \
     size_t bytes, CUstream stream))                                                         \
  /* Texture objects (without them, sampled images are read in code). */                    \
  X(cuTexObjectCreate, cuTexObjectCreate,                                                    \
    (CUtexObject * texture, const CUDA_RESOURCE_DESC *resource,                              \
     const CUDA_TEXTURE_DESC *how, const ::CUDA_RESOURCE_VIEW_DESC_st *view))                \
  X(cuTexObjectDestroy, cuTexObjectDestroy, (CUtexObject texture))

#define SMCP_CUDA_FUNCTION_TYPE(name, symbol, params) using name##_fn = CUresult params;
SMCP_CUDA_REQUIRED_FUNCTIONS(SMCP_CUDA_FUNCTION_TYPE)
SMCP_CUDA_OPTIONAL_FUNCTIONS(SMCP_CUDA_FUNCTION_TYPE)
#undef SMCP_CUDA_FUNCTION_TYPE

/// The driver's entry points; a member is NULL until load_driver bound it.
struct driver_api {
#define SMCP_CUDA_FUNCTION_POINTER(name, symbol, params) name##_fn *name = nullptr;
  SMCP_CUDA_REQUIRED_FUNCTIONS(SMCP_CUDA_FUNCTION_POINTER)
  SMCP_CUDA_OPTIONAL_FUNCTIONS(SMCP_CUDA_FUNCTION_POINTER)
#undef SMCP_CUDA_FUNCTION_POINTER
};

/// Filled once by load_driver, read-only afterwards.
extern driver_api driver;

/// dlopens libcuda.so.1, binds every function and calls cuInit(0).
/// SMCP_ERROR_UNINITIALIZED, with the reason as the last error, when there
/// is no driver, it lacks a required symbol, or cuInit fails.
smcp_result load_driver();

} // namespace smcp::cuda
