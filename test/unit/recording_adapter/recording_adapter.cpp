// recording_adapter.cpp - the in-memory adapter of the unit tests.
#include "recording_adapter.h"

#include "adapter_abi.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <thread>
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
  bool ptx; // takes PTX images too, and has no native global offset (as CUDA)
};

const device_record default_devices[] = {
    {"recording gpu", SMCP_DEVICE_TYPE_GPU, true, false},
    {"recording cpu", SMCP_DEVICE_TYPE_CPU, false, false},
    {"recording accelerator", SMCP_DEVICE_TYPE_ACCELERATOR, true, true},
};

/// The platform's devices: the three above, or SMCP_RECORDING_DEVICES=N
/// GPUs named "recording gpu 0" ... (a host with several GPUs, for the
/// multi-device tests). Read once.
const std::vector<device_record> &devices() {
  static const std::vector<device_record> list = [] {
    const char *v = std::getenv("SMCP_RECORDING_DEVICES");
    const long n = v ? std::atol(v) : 0;
    if (n <= 0)
      return std::vector<device_record>(std::begin(default_devices), std::end(default_devices));
    static std::vector<std::string> names; // device_record keeps the pointers
    for (long i = 0; i < n; ++i)
      names.push_back("recording gpu " + std::to_string(i));
    std::vector<device_record> gpus;
    for (const auto &name : names)
      gpus.push_back({name.c_str(), SMCP_DEVICE_TYPE_GPU, true, false});
    return gpus;
  }();
  return list;
}
bool several_gpus() { return std::getenv("SMCP_RECORDING_DEVICES") != nullptr; }

// The GPU splits into two sub-devices (get_sub_devices), as a two-tile GPU
// on Level Zero does; the other devices have none.
const device_record gpu_sub_devices[] = {
    {"recording gpu tile 0", SMCP_DEVICE_TYPE_GPU, true, false},
    {"recording gpu tile 1", SMCP_DEVICE_TYPE_GPU, true, false},
};
int platform_tag; // the platform handle is its address

struct program_record {
  std::string text;
};
struct kernel_record {
  std::string name;
};
struct event_record {
  bool failed;
};

std::mutex mutex;
std::vector<std::string> call_log;
std::vector<launch> launch_log;
std::vector<std::map<uint32_t, std::vector<unsigned char>>> build_log; // program_create's values
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

// A launch of a kernel named "blocking_launch", and a usm_alloc of
// blocking_alloc_bytes, stay inside the adapter until
// release_blocked_launches(): tests see what other threads can do while an
// adapter call is in progress.
std::mutex blocked_mutex;
std::condition_variable blocked_cv;
unsigned blocked_now = 0;
bool blocked_released = false;

/// SMCP_RECORDING_LAUNCH_US=n: every launch spends n microseconds in the
/// adapter, as a GPU driver's launch call does (benchmarks of the scheduler).
void simulate_launch_latency() {
  static const long us = [] {
    const char *v = std::getenv("SMCP_RECORDING_LAUNCH_US");
    return v ? std::atol(v) : 0L;
  }();
  if (us > 0)
    std::this_thread::sleep_for(std::chrono::microseconds(us));
}

/// SMCP_RECORDING_IN_FLIGHT=1: commands stay submitted until a wait, as on a
/// GPU with a long queue of launches (benchmarks of the runtime's bookkeeping).
bool in_flight() {
  static const bool on = std::getenv("SMCP_RECORDING_IN_FLIGHT") != nullptr;
  return on;
}

void block_if_asked(bool asked) {
  if (!asked)
    return;
  std::unique_lock<std::mutex> lock(blocked_mutex);
  ++blocked_now;
  blocked_cv.notify_all();
  blocked_cv.wait(lock, [] { return blocked_released; });
  --blocked_now;
}

/// The adapter conformance suite's kernels (test/conformance), run on the
/// host at launch so that the suite checks this adapter's results too:
/// fill_ids(int *out, int base): out[i] = base + i over global ids (also
/// under names that start with fill_ids, for tests that need the kernel
/// with several parameter lists);
/// rows_cols(int *out, long width): out[y * width + x] = y * 1000 + x;
/// group_reverse(int *out, local int *a, local int *b): out[i] = 2 * (the
/// global id mirrored within i's work-group) + 1.
/// Any other kernel runs nothing.
bool is_fill_ids(const std::string &name) { return name.rfind("fill_ids", 0) == 0; }

uint32_t host_kernel_arity(const std::string &name) {
  return is_fill_ids(name) || name == "rows_cols" ? 2 : name == "group_reverse" ? 3 : 0;
}

void run_host_kernel(const std::string &name, const smcp_launch &g, const smcp_kernel_arg *args) {
  if (host_kernel_arity(name) == 0)
    return;
  int *out = static_cast<int *>(const_cast<void *>(args[0].value));
  if (name == "group_reverse") {
    const size_t n = g.local[0] ? g.local[0] : g.global[0];
    for (size_t i = 0; i < g.global[0]; ++i)
      out[i] = 2 * int(i - i % n + (n - 1 - i % n)) + 1;
    return;
  }
  const size_t height = g.dims > 1 ? g.global[1] : 1;
  for (size_t y = g.offset[1]; y < g.offset[1] + height; ++y)
    for (size_t x = g.offset[0]; x < g.offset[0] + g.global[0]; ++x) {
      if (is_fill_ids(name)) {
        int base;
        std::memcpy(&base, args[1].value, sizeof(base));
        out[x] = base + int(x);
      } else {
        long width;
        std::memcpy(&width, args[1].value, sizeof(width));
        out[y * size_t(width) + x] = int(y * 1000 + x);
      }
    }
}

void record(const char *entry) {
  std::lock_guard<std::mutex> lock(mutex);
  call_log.push_back(entry);
}

std::vector<std::string> purpose_log;

/// An enqueue's call, and the purpose of its event when it returns one.
void record(const char *entry, smcp_event_purpose purpose, const smcp_event *out) {
  record(entry);
  if (!out)
    return;
  std::lock_guard<std::mutex> lock(mutex);
  purpose_log.push_back(std::string(entry) +
                        (purpose == SMCP_EVENT_FOR_DEVICE ? ":device" : ":host"));
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
  *count = uint32_t(devices().size());
  for (uint32_t i = 0; i < capacity && i < *count; ++i)
    out[i] = reinterpret_cast<smcp_device>(const_cast<device_record *>(&devices()[i]));
  return SMCP_SUCCESS;
}

smcp_result get_sub_devices(smcp_device d, uint32_t capacity, smcp_device *out,
                            uint32_t *count) {
  record("get_sub_devices");
  *count = &dev(d) == &devices()[0] && !several_gpus() ? 2 : 0;
  for (uint32_t i = 0; i < capacity && i < *count; ++i)
    out[i] = reinterpret_cast<smcp_device>(const_cast<device_record *>(&gpu_sub_devices[i]));
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
  default:
    return u32_out(0, size, value, size_ret);
  }
}

smcp_result get_device_caps(smcp_device d, smcp_device_caps *out) {
  record("get_device_caps");
  const auto &r = *reinterpret_cast<const device_record *>(d);
  smcp_device_caps caps{};
  caps.struct_size = out->struct_size;
  caps.flags = (r.ptx ? 0u : SMCP_CAP_NATIVE_GLOBAL_OFFSET) | SMCP_CAP_OPTIONAL_EVENTS;
  caps.il_formats = (1u << SMCP_IMAGE_FORMAT_SPIRV) | (r.ptx ? 1u << SMCP_IMAGE_FORMAT_PTX : 0u);
  caps.usm_kinds = (1u << SMCP_USM_DEVICE) | (1u << SMCP_USM_HOST) |
                   (r.usm_shared ? 1u << SMCP_USM_SHARED : 0u);
  caps.fill_pattern_sizes = 0xff; // 1 to 128 bytes
  caps.num_sub_group_sizes = 1;
  caps.sub_group_sizes[0] = 1;
  // Small limits, so that tests reach them: 2^20 groups per dimension, 2^32 in all.
  for (auto &limit : caps.max_group_count)
    limit = 1u << 20;
  caps.max_total_groups = 1ull << 32;
  std::memcpy(out, &caps, std::min<size_t>(out->struct_size, sizeof(caps)));
  return SMCP_SUCCESS;
}

smcp_result context_create(uint32_t num_devices, const smcp_device *, smcp_context *out) {
  record("context_create");
  if (num_devices == 0)
    return SMCP_ERROR_INVALID_ARGUMENT;
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
  block_if_asked(size == blocking_alloc_bytes);
  if (size > (size_t(1) << 40))
    return fail(SMCP_ERROR_OUT_OF_MEMORY, "usm_alloc", "larger than the recording device");
  size_t a = std::max<size_t>(alignment, 64);
  void *p = std::aligned_alloc(a, (size + a - 1) / a * a);
  std::lock_guard<std::mutex> lock(mutex);
  allocations[static_cast<const char *>(p)] = size;
  *out = p;
  return SMCP_SUCCESS;
}

smcp_result usm_free(smcp_context, smcp_usm_kind, void *ptr) {
  record("usm_free");
  std::lock_guard<std::mutex> lock(mutex);
  if (!allocations.erase(static_cast<const char *>(ptr))) // libsycl must never pass a pointer it did not get
    std::abort();
  std::free(ptr);
  return SMCP_SUCCESS;
}

std::atomic<bool> fail_copy_to_host{false};

smcp_result enqueue_memcpy(smcp_queue, void *dst, const void *src, size_t size, uint32_t,
                           const smcp_event *, smcp_event_purpose purpose, smcp_event *out) {
  record("enqueue_memcpy", purpose, out);
  {
    std::lock_guard<std::mutex> lock(mutex);
    copy_log[std::string(is_device(src) ? "device" : "host") + "->" +
             (is_device(dst) ? "device" : "host")]++;
  }
  std::memmove(dst, src, size);
  const bool fails = is_device(src) && !is_device(dst) && fail_copy_to_host.exchange(false);
  if (out)
    *out = new_event(fails);
  return SMCP_SUCCESS;
}

std::atomic<bool> peers_linked{true};

smcp_result peer_copy_supported(smcp_context, smcp_device src, smcp_device dst, uint32_t *out) {
  record("peer_copy_supported");
  *out = src == dst || peers_linked.load();
  return SMCP_SUCCESS;
}

smcp_result enqueue_memcpy_peer(smcp_queue, void *dst, smcp_device, const void *src, smcp_device,
                                size_t size, uint32_t, const smcp_event *,
                                smcp_event_purpose purpose, smcp_event *out) {
  record("enqueue_memcpy_peer", purpose, out);
  {
    std::lock_guard<std::mutex> lock(mutex);
    copy_log["peer"]++;
  }
  std::memmove(dst, src, size);
  if (out)
    *out = new_event();
  return SMCP_SUCCESS;
}

std::vector<texture> texture_log; // all ever made: releases find them
size_t textures_before = 0;        // those made before the last clear()

smcp_result texture_create(smcp_context, smcp_device d, const smcp_texture_desc *desc,
                           uint64_t *out) {
  record("texture_create");
  if (desc->row_pitch % 32)
    return fail(SMCP_ERROR_UNSUPPORTED, "texture_create", "a row pitch of no multiple of 32");
  if (desc->channels != 1 && desc->channels != 2 && desc->channels != 4)
    return fail(SMCP_ERROR_UNSUPPORTED, "texture_create", "textures have 1, 2 or 4 channels");
  std::lock_guard<std::mutex> lock(mutex);
  *out = 0x7e00 + texture_log.size();
  texture_log.push_back({d, *desc, *out, false});
  return SMCP_SUCCESS;
}

smcp_result texture_release(smcp_context, smcp_device, uint64_t handle) {
  record("texture_release");
  std::lock_guard<std::mutex> lock(mutex);
  for (texture &t : texture_log)
    if (t.handle == handle && !t.released) {
      t.released = true;
      // libsycl releases a texture before the memory it reads
      if (!is_device(t.desc.base))
        std::abort();
      return SMCP_SUCCESS;
    }
  std::abort(); // libsycl must release only what it made, once
}

smcp_result enqueue_fill(smcp_queue, void *ptr, const void *pattern, size_t pattern_size,
                         size_t size, uint32_t, const smcp_event *, smcp_event_purpose purpose,
                         smcp_event *out) {
  record("enqueue_fill", purpose, out);
  for (size_t i = 0; i < size; i += pattern_size)
    std::memcpy(static_cast<char *>(ptr) + i, pattern, pattern_size);
  if (out)
    *out = new_event();
  return SMCP_SUCCESS;
}

smcp_result program_create(smcp_context, smcp_device, smcp_image_format, const void *image,
                           size_t size, uint32_t num_spec_constants,
                           const smcp_spec_constant *spec_constants, const char *,
                           smcp_program *out) {
  record("program_create");
  {
    std::map<uint32_t, std::vector<unsigned char>> values;
    for (uint32_t i = 0; i < num_spec_constants; ++i) {
      const auto *v = static_cast<const unsigned char *>(spec_constants[i].value);
      values[spec_constants[i].spec_id].assign(v, v + spec_constants[i].size);
    }
    std::lock_guard<std::mutex> lock(mutex);
    build_log.push_back(std::move(values));
  }
  std::string text(static_cast<const char *>(image), size);
  if (text.rfind("FAIL:", 0) == 0)
    return fail(SMCP_ERROR_BUILD_FAILED, "recordingBuild", text.substr(5));
  // "OOM_ONCE: <kernels>": the first build of the image runs out of memory.
  static std::set<std::string> out_of_memory_once;
  if (text.rfind("OOM_ONCE:", 0) == 0) {
    std::lock_guard<std::mutex> lock(mutex);
    if (out_of_memory_once.insert(text).second)
      return fail(SMCP_ERROR_OUT_OF_MEMORY, "recordingBuild", "out of memory (injected)");
  }
  for (unsigned char c : text)
    if (c < ' ' && c != '\n')
      return fail(SMCP_ERROR_BUILD_FAILED, "recordingBuild",
                  "not a recording image: binary bytes where kernel names are expected");
  *out = reinterpret_cast<smcp_program>(new program_record{text});
  return SMCP_SUCCESS;
}

// A "native binary" is the image's text between two markers, so that the
// adapter can refuse foreign or cut bytes.
constexpr char binary_marker[] = "recorded-binary:";
constexpr char binary_end[] = ":end";

smcp_result program_get_binary(smcp_program p, size_t size, void *value, size_t *size_ret) {
  record("program_get_binary");
  const std::string bytes =
      binary_marker + reinterpret_cast<program_record *>(p)->text + binary_end;
  if (size_ret)
    *size_ret = bytes.size();
  if (value && size >= bytes.size())
    std::memcpy(value, bytes.data(), bytes.size());
  return SMCP_SUCCESS;
}

smcp_result program_create_from_binary(smcp_context, smcp_device, const void *binary,
                                       size_t size, const char *, smcp_program *out) {
  record("program_create_from_binary");
  std::string text(static_cast<const char *>(binary), size);
  const size_t begin = sizeof(binary_marker) - 1, end = sizeof(binary_end) - 1;
  if (text.size() < begin + end || text.rfind(binary_marker, 0) != 0 ||
      text.compare(text.size() - end, end, binary_end) != 0)
    return fail(SMCP_ERROR_INVALID_ARGUMENT, "recordingLoadBinary",
                "not a whole binary of the recording adapter");
  *out = reinterpret_cast<smcp_program>(
      new program_record{text.substr(begin, text.size() - begin - end)});
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
      *out = reinterpret_cast<smcp_kernel>(new kernel_record{name});
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

smcp_result kernel_get_info(smcp_kernel k, smcp_device, smcp_kernel_info what, size_t size,
                            void *value, size_t *size_ret) {
  record("kernel_get_info");
  switch (what) {
  case SMCP_KERNEL_INFO_NUM_ARGS: // the conformance kernels have two; recorded programs none
    return u32_out(host_kernel_arity(reinterpret_cast<kernel_record *>(k)->name), size, value,
                   size_ret);
  case SMCP_KERNEL_INFO_WORK_GROUP_SIZE: // below the device's 256: tests see who answered
    return u64_out(reinterpret_cast<kernel_record *>(k)->name == greedy_variant ? 64 : 128, size,
                   value, size_ret);
  }
  return fail(SMCP_ERROR_INVALID_ARGUMENT, "kernel_get_info", "unknown query");
}

smcp_result enqueue_marker(smcp_queue, uint32_t, const smcp_event *, smcp_event_purpose purpose,
                           smcp_event *out) {
  record("enqueue_marker", purpose, out);
  *out = new_event();
  return SMCP_SUCCESS;
}

std::atomic<bool> fail_launch{false};

smcp_result enqueue_launch(smcp_queue, smcp_kernel k, const smcp_launch *g, uint32_t num_args,
                           const smcp_kernel_arg *args, uint32_t num_wait, const smcp_event *,
                           smcp_event_purpose purpose, smcp_event *out) {
  record("enqueue_launch", purpose, out);
  const auto &kr = *reinterpret_cast<kernel_record *>(k);
  if (fail_launch.exchange(false) || kr.name == "failing_launch") // not run, so not in launches()
    return fail(SMCP_ERROR_DEVICE_LOST, "recordingLaunch", "injected launch failure");
  block_if_asked(kr.name == "blocking_launch");
  simulate_launch_latency();
  launch l{kr.name, g->dims, {1, 1, 1}, g->local[0] != 0, {0, 0, 0}, false,
           {0, 0, 0}, {}, {}, {}, num_wait};
  for (uint32_t d = 0; d < g->dims; ++d) {
    l.global[d] = g->global[d];
    l.local[d] = g->local[d];
    l.offset[d] = g->offset[d];
    l.has_offset |= g->offset[d] != 0;
  }
  l.value_args.resize(num_args);
  l.pointer_args.resize(num_args);
  l.local_args.resize(num_args);
  for (uint32_t i = 0; i < num_args; ++i) {
    const auto *b = static_cast<const unsigned char *>(args[i].value);
    switch (args[i].kind) {
    case SMCP_ARG_VALUE:
      l.value_args[i].assign(b, b + args[i].size);
      break;
    case SMCP_ARG_POINTER:
      l.pointer_args[i] = args[i].value;
      break;
    case SMCP_ARG_LOCAL:
      l.local_args[i] = args[i].size;
      break;
    }
  }
  run_host_kernel(kr.name, *g, args);
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
  *out = in_flight() ? SMCP_EVENT_SUBMITTED : SMCP_EVENT_COMPLETE;
  return SMCP_SUCCESS;
}

smcp_result event_release(smcp_event e) {
  record("event_release");
  delete reinterpret_cast<event_record *>(e);
  return SMCP_SUCCESS;
}

} // namespace

void fail_next_copy_to_host() { fail_copy_to_host = true; }
void link_peers(bool linked) { peers_linked = linked; }
void fail_next_launch() { fail_launch = true; }

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

std::vector<std::map<uint32_t, std::vector<unsigned char>>> builds() {
  std::lock_guard<std::mutex> lock(mutex);
  return build_log;
}

std::vector<texture> textures() {
  std::lock_guard<std::mutex> lock(mutex);
  return {texture_log.begin() + std::ptrdiff_t(textures_before), texture_log.end()};
}

size_t live_allocations() {
  std::lock_guard<std::mutex> lock(mutex);
  return allocations.size();
}

std::vector<std::string> event_purposes() {
  std::lock_guard<std::mutex> lock(mutex);
  return purpose_log;
}

size_t copies(const std::string &direction) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = copy_log.find(direction);
  return it == copy_log.end() ? 0 : it->second;
}

bool wait_for_blocked_launch(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(blocked_mutex);
  return blocked_cv.wait_for(lock, timeout, [] { return blocked_now > 0; });
}

void release_blocked_launches() {
  std::lock_guard<std::mutex> lock(blocked_mutex);
  blocked_released = true;
  blocked_cv.notify_all();
}

void clear() {
  std::lock_guard<std::mutex> lock(mutex);
  copy_log.clear();
  call_log.clear();
  purpose_log.clear();
  launch_log.clear();
  build_log.clear();
  textures_before = texture_log.size();
  std::lock_guard<std::mutex> blocked(blocked_mutex);
  blocked_released = false;
}

} // namespace smcp::recording

namespace smcp::recording {
namespace {

smcp_adapter_table make_table() {
  smcp_adapter_table t{};
  t.abi_version = SMCP_ADAPTER_ABI_VERSION;
  t.table_size = sizeof(t);
  t.backend = SMCP_BACKEND_OPENCL; // so that ONEAPI_DEVICE_SELECTOR=opencl:... selects it
  t.name = "recording";
  t.init = init;
  t.get_last_error = get_last_error;
  t.get_platforms = get_platforms;
  t.get_platform_info = get_platform_info;
  t.get_devices = get_devices;
  t.get_device_info = get_device_info;
  t.get_device_caps = get_device_caps;
  t.context_create = context_create;
  t.context_release = context_release;
  t.queue_create = queue_create;
  t.queue_release = queue_release;
  t.queue_finish = queue_finish;
  t.usm_alloc = usm_alloc;
  t.usm_free = usm_free;
  t.enqueue_memcpy = enqueue_memcpy;
  t.enqueue_fill = enqueue_fill;
  t.enqueue_marker = enqueue_marker;
  t.program_create = program_create;
  t.program_release = program_release;
  t.program_get_binary = program_get_binary;
  t.program_create_from_binary = program_create_from_binary;
  t.kernel_create = kernel_create;
  t.kernel_release = kernel_release;
  t.kernel_get_info = kernel_get_info;
  t.enqueue_launch = enqueue_launch;
  t.event_wait = event_wait;
  t.event_get_status = event_get_status;
  t.event_release = event_release;
  t.get_sub_devices = get_sub_devices;
  t.peer_copy_supported = peer_copy_supported;
  t.enqueue_memcpy_peer = enqueue_memcpy_peer;
  t.texture_create = texture_create;
  t.texture_release = texture_release;
  return t;
}

} // namespace
} // namespace smcp::recording

extern "C" __attribute__((visibility("default"))) smcp_result
smcp_adapter_get_table(uint32_t abi_version, uint32_t table_size, smcp_adapter_table *out) {
  static const smcp_adapter_table table = smcp::recording::make_table();
  return smcp_answer_table(abi_version, &table, table_size, out);
}
