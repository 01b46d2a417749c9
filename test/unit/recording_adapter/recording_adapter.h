// recording_adapter.h - an in-memory adapter for the runtime's unit tests.
//
// It implements the adapter ABI without any device: one platform with a GPU,
// a CPU and an accelerator (which also takes PTX images and, as CUDA, has no
// native global offset), the GPU split into two sub-devices; or, with
// SMCP_RECORDING_DEVICES=N, N GPUs ("recording gpu 0" ...) that do not split,
// as a host with several GPUs. USM is host memory and copies/fills happen at
// once; programs are "built" from text images ("kernels: a b c", or
// "FAIL: <log>" to fail the build); every entry point called is recorded, and
// kernel launches with their arguments, so tests can check what libsycl asked
// for. A kernel whose name starts with "async_fail" yields an event whose wait
// fails, to exercise asynchronous errors; one named "blocking_launch" stays
// in enqueue_launch until the test releases it.
//
// libsycl loads it through SMCP_ADAPTERS; the tests link the same library to
// read the record (one copy in the process, since both name the same file).
#pragma once

#include "adapter_abi.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace smcp::recording {

struct launch {
  std::string kernel;
  unsigned dims;
  size_t global[3];
  bool has_local;
  size_t local[3];
  bool has_offset;
  size_t offset[3];
  std::vector<std::vector<unsigned char>> value_args; // by index; empty for pointer args
  std::vector<const void *> pointer_args;             // by index; null for value args
  std::vector<size_t> local_args;                     // by index; 0 unless a local arg
  size_t num_wait;
};

/// A texture libsycl asked for (texture_create), with the handle it got.
struct texture {
  smcp_device device;
  smcp_texture_desc desc;
  uint64_t handle;
  bool released;
};
/// Every texture made since the last clear(). Textures over a row pitch that
/// is no multiple of 32 bytes, or of 3 channels, are refused
/// (SMCP_ERROR_UNSUPPORTED), as CUDA's pitched textures are.
std::vector<texture> textures();

/// The specialization values (SpecId -> bytes) of each program_create since
/// the last clear(), in order.
std::vector<std::map<uint32_t, std::vector<unsigned char>>> builds();

/// Entry points called since the last clear(), in order.
std::vector<std::string> calls();
size_t count(const std::string &entry);
std::vector<launch> launches();
size_t live_allocations();
/// The events enqueues returned since the last clear(), in order: the entry
/// and the purpose libsycl gave, e.g. "enqueue_launch:device" or
/// "enqueue_memcpy:host" (smcp_event_purpose).
std::vector<std::string> event_purposes();
/// enqueue_memcpy calls since the last clear(), by direction: "host->device",
/// "device->host", "device->device" or "host->host" (device = a usm_alloc'ed range);
/// "peer": enqueue_memcpy_peer calls.
size_t copies(const std::string &direction);
void clear();
/// The next device->host enqueue_memcpy yields an event whose wait fails
/// (a copy that failed on the device).
void fail_next_copy_to_host();
/// Whether peer_copy_supported says yes for two different devices (it does
/// unless told otherwise); libsycl asks when it makes a context.
void link_peers(bool linked);
/// The next enqueue_launch fails (SMCP_ERROR_DEVICE_LOST, "injected launch
/// failure") without running the kernel; so does every launch of a kernel
/// named "failing_launch".
void fail_next_launch();
/// The kernel of this symbol (the textured variant of a kernel named
/// "greedy") launches at most 64 work-items per group; others 128.
constexpr const char *greedy_variant = "greedy_smcp_textured";
/// Launches of a kernel named "blocking_launch", and allocations of
/// blocking_alloc_bytes, block inside the adapter: waits until one does
/// (false on timeout), and lets them all go on.
constexpr size_t blocking_alloc_bytes = 4242;
bool wait_for_blocked_launch(std::chrono::milliseconds timeout);
void release_blocked_launches();

} // namespace smcp::recording
