// driver.h - the objects of the test Level Zero driver and the machinery every
// entry shares: live-handle checks, Level Zero's rules, record mode and fault
// injection.
//
// The driver executes on OpenCL (PoCL): one ze driver and device per OpenCL
// device, modules are reverse-translated SPIR-V built as SPIR programs,
// command lists are OpenCL queues, events wrap the cl_event of the command
// that signals them, USM is SVM. It exists for tests only: it is never
// installed, and only ZE_ENABLE_ALT_DRIVERS makes the loader pick it.
#pragma once

#include "../../runtime/adapters/support/spirv_scan.h"

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <level_zero/ze_api.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace smcp::ze_test {

// --- Entry bookkeeping -----------------------------------------------------

/// Every entry starts with this: counts and (in record mode) logs the call,
/// and returns the injected failure when fault injection picks this call.
ze_result_t enter(const char *call);
#define ZE_TEST_ENTER(call)                                                     \
  do {                                                                          \
    if (ze_result_t injected_ = ::smcp::ze_test::enter(call))                   \
      return injected_;                                                         \
  } while (0)

/// A Level Zero rule the caller broke: says which on stderr (and in the
/// record) and returns the result the call fails with.
ze_result_t rule_broken(const char *call, const std::string &rule,
                        ze_result_t result = ZE_RESULT_ERROR_INVALID_ARGUMENT);

/// Writes a line to the record (record mode only).
void record_note(const std::string &line);

/// An OpenCL call failed under a ze call: says so; ZE_RESULT_ERROR_UNKNOWN,
/// or OUT_OF_DEVICE_MEMORY for CL_OUT_OF_RESOURCES / CL_MEM_OBJECT_ALLOCATION_FAILURE.
ze_result_t cl_failed(const char *call, const char *cl_call, cl_int err);

// --- Objects -----------------------------------------------------------------

enum class kind { driver, device, context, event_pool, event, command_list,
                  module, build_log, kernel };

/// Registers a new object's handle as live.
void register_handle(const void *handle, kind k);
/// Unregisters it (destroy); false when it was not live.
bool unregister_handle(const void *handle, kind k);
/// The rule "a handle is used only while it lives": success, or the failure.
ze_result_t check_live(const char *call, const void *handle, kind k);
#define ZE_TEST_LIVE(call, handle, k)                                           \
  do {                                                                          \
    if (ze_result_t dead_ = ::smcp::ze_test::check_live(call, handle, k))       \
      return dead_;                                                             \
  } while (0)

struct device_t {
  cl_platform_id platform = nullptr;
  cl_device_id device = nullptr;
  cl_context context = nullptr; // one for the driver: every ze context shares it
  std::string name;
  uint32_t vendor_id = 0, clock_mhz = 0, compute_units = 0;
  uint64_t max_alloc = 0, global_memory = 0, local_memory = 0;
  size_t max_group = 0, max_item[3] = {};
  bool fp16 = false, fp64 = false, int64_atomics = false;
  bool out_of_order = false; // the device's queues can run out of order
  // Sub-devices (SMCP_ZE_TEST_DRIVER_SUB_DEVICES): copies of the root over
  // the same OpenCL device, with their share of its compute units and memory.
  device_t *parent = nullptr;
  uint32_t sub_device_id = 0;
  std::vector<device_t *> sub_devices;
};

/// The driver's one device (after init); nullptr when OpenCL has none.
device_t *the_device();
/// Finds the OpenCL device (zeInit); false when there is none.
bool init_opencl(std::string &why);

/// The width of kernel timestamps (zeEventQueryKernelTimestamp).
constexpr uint32_t kernel_timestamp_bits = 32;

struct context_t {
  device_t *device = nullptr;
};

struct allocation {
  void *base;
  size_t size;
  ze_memory_type_t type;
  context_t *context;
};

/// USM allocations by base address (all contexts).
class allocations_t {
public:
  void add(const allocation &a);
  bool remove(void *base, allocation &out);
  /// The allocation holding p (one past its end counts), if any.
  bool find(const void *p, allocation &out) const;
  /// How many belong to context c.
  size_t count(const context_t *c) const;

private:
  mutable std::mutex _mutex;
  std::map<uintptr_t, allocation> _by_base;
};
allocations_t &allocations();

struct event_pool_t {
  context_t *context = nullptr;
  ze_event_pool_flags_t flags = 0;
  uint32_t count = 0;
  std::mutex mutex;       // guards the fields below: events of one pool come and go on many threads
  std::vector<bool> used; // indices with a live event
  size_t live_events = 0;
};

struct event_t {
  event_pool_t *pool = nullptr;
  uint32_t index = 0;
  ze_event_scope_flags_t signal_scope = 0;
  std::mutex mutex;             // guards the fields below
  cl_event signaller = nullptr; // the command that signals it (retained)
  bool host_signalled = false;
  // The commands appended so far that wait for it (retained): on a GPU a
  // command reads its wait list only when it starts, so a reset before then
  // makes it wait for the event's next use (a hang, or the wrong order).
  std::vector<cl_event> waiters;
};

/// cl_events the driver holds a reference to, released when it goes.
class retained_events {
public:
  retained_events() = default;
  retained_events(const retained_events &) = delete;
  retained_events &operator=(const retained_events &) = delete;
  ~retained_events();
  /// Takes over a reference the caller holds.
  void adopt(cl_event e) { _events.push_back(e); }
  cl_uint size() const { return cl_uint(_events.size()); }
  const cl_event *data() const { return _events.empty() ? nullptr : _events.data(); }

private:
  std::vector<cl_event> _events;
};

struct kernel_t;

/// A recorded command: runs on an OpenCL queue, waits for `wait`, returns
/// the cl_event that says it is done (retained for the caller).
using command_fn = std::function<ze_result_t(cl_command_queue queue, cl_uint num_wait,
                                             const cl_event *wait, cl_event *done)>;

/// An immediate command list (the only kind the driver has).
struct command_list_t {
  context_t *context = nullptr;
  cl_command_queue queue = nullptr;
  std::mutex busy; // one appending thread at a time: a Level Zero rule
};

struct module_t {
  context_t *context = nullptr;
  std::vector<char> spirv;
  cl_program program = nullptr;
  std::vector<std::string> kernel_names;
  std::string dump_key; // its inputs' name in SMCP_ZE_TEST_DRIVER_DUMP (module_dump.h)
};

struct build_log_t {
  std::string text;
};

struct kernel_t {
  module_t *module = nullptr;
  std::string name;
  cl_kernel kernel = nullptr;
  std::vector<smcp_arg_kind> params;
  std::mutex mutex; // guards the fields below and the cl_kernel's arguments
  struct argument {
    bool set = false;
    size_t size = 0;
    std::vector<unsigned char> bytes; // empty for local memory
  };
  std::vector<argument> args;
  uint32_t group[3] = {0, 0, 0};
  uint32_t offset[3] = {0, 0, 0}; // zeKernelSetGlobalOffsetExp
  ze_kernel_indirect_access_flags_t indirect = 0;
  bool dumped = false; // its argument count is in SMCP_ZE_TEST_DRIVER_DUMP
};

/// Makes an OpenCL queue for a command list (profiling on, out of order
/// where the device can).
ze_result_t make_queue(const char *call, device_t &device, cl_command_queue &out);

/// The cl_events a command waits for, retained (a concurrent
/// zeEventHostReset releases the event's own reference); fails when an event
/// has no command that will signal it.
ze_result_t wait_list(const char *call, uint32_t n, ze_event_handle_t *events,
                      retained_events &out);

/// Records `command` (retained) as waiting for each of `events`, which
/// zeEventHostReset must not reset before it starts.
void add_waiter(uint32_t n, ze_event_handle_t *events, cl_event command);

/// Appends a command to an immediate list: it runs now.
ze_result_t append(const char *call, ze_command_list_handle_t list, command_fn run,
                   ze_event_handle_t signal, uint32_t num_wait, ze_event_handle_t *wait);

/// Makes `event` signalled by `done` (retained); fails if it is signalled
/// and not reset.
ze_result_t set_signaller(const char *call, event_t &event, cl_event done);

/// The launch of `kernel` with its current arguments and group size, checked
/// against Level Zero's rules.
ze_result_t make_launch(const char *call, kernel_t &k, const ze_group_count_t &count,
                        command_fn &out);

template <typename T> T *as(const void *h) { return static_cast<T *>(const_cast<void *>(h)); }

/// Hands a new object to the caller as a live handle.
template <typename Handle, typename T>
ze_result_t publish(std::unique_ptr<T> object, kind k, Handle *out) {
  register_handle(object.get(), k);
  *out = reinterpret_cast<Handle>(object.release());
  return ZE_RESULT_SUCCESS;
}

/// Takes a destroyed handle's object back (no longer live) for deletion.
template <typename T> std::unique_ptr<T> retire(const void *handle, kind k) {
  unregister_handle(handle, k);
  return std::unique_ptr<T>(as<T>(handle));
}

} // namespace smcp::ze_test
