// driver.cpp - what every entry of the test driver shares: the record of
// calls and fault injection, rule failures, live handles, USM allocations,
// and the OpenCL device underneath.
//
// Environment:
//   SMCP_ZE_TEST_DRIVER_RECORD=<file>   append "<n> <call>" per call (record mode)
//   SMCP_ZE_TEST_DRIVER_FAIL=<call>:<n>[:<result>]
//                                       the n-th call of <call> (from 1) fails with
//                                       <result> (a number; default
//                                       ZE_RESULT_ERROR_DEVICE_LOST) before doing anything
//   SMCP_ZE_TEST_DRIVER_STRICT=1        a broken rule aborts the process
//
// smcp_ze_test_driver_rules_broken() (exported, for tests that dlopen the
// driver with RTLD_NOLOAD) counts the rules broken so far.
#include "driver.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unordered_map>

namespace smcp::ze_test {
namespace {

struct fault_plan {
  std::string call;
  uint64_t nth = 0;
  ze_result_t result = ZE_RESULT_ERROR_DEVICE_LOST;
};

struct recorder {
  std::mutex mutex;
  FILE *log = nullptr;
  std::map<std::string, uint64_t> counts;
  uint64_t total = 0;
  fault_plan fault;

  recorder() {
    if (const char *path = std::getenv("SMCP_ZE_TEST_DRIVER_RECORD"))
      log = std::fopen(path, "a");
    if (const char *spec = std::getenv("SMCP_ZE_TEST_DRIVER_FAIL")) {
      std::string s = spec;
      const size_t a = s.find(':');
      if (a != std::string::npos) {
        fault.call = s.substr(0, a);
        const size_t b = s.find(':', a + 1);
        fault.nth = std::strtoull(s.substr(a + 1, b - a - 1).c_str(), nullptr, 0);
        if (b != std::string::npos)
          fault.result = ze_result_t(std::strtoul(s.substr(b + 1).c_str(), nullptr, 0));
      }
    }
  }
};

recorder &the_recorder() {
  static recorder *r = new recorder; // never destroyed: calls may come during exit
  return *r;
}

std::mutex handles_mutex;
std::unordered_map<const void *, kind> &live_handles() {
  static auto *m = new std::unordered_map<const void *, kind>;
  return *m;
}

const char *kind_name(kind k) {
  switch (k) {
  case kind::driver: return "driver";
  case kind::device: return "device";
  case kind::context: return "context";
  case kind::event_pool: return "event pool";
  case kind::event: return "event";
  case kind::command_list: return "command list";
  case kind::module: return "module";
  case kind::build_log: return "build log";
  case kind::kernel: return "kernel";
  }
  return "object";
}

} // namespace

void record_note(const std::string &line) {
  recorder &r = the_recorder();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (r.log) {
    std::fprintf(r.log, "%s\n", line.c_str());
    std::fflush(r.log);
  }
}

namespace {

device_t device;
bool device_found = false;

} // namespace

ze_result_t enter(const char *call) {
  recorder &r = the_recorder();
  std::lock_guard<std::mutex> lock(r.mutex);
  const uint64_t n = ++r.counts[call];
  ++r.total;
  const bool inject = r.fault.nth == n && r.fault.call == call;
  if (r.log) {
    std::fprintf(r.log, "%llu %s%s\n", (unsigned long long)r.total, call,
                 inject ? " -> injected failure" : "");
    std::fflush(r.log);
  }
  if (!inject)
    return ZE_RESULT_SUCCESS;
  std::fprintf(stderr, "smcp-ze-test-driver: %s: failing call %llu of it as asked (0x%x)\n", call,
               (unsigned long long)n, unsigned(r.fault.result));
  return r.fault.result;
}

namespace {

std::atomic<uint64_t> rules_broken{0};

} // namespace

ze_result_t rule_broken(const char *call, const std::string &rule, ze_result_t result) {
  std::fprintf(stderr, "smcp-ze-test-driver: %s: Level Zero rule broken: %s\n", call,
               rule.c_str());
  record_note(std::string("rule broken in ") + call + ": " + rule);
  rules_broken.fetch_add(1);
  // A caller may ignore the failed call (a reset in a clean-up path):
  // strict mode makes sure the broken rule still ends the test.
  if (const char *strict = std::getenv("SMCP_ZE_TEST_DRIVER_STRICT"); strict && *strict == '1')
    std::abort();
  return result;
}

ze_result_t cl_failed(const char *call, const char *cl_call, cl_int err) {
  std::fprintf(stderr, "smcp-ze-test-driver: %s: %s failed with %d\n", call, cl_call, err);
  record_note(std::string(call) + ": " + cl_call + " failed with " + std::to_string(err));
  return err == CL_OUT_OF_RESOURCES || err == CL_MEM_OBJECT_ALLOCATION_FAILURE
             ? ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY
             : ZE_RESULT_ERROR_UNKNOWN;
}

void register_handle(const void *handle, kind k) {
  std::lock_guard<std::mutex> lock(handles_mutex);
  live_handles()[handle] = k;
}

bool unregister_handle(const void *handle, kind k) {
  std::lock_guard<std::mutex> lock(handles_mutex);
  auto it = live_handles().find(handle);
  if (it == live_handles().end() || it->second != k)
    return false;
  live_handles().erase(it);
  return true;
}

ze_result_t check_live(const char *call, const void *handle, kind k) {
  {
    std::lock_guard<std::mutex> lock(handles_mutex);
    auto it = live_handles().find(handle);
    if (it != live_handles().end() && it->second == k)
      return ZE_RESULT_SUCCESS;
  }
  return rule_broken(call, std::string("a ") + kind_name(k) +
                               " handle is used that does not exist (destroyed, or never made)",
                     ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
}

void allocations_t::add(const allocation &a) {
  std::lock_guard<std::mutex> lock(_mutex);
  _by_base[uintptr_t(a.base)] = a;
}

bool allocations_t::remove(void *base, allocation &out) {
  std::lock_guard<std::mutex> lock(_mutex);
  auto it = _by_base.find(uintptr_t(base));
  if (it == _by_base.end())
    return false;
  out = it->second;
  _by_base.erase(it);
  return true;
}

bool allocations_t::find(const void *p, allocation &out) const {
  std::lock_guard<std::mutex> lock(_mutex);
  auto it = _by_base.upper_bound(uintptr_t(p));
  if (it == _by_base.begin())
    return false;
  --it;
  if (uintptr_t(p) > it->first + it->second.size)
    return false;
  out = it->second;
  return true;
}

size_t allocations_t::count(const context_t *c) const {
  std::lock_guard<std::mutex> lock(_mutex);
  size_t n = 0;
  for (const auto &[base, a] : _by_base)
    n += a.context == c;
  return n;
}

allocations_t &allocations() {
  static auto *a = new allocations_t;
  return *a;
}

device_t *the_device() { return device_found ? &device : nullptr; }

bool init_opencl(std::string &why) {
  static std::once_flag once;
  static std::string failure;
  std::call_once(once, [] {
    cl_uint n = 0;
    if (clGetPlatformIDs(0, nullptr, &n) != CL_SUCCESS || n == 0) {
      failure = "no OpenCL platform";
      return;
    }
    std::vector<cl_platform_id> platforms(n);
    clGetPlatformIDs(n, platforms.data(), nullptr);
    for (cl_platform_id p : platforms) {
      cl_device_id d = nullptr;
      cl_uint count = 0;
      if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, &count) != CL_SUCCESS || count == 0)
        continue;
      char extensions[8192] = {};
      clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, sizeof(extensions) - 1, extensions, nullptr);
      if (!std::strstr(extensions, "cl_khr_spir"))
        continue;
      device.platform = p;
      device.device = d;
      char name[256] = {};
      clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof(name) - 1, name, nullptr);
      device.name = std::string("SMCP test driver on ") + name;
      cl_uint u = 0;
      clGetDeviceInfo(d, CL_DEVICE_VENDOR_ID, sizeof(u), &u, nullptr);
      device.vendor_id = u;
      clGetDeviceInfo(d, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof(u), &u, nullptr);
      device.clock_mhz = u;
      clGetDeviceInfo(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof(u), &u, nullptr);
      device.compute_units = u;
      cl_ulong l = 0;
      clGetDeviceInfo(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(l), &l, nullptr);
      device.max_alloc = l;
      clGetDeviceInfo(d, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof(l), &l, nullptr);
      device.global_memory = l;
      clGetDeviceInfo(d, CL_DEVICE_LOCAL_MEM_SIZE, sizeof(l), &l, nullptr);
      device.local_memory = l;
      clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(size_t), &device.max_group,
                      nullptr);
      clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof(device.max_item),
                      device.max_item, nullptr);
      device.fp16 = std::strstr(extensions, "cl_khr_fp16") != nullptr;
      device.fp64 = std::strstr(extensions, "cl_khr_fp64") != nullptr;
      device.int64_atomics = std::strstr(extensions, "cl_khr_int64_base_atomics") != nullptr;
      cl_command_queue_properties q = 0;
      clGetDeviceInfo(d, CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, sizeof(q), &q, nullptr);
      device.out_of_order = (q & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) != 0;
      cl_int err = CL_SUCCESS;
      device.context = clCreateContext(nullptr, 1, &d, nullptr, nullptr, &err);
      if (err != CL_SUCCESS) {
        failure = "clCreateContext failed with " + std::to_string(err);
        return;
      }
      device_found = true;
      return;
    }
    failure = "no OpenCL device with cl_khr_spir";
  });
  why = failure;
  return device_found;
}

ze_result_t make_queue(const char *call, device_t &d, cl_command_queue &out) {
  cl_queue_properties properties[] = {
      CL_QUEUE_PROPERTIES,
      cl_queue_properties(CL_QUEUE_PROFILING_ENABLE |
                          (d.out_of_order ? CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE : 0)),
      0};
  cl_int err = CL_SUCCESS;
  out = clCreateCommandQueueWithProperties(d.context, d.device, properties, &err);
  return err == CL_SUCCESS ? ZE_RESULT_SUCCESS
                           : cl_failed(call, "clCreateCommandQueueWithProperties", err);
}

} // namespace smcp::ze_test

extern "C" __attribute__((visibility("default"))) uint64_t smcp_ze_test_driver_rules_broken() {
  return smcp::ze_test::rules_broken.load();
}
