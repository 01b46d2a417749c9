// recording_adapter.cpp - the in-memory adapter of the unit tests.
#include "recording_adapter.h"

#include "adapter_abi.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <sstream>

namespace smcp::recording {
namespace {

struct device_record {
  const char *name;
  smcp_device_type type;
  bool usm_shared;
};

const device_record devices[] = {
    {"recording gpu", SMCP_DEVICE_TYPE_GPU, true},
    {"recording cpu", SMCP_DEVICE_TYPE_CPU, false},
    {"recording accelerator", SMCP_DEVICE_TYPE_ACCELERATOR, true},
};
int platform_tag; // the platform handle is its address

struct program_record {
  std::string text;
};
struct kernel_record {
  std::string name;
  std::map<uint32_t, std::vector<unsigned char>> values;
  std::map<uint32_t, const void *> pointers;
  std::map<uint32_t, size_t> locals;
};
struct event_record {
  bool failed;
};

std::mutex mutex;
std::vector<std::string> call_log;
std::vector<launch> launch_log;
std::map<const char *, size_t> allocations; // base -> size
std::map<std::string, size_t> copy_log;

/// Whether p lies in a usm_alloc'ed range (lock held).
bool is_device(const void *p) {
  auto c = static_cast<const char *>(p);
  auto it = allocations.upper_bound(c);
  if (it == allocations.begin())
    return false;
  --it;
  return c >= it->first && c < it->first + std::max<size_t>(it->second, 1);
}

thread_local std::string last_call, last_message;

void record(const char *entry) {
  std::lock_guard<std::mutex> lock(mutex);
  call_log.push_back(entry);
}

smcp_result fail(smcp_result r, const char *call, std::string message) {
  last_call = call;
  last_message = std::move(message);
  return r;
}

smcp_result info_out(size_t size, void *value, size_t *size_ret, const void *src, size_t n) {
  if (size_ret)
    *size_ret = n;
  if (value) {
    if (size < n)
      return fail(SMCP_ERROR_INVALID_ARGUMENT, "get_info", "buffer too small");
    std::memcpy(value, src, n);
  }
  return SMCP_SUCCESS;
}

smcp_result u32_out(uint32_t v, size_t size, void *value, size_t *size_ret) {
  return info_out(size, value, size_ret, &v, sizeof(v));
}

smcp_result u64_out(uint64_t v, size_t size, void *value, size_t *size_ret) {
  return info_out(size, value, size_ret, &v, sizeof(v));
}

smcp_result str_out(const char *s, size_t size, void *value, size_t *size_ret) {
  return info_out(size, value, size_ret, s, std::strlen(s) + 1);
}

const device_record &dev(smcp_device d) { return *reinterpret_cast<const device_record *>(d); }

smcp_event new_event(bool failed = false) {
  return reinterpret_cast<smcp_event>(new event_record{failed});
}

// --- entry points -------------------------------------------------------------

smcp_result init() {
  record("init");
  return SMCP_SUCCESS;
}

void get_last_error(smcp_error_info *out) {
  out->backend = "recording";
  out->call = last_call.c_str();
  out->native_code = -1;
  out->native_name = "RECORDING_FAILURE";
  out->message = last_message.c_str();
}

smcp_result get_platforms(uint32_t capacity, smcp_platform *out, uint32_t *count) {
  record("get_platforms");
  if (capacity >= 1)
    out[0] = reinterpret_cast<smcp_platform>(&platform_tag);
  *count = 1;
  return SMCP_SUCCESS;
}

smcp_result get_platform_info(smcp_platform, smcp_platform_info what, size_t size, void *value,
                              size_t *size_ret) {
  record("get_platform_info");
  switch (what) {
  case SMCP_PLATFORM_INFO_NAME:
    return str_out("SMCP recording platform", size, value, size_ret);
  case SMCP_PLATFORM_INFO_VENDOR:
    return str_out("SMCP", size, value, size_ret);
  default:
    return str_out("recording 1.0", size, value, size_ret);
  }
}

smcp_result get_devices(smcp_platform, uint32_t capacity, smcp_device *out, uint32_t *count) {
  record("get_devices");
  *count = 3;
  for (uint32_t i = 0; i < capacity && i < 3; ++i)
    out[i] = reinterpret_cast<smcp_device>(const_cast<device_record *>(&devices[i]));
  return SMCP_SUCCESS;
}

smcp_result get_device_info(smcp_device d, smcp_device_info what, size_t size, void *value,
                            size_t *size_ret) {
  record("get_device_info");
  const device_record &r = dev(d);
  switch (what) {
  case SMCP_DEVICE_INFO_NAME:
    return str_out(r.name, size, value, size_ret);
  case SMCP_DEVICE_INFO_VENDOR:
    return str_out("SMCP", size, value, size_ret);
  case SMCP_DEVICE_INFO_DRIVER_VERSION:
  case SMCP_DEVICE_INFO_VERSION:
    return str_out("1.0", size, value, size_ret);
  case SMCP_DEVICE_INFO_TYPE:
    return u32_out(r.type, size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_COMPUTE_UNITS:
    return u32_out(8, size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_WORK_GROUP_SIZE:
    return u64_out(256, size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_WORK_ITEM_SIZES: {
    const uint64_t sizes[3] = {1024, 512, 64}; // backend order: fastest first
    return info_out(size, value, size_ret, sizes, sizeof(sizes));
  }
  case SMCP_DEVICE_INFO_GLOBAL_MEM_SIZE:
    return u64_out(1ull << 30, size, value, size_ret);
  case SMCP_DEVICE_INFO_LOCAL_MEM_SIZE:
    return u64_out(64 << 10, size, value, size_ret);
  case SMCP_DEVICE_INFO_FP64:
    return u32_out(r.type != SMCP_DEVICE_TYPE_ACCELERATOR, size, value, size_ret);
  case SMCP_DEVICE_INFO_USM_DEVICE:
  case SMCP_DEVICE_INFO_USM_HOST:
    return u32_out(1, size, value, size_ret);
  case SMCP_DEVICE_INFO_USM_SHARED:
    return u32_out(r.usm_shared, size, value, size_ret);
  case SMCP_DEVICE_INFO_IMAGE_FORMATS:
    return u32_out(1u << SMCP_IMAGE_FORMAT_SPIRV, size, value, size_ret);
  default:
    return u32_out(0, size, value, size_ret);
  }
}

smcp_result context_create(uint32_t, const smcp_device *, smcp_context *out) {
  record("context_create");
  *out = reinterpret_cast<smcp_context>(new int(0));
  return SMCP_SUCCESS;
}

smcp_result context_release(smcp_context c) {
  record("context_release");
  delete reinterpret_cast<int *>(c);
  return SMCP_SUCCESS;
}

smcp_result queue_create(smcp_context, smcp_device, uint32_t flags, smcp_queue *out) {
  record(flags & SMCP_QUEUE_IN_ORDER ? "queue_create(in_order)" : "queue_create");
  *out = reinterpret_cast<smcp_queue>(new int(0));
  return SMCP_SUCCESS;
}

smcp_result queue_release(smcp_queue q) {
  record("queue_release");
  delete reinterpret_cast<int *>(q);
  return SMCP_SUCCESS;
}

smcp_result queue_finish(smcp_queue) {
  record("queue_finish");
  return SMCP_SUCCESS;
}

smcp_result usm_alloc(smcp_context, smcp_device, smcp_usm_kind, size_t size, size_t alignment,
                      void **out) {
  record("usm_alloc");
  if (size > (size_t(1) << 40))
    return fail(SMCP_ERROR_OUT_OF_MEMORY, "usm_alloc", "larger than the recording device");
  size_t a = std::max<size_t>(alignment, 64);
  void *p = std::aligned_alloc(a, (size + a - 1) / a * a);
  std::lock_guard<std::mutex> lock(mutex);
  allocations[static_cast<const char *>(p)] = size;
  *out = p;
  return SMCP_SUCCESS;
}

smcp_result usm_free(smcp_context, void *ptr) {
  record("usm_free");
  std::lock_guard<std::mutex> lock(mutex);
  if (!allocations.erase(static_cast<const char *>(ptr))) // libsycl must never pass a pointer it did not get
    std::abort();
  std::free(ptr);
  return SMCP_SUCCESS;
}

smcp_result enqueue_memcpy(smcp_queue, void *dst, const void *src, size_t size, uint32_t,
                           const smcp_event *, smcp_event *out) {
  record("enqueue_memcpy");
  {
    std::lock_guard<std::mutex> lock(mutex);
    copy_log[std::string(is_device(src) ? "device" : "host") + "->" +
             (is_device(dst) ? "device" : "host")]++;
  }
  std::memmove(dst, src, size);
  if (out)
    *out = new_event();
  return SMCP_SUCCESS;
}

smcp_result enqueue_fill(smcp_queue, void *ptr, const void *pattern, size_t pattern_size,
                         size_t size, uint32_t, const smcp_event *, smcp_event *out) {
  record("enqueue_fill");
  for (size_t i = 0; i < size; i += pattern_size)
    std::memcpy(static_cast<char *>(ptr) + i, pattern, pattern_size);
  if (out)
    *out = new_event();
  return SMCP_SUCCESS;
}

smcp_result program_create(smcp_context, smcp_device, smcp_image_format, const void *image,
                           size_t size, uint32_t, const smcp_spec_constant *, const char *,
                           smcp_program *out) {
  record("program_create");
  std::string text(static_cast<const char *>(image), size);
  if (text.rfind("FAIL:", 0) == 0)
    return fail(SMCP_ERROR_BUILD_FAILED, "recordingBuild", text.substr(5));
  *out = reinterpret_cast<smcp_program>(new program_record{text});
  return SMCP_SUCCESS;
}

smcp_result program_release(smcp_program p) {
  record("program_release");
  delete reinterpret_cast<program_record *>(p);
  return SMCP_SUCCESS;
}

smcp_result kernel_create(smcp_program p, const char *name, smcp_kernel *out) {
  record("kernel_create");
  std::istringstream words(reinterpret_cast<program_record *>(p)->text);
  for (std::string w; words >> w;)
    if (w == name) {
      *out = reinterpret_cast<smcp_kernel>(new kernel_record{name, {}, {}});
      return SMCP_SUCCESS;
    }
  return fail(SMCP_ERROR_NOT_FOUND, "recordingCreateKernel",
              std::string("no kernel '") + name + "' in the program");
}

smcp_result kernel_release(smcp_kernel k) {
  record("kernel_release");
  delete reinterpret_cast<kernel_record *>(k);
  return SMCP_SUCCESS;
}

smcp_result kernel_get_info(smcp_kernel, smcp_device, smcp_kernel_info what, size_t size,
                            void *value, size_t *size_ret) {
  record("kernel_get_info");
  switch (what) {
  case SMCP_KERNEL_INFO_NUM_ARGS:
    return u32_out(0, size, value, size_ret); // recorded programs declare no parameters
  case SMCP_KERNEL_INFO_WORK_GROUP_SIZE:
    return u64_out(128, size, value, size_ret); // below the device's 256: tests see who answered
  }
  return fail(SMCP_ERROR_INVALID_ARGUMENT, "kernel_get_info", "unknown query");
}

smcp_result kernel_set_arg_value(smcp_kernel k, uint32_t index, size_t size, const void *value) {
  record("kernel_set_arg_value");
  auto *b = static_cast<const unsigned char *>(value);
  reinterpret_cast<kernel_record *>(k)->values[index].assign(b, b + size);
  return SMCP_SUCCESS;
}

smcp_result kernel_set_arg_pointer(smcp_kernel k, uint32_t index, const void *ptr) {
  record("kernel_set_arg_pointer");
  reinterpret_cast<kernel_record *>(k)->pointers[index] = ptr;
  return SMCP_SUCCESS;
}

smcp_result kernel_set_arg_local(smcp_kernel k, uint32_t index, size_t size) {
  record("kernel_set_arg_local");
  reinterpret_cast<kernel_record *>(k)->locals[index] = size;
  return SMCP_SUCCESS;
}

smcp_result enqueue_marker(smcp_queue, uint32_t, const smcp_event *, smcp_event *out) {
  record("enqueue_marker");
  *out = new_event();
  return SMCP_SUCCESS;
}

smcp_result enqueue_kernel(smcp_queue, smcp_kernel k, uint32_t dims, const size_t *offset,
                           const size_t *global, const size_t *local, uint32_t num_wait,
                           const smcp_event *, smcp_event *out) {
  record("enqueue_kernel");
  const auto &kr = *reinterpret_cast<kernel_record *>(k);
  launch l{kr.name, dims, {1, 1, 1}, local != nullptr, {0, 0, 0}, offset != nullptr,
           {0, 0, 0}, {}, {}, {}, num_wait};
  for (uint32_t d = 0; d < dims; ++d) {
    l.global[d] = global[d];
    l.local[d] = local ? local[d] : 0;
    l.offset[d] = offset ? offset[d] : 0;
  }
  size_t n = std::max({kr.values.empty() ? 0 : kr.values.rbegin()->first + 1,
                       kr.pointers.empty() ? 0 : kr.pointers.rbegin()->first + 1,
                       kr.locals.empty() ? 0 : kr.locals.rbegin()->first + 1});
  l.value_args.resize(n);
  l.pointer_args.resize(n);
  l.local_args.resize(n);
  for (const auto &[i, v] : kr.locals)
    l.local_args[i] = v;
  for (const auto &[i, v] : kr.values)
    l.value_args[i] = v;
  for (const auto &[i, p] : kr.pointers)
    l.pointer_args[i] = p;
  {
    std::lock_guard<std::mutex> lock(mutex);
    launch_log.push_back(l);
  }
  if (out)
    *out = new_event(kr.name.rfind("async_fail", 0) == 0);
  return SMCP_SUCCESS;
}

smcp_result event_wait(uint32_t n, const smcp_event *events) {
  record("event_wait");
  for (uint32_t i = 0; i < n; ++i)
    if (reinterpret_cast<event_record *>(events[i])->failed)
      return fail(SMCP_ERROR_DEVICE_LOST, "recordingWait", "injected command failure");
  return SMCP_SUCCESS;
}

smcp_result event_get_status(smcp_event e, smcp_event_status *out) {
  record("event_get_status");
  if (reinterpret_cast<event_record *>(e)->failed)
    return fail(SMCP_ERROR_DEVICE_LOST, "recordingStatus", "injected command failure");
  *out = SMCP_EVENT_COMPLETE;
  return SMCP_SUCCESS;
}

smcp_result event_release(smcp_event e) {
  record("event_release");
  delete reinterpret_cast<event_record *>(e);
  return SMCP_SUCCESS;
}

} // namespace

std::vector<std::string> calls() {
  std::lock_guard<std::mutex> lock(mutex);
  return call_log;
}

size_t count(const std::string &entry) {
  std::lock_guard<std::mutex> lock(mutex);
  return size_t(std::count(call_log.begin(), call_log.end(), entry));
}

std::vector<launch> launches() {
  std::lock_guard<std::mutex> lock(mutex);
  return launch_log;
}

size_t live_allocations() {
  std::lock_guard<std::mutex> lock(mutex);
  return allocations.size();
}

size_t copies(const std::string &direction) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = copy_log.find(direction);
  return it == copy_log.end() ? 0 : it->second;
}

void clear() {
  std::lock_guard<std::mutex> lock(mutex);
  copy_log.clear();
  call_log.clear();
  launch_log.clear();
}

} // namespace smcp::recording

extern "C" __attribute__((visibility("default"))) smcp_result
smcp_adapter_get_table(uint32_t abi_version, smcp_adapter_table *out) {
  using namespace smcp::recording;
  if (abi_version != SMCP_ADAPTER_ABI_VERSION)
    return SMCP_ERROR_VERSION_MISMATCH;
  *out = smcp_adapter_table{};
  out->abi_version = SMCP_ADAPTER_ABI_VERSION;
  out->backend = SMCP_BACKEND_OPENCL; // so that ONEAPI_DEVICE_SELECTOR=opencl:... selects it
  out->name = "recording";
  out->init = init;
  out->get_last_error = get_last_error;
  out->get_platforms = get_platforms;
  out->get_platform_info = get_platform_info;
  out->get_devices = get_devices;
  out->get_device_info = get_device_info;
  out->context_create = context_create;
  out->context_release = context_release;
  out->queue_create = queue_create;
  out->queue_release = queue_release;
  out->queue_finish = queue_finish;
  out->usm_alloc = usm_alloc;
  out->usm_free = usm_free;
  out->enqueue_memcpy = enqueue_memcpy;
  out->enqueue_fill = enqueue_fill;
  out->program_create = program_create;
  out->program_release = program_release;
  out->kernel_create = kernel_create;
  out->kernel_release = kernel_release;
  out->kernel_set_arg_value = kernel_set_arg_value;
  out->kernel_set_arg_pointer = kernel_set_arg_pointer;
  out->enqueue_kernel = enqueue_kernel;
  out->event_wait = event_wait;
  out->event_get_status = event_get_status;
  out->event_release = event_release;
  out->kernel_set_arg_local = kernel_set_arg_local;
  out->enqueue_marker = enqueue_marker;
  out->kernel_get_info = kernel_get_info;
  return SMCP_SUCCESS;
}
