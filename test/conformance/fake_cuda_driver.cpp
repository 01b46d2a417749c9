// fake_cuda_driver.cpp - a stand-in libcuda.so.1 for machines without an
// NVIDIA GPU, so that the conformance suite drives the real CUDA adapter
// (adapter-conformance.cuda-fake-driver) everywhere.
//
// It exports the symbols of runtime/adapters/cuda/cuda_api.h (the same
// X-macro lists, so it cannot drift from the prototypes), pretends to be one
// H100-like device (SMCP_FAKE_CUDA_DEVICES=N: N of them, each pair linked
// for peer access unless SMCP_FAKE_CUDA_NO_PEERS is set), runs every stream operation at once on the host, and
// runs the suite's kernels (cuda_kernels.ll) on the host by name, reading
// their parameters the way the GPU does: params[i] points at the i-th
// parameter's bytes, local memory is an offset into the launch's dynamic
// shared memory. It is strict where the real driver is: calls that need a
// current context fail without the right one, timing queries need timing
// events, dynamic shared memory above 48 KiB needs the function's opt-in.
// What it cannot check: real concurrency and the PTX itself (ptxas does that,
// see cuda-conformance-kernels.ptxas).
#include "cuda_api.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <condition_variable>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace smcp::cuda;

extern "C" {
#define SMCP_FAKE_EXPORT(name, symbol, params)                                               \
  __attribute__((visibility("default"))) CUresult symbol params;
SMCP_CUDA_REQUIRED_FUNCTIONS(SMCP_FAKE_EXPORT)
SMCP_CUDA_OPTIONAL_FUNCTIONS(SMCP_FAKE_EXPORT)
#undef SMCP_FAKE_EXPORT
}

namespace {

// Results the adapter's lists need not know.
constexpr auto invalid_context = CUresult(201);
constexpr auto illegal_address = CUresult(700);

constexpr uint64_t default_shared = 48 * 1024, optin_shared = 227 * 1024;

struct fake_context {
  int refs = 0;
};
struct fake_stream {
  CUcontext context;
};
struct fake_event {
  CUcontext context;
  bool timing;
  bool recorded = false;
  std::chrono::steady_clock::time_point when{};
};
struct fake_function {
  std::string name;
  size_t params = 0;
  uint64_t max_dynamic_shared = default_shared;
  CUcontext context = nullptr;
};
struct fake_module {
  std::map<std::string, fake_function> functions;
};
enum class memory { device, host, managed };
struct allocation {
  size_t size;
  memory kind;
  CUcontext context;
};

std::recursive_mutex mutex; // one driver lock: everything below is shared
constexpr int max_devices = 8;
fake_context contexts[max_devices]; // each device's primary context
bool initialised = false;
std::vector<std::pair<CUcontext, CUcontext>> peer_access; // (from, to) enabled
std::map<uintptr_t, allocation> allocations;
/// Texture objects: what cuTexObjectCreate was given.
struct fake_texture {
  CUDA_RESOURCE_DESC resource;
  CUDA_TEXTURE_DESC how;
};
std::map<CUtexObject, fake_texture> textures;
CUtexObject next_texture = 1;
constexpr int texture_alignment = 512, texture_pitch_alignment = 32;
thread_local CUcontext current = nullptr;

int device_count() {
  const char *n = std::getenv("SMCP_FAKE_CUDA_DEVICES");
  return n ? std::max(1, std::min(max_devices, std::atoi(n))) : 1;
}
CUcontext primary(CUdevice d) { return reinterpret_cast<CUcontext>(&contexts[d]); }
fake_context *context_of(CUcontext c) {
  for (auto &f : contexts)
    if (c == reinterpret_cast<CUcontext>(&f))
      return &f;
  return nullptr;
}
bool has_context() {
  const fake_context *c = context_of(current);
  return c && c->refs > 0;
}

template <typename T, typename H> T *of(H handle) { return reinterpret_cast<T *>(handle); }

const allocation *find_allocation(CUdeviceptr p) {
  auto it = allocations.upper_bound(uintptr_t(p));
  if (it == allocations.begin())
    return nullptr;
  --it;
  return uintptr_t(p) < it->first + it->second.size ? &it->second : nullptr;
}

/// Whether [p, p + bytes) lies in one allocation of the current context.
bool in_one_allocation(CUdeviceptr p, size_t bytes) {
  auto it = allocations.upper_bound(uintptr_t(p));
  if (it == allocations.begin())
    return false;
  --it;
  return it->second.context == current && uintptr_t(p) + bytes <= it->first + it->second.size;
}

/// "name(" after each ".entry", and its ".param" lines up to ")".
bool parse_ptx(const char *text, fake_module &m, std::string &error) {
  const std::string ptx = text;
  if (ptx.find(".version") == std::string::npos) {
    error = "fake driver: the image is neither PTX text nor a binary it knows";
    return false;
  }
  for (size_t at = ptx.find(".entry "); at != std::string::npos;
       at = ptx.find(".entry ", at + 1)) {
    const size_t name_start = at + 7, open = ptx.find('(', name_start);
    const size_t close = ptx.find(')', open);
    fake_function f;
    f.name = ptx.substr(name_start, open - name_start);
    for (size_t p = ptx.find(".param", open); p != std::string::npos && p < close;
         p = ptx.find(".param", p + 1))
      ++f.params;
    f.context = current;
    m.functions[f.name] = f;
  }
  return true;
}

template <typename T> T param(void **params, int i) {
  T v;
  std::memcpy(&v, params[i], sizeof(T));
  return v;
}

/// The suite's kernels, over the whole grid.
CUresult run_kernel(const fake_function &f, const unsigned grid[3], const unsigned block[3],
                    unsigned shared_bytes, void **params) {
  const uint64_t width = uint64_t(grid[0]) * block[0], height = uint64_t(grid[1]) * block[1];
  if (f.name == "fill_ids") {
    int *out = param<int *>(params, 0);
    const int base = param<int>(params, 1);
    for (uint64_t i = 0; i < width; ++i)
      out[i] = base + int(i);
  } else if (f.name == "rows_cols") {
    int *out = param<int *>(params, 0);
    const long row = param<long>(params, 1);
    for (uint64_t y = 0; y < height; ++y)
      for (uint64_t x = 0; x < width; ++x)
        out[y * uint64_t(row) + x] = int(y * 1000 + x);
  } else if (f.name == "texture_fetch") {
    // The one texture the suite reads: 4 floats per texel, the nearest
    // texel of unnormalized coordinates, clamped to the edge.
    float *out = param<float *>(params, 0);
    auto it = textures.find(param<CUtexObject>(params, 1));
    if (it == textures.end())
      return illegal_address;
    const auto &image = it->second.resource.res.pitch2D;
    const auto &how = it->second.how;
    if (image.format != CU_AD_FORMAT_FLOAT || image.numChannels != 4 ||
        how.filterMode != CU_TR_FILTER_MODE_POINT || how.flags != 0 ||
        how.addressMode[0] != CU_TR_ADDRESS_MODE_CLAMP)
      return CUDA_ERROR_INVALID_VALUE; // more than the fake reads
    auto texel = [](float u, size_t n) {
      return size_t(std::clamp<long>(long(std::floor(u)), 0, long(n) - 1));
    };
    const size_t x = texel(param<float>(params, 2), image.width);
    const size_t y = texel(param<float>(params, 3), image.height);
    std::memcpy(out, reinterpret_cast<const char *>(image.devPtr) + y * image.pitchInBytes + x * 16,
                16);
  } else if (f.name == "group_reverse") {
    int *out = param<int *>(params, 0);
    const uint64_t a = param<uint64_t>(params, 1), b = param<uint64_t>(params, 2);
    const uint64_t n = block[0];
    if (a + n * 4 > shared_bytes || b + n * 4 > shared_bytes)
      return illegal_address; // past the dynamic shared memory of the launch
    std::vector<char> shared(shared_bytes);
    for (uint64_t group = 0; group < grid[0]; ++group) {
      int *la = reinterpret_cast<int *>(shared.data() + a);
      int *lb = reinterpret_cast<int *>(shared.data() + b);
      for (uint64_t lid = 0; lid < n; ++lid) { // before the barrier
        la[lid] = int(group * n + lid);
        lb[lid] = 1;
      }
      for (uint64_t lid = 0; lid < n; ++lid) // after it
        out[group * n + lid] = 2 * la[n - 1 - lid] + lb[lid];
    }
  }
  return CUDA_SUCCESS;
}

CUresult copy(void *dst, const void *src, size_t n) {
  std::memmove(dst, src, n);
  return CUDA_SUCCESS;
}

const char *name_of(CUresult r) {
  switch (r) {
#define SMCP_FAKE_NAME(result, value)                                                        \
  case result:                                                                               \
    return #result;
    SMCP_CUDA_RESULT_VALUES(SMCP_FAKE_NAME)
#undef SMCP_FAKE_NAME
  }
  return nullptr;
}

} // namespace

#define FAKE_LOCK std::lock_guard<std::recursive_mutex> lock(mutex)
#define NEEDS_INIT                                                                           \
  if (!initialised)                                                                          \
  return CUDA_ERROR_NOT_INITIALIZED
#define NEEDS_CONTEXT                                                                        \
  NEEDS_INIT;                                                                                \
  if (!has_context())                                                                        \
  return invalid_context
#define NEEDS_STREAM_CONTEXT(s)                                                              \
  NEEDS_CONTEXT;                                                                             \
  if (!(s) || of<fake_stream>(s)->context != current)                                        \
  return CUDA_ERROR_INVALID_HANDLE

CUresult cuGetErrorName(CUresult error, const char **name) {
  *name = name_of(error);
  return *name ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}
CUresult cuGetErrorString(CUresult error, const char **text) { return cuGetErrorName(error, text); }
CUresult cuInit(unsigned int) {
  FAKE_LOCK;
  initialised = true;
  return CUDA_SUCCESS;
}
CUresult cuDriverGetVersion(int *version) {
  *version = 13000;
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetCount(int *count) {
  NEEDS_INIT;
  *count = device_count();
  return CUDA_SUCCESS;
}
CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  NEEDS_INIT;
  *device = ordinal;
  return ordinal >= 0 && ordinal < device_count() ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}
CUresult cuDeviceGetName(char *name, int length, CUdevice) {
  std::snprintf(name, size_t(length), "%s", "SMCP fake CUDA device");
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute, CUdevice) {
  NEEDS_INIT;
  switch (attribute) {
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = 1024; break;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X: *value = 1024; break;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y: *value = 1024; break;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z: *value = 64; break;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X: *value = 2147483647; break;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y: *value = 65535; break;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z: *value = 65535; break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK: *value = int(default_shared); break;
  case CU_DEVICE_ATTRIBUTE_WARP_SIZE: *value = 32; break;
  case CU_DEVICE_ATTRIBUTE_CLOCK_RATE: *value = 1980000; break;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *value = 132; break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *value = 9; break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *value = 0; break;
  case CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY: *value = 1; break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN: *value = int(optin_shared); break;
  case CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT: *value = texture_alignment; break;
  case CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT: *value = texture_pitch_alignment; break;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH: *value = 131072; break;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT: *value = 65000; break;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH: *value = 2097120; break;
  default: return CUDA_ERROR_INVALID_VALUE;
  }
  return CUDA_SUCCESS;
}
CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice) {
  *bytes = size_t(80) << 30;
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  FAKE_LOCK;
  NEEDS_INIT;
  if (device < 0 || device >= device_count())
    return CUDA_ERROR_INVALID_VALUE;
  ++contexts[device].refs;
  *context = primary(device);
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRelease_v2(CUdevice device) {
  FAKE_LOCK;
  if (device < 0 || device >= device_count())
    return CUDA_ERROR_INVALID_VALUE;
  return contexts[device].refs-- > 0 ? CUDA_SUCCESS : invalid_context;
}
CUresult cuCtxSetCurrent(CUcontext context) {
  current = context;
  return CUDA_SUCCESS;
}
CUresult cuStreamCreate(CUstream *stream, unsigned int) {
  NEEDS_CONTEXT;
  *stream = reinterpret_cast<CUstream>(new fake_stream{current});
  return CUDA_SUCCESS;
}
CUresult cuStreamDestroy_v2(CUstream stream) {
  NEEDS_STREAM_CONTEXT(stream);
  delete of<fake_stream>(stream);
  return CUDA_SUCCESS;
}
CUresult cuStreamSynchronize(CUstream stream) {
  NEEDS_STREAM_CONTEXT(stream);
  return CUDA_SUCCESS;
}
CUresult cuStreamWaitEvent(CUstream stream, CUevent event, unsigned int) {
  NEEDS_STREAM_CONTEXT(stream);
  return event ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}
CUresult cuEventCreate(CUevent *event, unsigned int flags) {
  NEEDS_CONTEXT;
  *event = reinterpret_cast<CUevent>(new fake_event{current, !(flags & CU_EVENT_DISABLE_TIMING)});
  return CUDA_SUCCESS;
}
CUresult cuEventDestroy_v2(CUevent event) {
  NEEDS_INIT;
  delete of<fake_event>(event);
  return CUDA_SUCCESS;
}
/// cuEventRecord calls so far: the suite checks that the adapter records
/// events only where they are needed (adapter_conformance.cpp).
std::atomic<uint64_t> event_records{0};
extern "C" __attribute__((visibility("default"))) uint64_t smcp_fake_cuda_event_records() {
  return event_records.load();
}

CUresult cuEventRecord(CUevent event, CUstream stream) {
  FAKE_LOCK;
  ++event_records;
  NEEDS_STREAM_CONTEXT(stream);
  auto *e = of<fake_event>(event);
  if (e->context != current)
    return CUDA_ERROR_INVALID_HANDLE;
  e->recorded = true;
  e->when = std::chrono::steady_clock::now();
  return CUDA_SUCCESS;
}
CUresult cuEventQuery(CUevent event) {
  NEEDS_INIT;
  return event ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE; // commands are done when enqueued
}
CUresult cuEventSynchronize(CUevent event) { return cuEventQuery(event); }
CUresult cuEventElapsedTime_v2(float *milliseconds, CUevent start, CUevent end) {
  NEEDS_INIT;
  auto *a = of<fake_event>(start), *b = of<fake_event>(end);
  if (!a->timing || !b->timing || !a->recorded || !b->recorded)
    return CUDA_ERROR_INVALID_HANDLE;
  *milliseconds = std::chrono::duration<float, std::milli>(b->when - a->when).count();
  return CUDA_SUCCESS;
}

namespace {
CUresult allocate(void **out, size_t bytes, memory kind) {
  FAKE_LOCK;
  NEEDS_CONTEXT;
  void *p = nullptr;
  if (posix_memalign(&p, kind == memory::host ? 4096 : 256, bytes ? bytes : 1) != 0)
    return CUDA_ERROR_OUT_OF_MEMORY;
  allocations[uintptr_t(p)] = {bytes, kind, current};
  *out = p;
  return CUDA_SUCCESS;
}
CUresult release(void *p, bool host) {
  FAKE_LOCK;
  NEEDS_CONTEXT;
  auto it = allocations.find(uintptr_t(p));
  if (it == allocations.end() || (it->second.kind == memory::host) != host)
    return CUDA_ERROR_INVALID_VALUE;
  allocations.erase(it);
  std::free(p);
  return CUDA_SUCCESS;
}
} // namespace

CUresult cuMemAlloc_v2(CUdeviceptr *pointer, size_t bytes) {
  return allocate(reinterpret_cast<void **>(pointer), bytes, memory::device);
}
CUresult cuMemAllocManaged(CUdeviceptr *pointer, size_t bytes, unsigned int flags) {
  if (flags != CU_MEM_ATTACH_GLOBAL)
    return CUDA_ERROR_INVALID_VALUE;
  return allocate(reinterpret_cast<void **>(pointer), bytes, memory::managed);
}
CUresult cuMemHostAlloc(void **pointer, size_t bytes, unsigned int) {
  return allocate(pointer, bytes, memory::host);
}
CUresult cuMemFree_v2(CUdeviceptr pointer) { return release(reinterpret_cast<void *>(pointer), false); }
CUresult cuMemFreeHost(void *pointer) { return release(pointer, true); }
CUresult cuPointerGetAttribute(void *value, CUpointer_attribute attribute, CUdeviceptr pointer) {
  FAKE_LOCK;
  NEEDS_CONTEXT;
  const allocation *a = find_allocation(pointer);
  if (!a)
    return CUDA_ERROR_INVALID_VALUE; // memory the driver does not know (pageable)
  if (attribute == CU_POINTER_ATTRIBUTE_CONTEXT)
    *static_cast<CUcontext *>(value) = a->context;
  else
    *static_cast<unsigned *>(value) = a->kind == memory::host ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
  return CUDA_SUCCESS;
}
CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream stream) {
  NEEDS_STREAM_CONTEXT(stream);
  return copy(reinterpret_cast<void *>(dst), reinterpret_cast<const void *>(src), bytes);
}
// Peer access: granted between any two devices unless SMCP_FAKE_CUDA_NO_PEERS;
// a peer copy names each side's context, which must own that side's memory.
CUresult cuDeviceCanAccessPeer(int *can_access, CUdevice device, CUdevice peer) {
  NEEDS_INIT;
  if (device < 0 || peer < 0 || device >= device_count() || peer >= device_count())
    return CUDA_ERROR_INVALID_VALUE;
  *can_access = device != peer && !std::getenv("SMCP_FAKE_CUDA_NO_PEERS");
  return CUDA_SUCCESS;
}
CUresult cuCtxEnablePeerAccess(CUcontext peer, unsigned int flags) {
  FAKE_LOCK;
  NEEDS_CONTEXT;
  if (flags != 0 || !context_of(peer) || peer == current || std::getenv("SMCP_FAKE_CUDA_NO_PEERS"))
    return CUDA_ERROR_INVALID_VALUE;
  const auto pair = std::make_pair(current, peer);
  if (std::find(peer_access.begin(), peer_access.end(), pair) != peer_access.end())
    return CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED;
  peer_access.push_back(pair);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyPeerAsync(CUdeviceptr dst, CUcontext dst_context, CUdeviceptr src,
                           CUcontext src_context, size_t bytes, CUstream stream) {
  FAKE_LOCK;
  NEEDS_STREAM_CONTEXT(stream);
  const allocation *d = find_allocation(dst), *s = find_allocation(src);
  if (!d || !s || d->context != dst_context || s->context != src_context)
    return CUDA_ERROR_INVALID_VALUE; // each pointer must be its context's memory
  return copy(reinterpret_cast<void *>(dst), reinterpret_cast<const void *>(src), bytes);
}
CUresult cuTexObjectCreate(CUtexObject *texture, const CUDA_RESOURCE_DESC *resource,
                           const CUDA_TEXTURE_DESC *how, const CUDA_RESOURCE_VIEW_DESC_st *view) {
  FAKE_LOCK;
  NEEDS_CONTEXT;
  if (!texture || !resource || !how || view || resource->resType != CU_RESOURCE_TYPE_PITCH2D)
    return CUDA_ERROR_INVALID_VALUE;
  const auto &image = resource->res.pitch2D;
  const unsigned channels = image.numChannels;
  // As the driver: the device's alignments, and memory of the current
  // context that holds every row.
  if (image.devPtr % texture_alignment || image.pitchInBytes % texture_pitch_alignment ||
      (channels != 1 && channels != 2 && channels != 4) || !image.width || !image.height ||
      !in_one_allocation(image.devPtr, image.pitchInBytes * image.height))
    return CUDA_ERROR_INVALID_VALUE;
  *texture = next_texture++;
  textures[*texture] = {*resource, *how};
  return CUDA_SUCCESS;
}
CUresult cuTexObjectDestroy(CUtexObject texture) {
  FAKE_LOCK;
  NEEDS_CONTEXT;
  return textures.erase(texture) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}
CUresult cuMemcpy3DAsync_v2(const CUDA_MEMCPY3D *c, CUstream stream) {
  NEEDS_STREAM_CONTEXT(stream);
  auto side = [](CUmemorytype type, CUdeviceptr device, const void *host) -> const char * {
    return type == CU_MEMORYTYPE_HOST ? static_cast<const char *>(host)
                                      : reinterpret_cast<const char *>(device);
  };
  const char *src = side(c->srcMemoryType, c->srcDevice, c->srcHost);
  char *dst = const_cast<char *>(side(c->dstMemoryType, c->dstDevice, c->dstHost));
  if (!src || !dst || c->srcPitch < c->WidthInBytes || c->dstPitch < c->WidthInBytes ||
      (c->Depth > 1 && (c->srcHeight < c->Height || c->dstHeight < c->Height)))
    return CUDA_ERROR_INVALID_VALUE;
  for (size_t z = 0; z < c->Depth; ++z)
    for (size_t y = 0; y < c->Height; ++y)
      copy(dst + (z * c->dstHeight + y) * c->dstPitch, src + (z * c->srcHeight + y) * c->srcPitch,
           c->WidthInBytes);
  return CUDA_SUCCESS;
}

namespace {
template <typename T> CUresult fill(CUdeviceptr dst, T value, size_t count, CUstream stream) {
  NEEDS_STREAM_CONTEXT(stream);
  T *p = reinterpret_cast<T *>(dst);
  for (size_t i = 0; i < count; ++i)
    p[i] = value;
  return CUDA_SUCCESS;
}
} // namespace

CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char v, size_t n, CUstream s) { return fill(dst, v, n, s); }
CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short v, size_t n, CUstream s) { return fill(dst, v, n, s); }
CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned int v, size_t n, CUstream s) { return fill(dst, v, n, s); }

CUresult cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned int num_options,
                            CUjit_option *options, void **values) {
  FAKE_LOCK;
  NEEDS_CONTEXT;
  auto m = std::make_unique<fake_module>();
  std::string error;
  if (parse_ptx(static_cast<const char *>(image), *m, error)) {
    *module = reinterpret_cast<CUmodule>(m.release());
    return CUDA_SUCCESS;
  }
  for (unsigned i = 0; i + 1 < num_options; ++i)
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER && options[i + 1] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
      std::snprintf(static_cast<char *>(values[i]), size_t(uintptr_t(values[i + 1])), "%s",
                    error.c_str());
  return CUDA_ERROR_INVALID_PTX;
}
CUresult cuModuleUnload(CUmodule module) {
  NEEDS_CONTEXT;
  delete of<fake_module>(module);
  return CUDA_SUCCESS;
}
CUresult cuModuleGetFunction(CUfunction *function, CUmodule module, const char *name) {
  NEEDS_CONTEXT;
  auto &functions = of<fake_module>(module)->functions;
  auto it = functions.find(name);
  if (it == functions.end())
    return CUDA_ERROR_NOT_FOUND;
  *function = reinterpret_cast<CUfunction>(&it->second);
  return CUDA_SUCCESS;
}
CUresult cuModuleGetGlobal_v2(CUdeviceptr *, size_t *, CUmodule, const char *) {
  NEEDS_CONTEXT;
  return CUDA_ERROR_NOT_FOUND; // the suite's kernels have no globals
}
CUresult cuFuncGetAttribute(int *value, CUfunction_attribute attribute, CUfunction function) {
  NEEDS_CONTEXT;
  switch (attribute) {
  case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = 1024; break;
  case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *value = 0; break;
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
    *value = int(of<fake_function>(function)->max_dynamic_shared);
    break;
  }
  return CUDA_SUCCESS;
}
CUresult cuFuncSetAttribute(CUfunction function, CUfunction_attribute attribute, int value) {
  FAKE_LOCK;
  NEEDS_CONTEXT;
  if (attribute != CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES || value < 0 ||
      uint64_t(value) > optin_shared)
    return CUDA_ERROR_INVALID_VALUE;
  of<fake_function>(function)->max_dynamic_shared = uint64_t(value);
  return CUDA_SUCCESS;
}
CUresult cuFuncGetParamInfo(CUfunction function, size_t index, size_t *offset, size_t *size) {
  NEEDS_CONTEXT;
  if (index >= of<fake_function>(function)->params)
    return CUDA_ERROR_INVALID_VALUE;
  *offset = index * 8;
  *size = 8;
  return CUDA_SUCCESS;
}
/// While held, cuLaunchKernel blocks: a driver slow to launch, for the
/// suite's check that status queries do not wait for the adapter's launch
/// thread (adapter_conformance.cpp).
std::mutex launch_hold_mutex;
std::condition_variable launch_hold_changed;
bool launches_held = false;
extern "C" __attribute__((visibility("default"))) void smcp_fake_cuda_hold_launches(int held) {
  {
    std::lock_guard<std::mutex> lock(launch_hold_mutex);
    launches_held = held != 0;
  }
  launch_hold_changed.notify_all();
}

CUresult cuLaunchKernel(CUfunction function, unsigned int grid_x, unsigned int grid_y,
                        unsigned int grid_z, unsigned int block_x, unsigned int block_y,
                        unsigned int block_z, unsigned int shared_bytes, CUstream stream,
                        void **params, void **extra) {
  {
    std::unique_lock<std::mutex> lock(launch_hold_mutex);
    launch_hold_changed.wait(lock, [] { return !launches_held; });
  }
  FAKE_LOCK;
  NEEDS_STREAM_CONTEXT(stream);
  const fake_function &f = *of<fake_function>(function);
  if (f.context != current || extra)
    return CUDA_ERROR_INVALID_HANDLE;
  if (uint64_t(block_x) * block_y * block_z > 1024 || block_z > 64 || !grid_x || !grid_y ||
      !grid_z || !block_x || !block_y || !block_z || shared_bytes > f.max_dynamic_shared ||
      (f.params > 0 && !params))
    return CUDA_ERROR_INVALID_VALUE;
  const unsigned grid[3] = {grid_x, grid_y, grid_z}, block[3] = {block_x, block_y, block_z};
  return run_kernel(f, grid, block, shared_bytes, params);
}
