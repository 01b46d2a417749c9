// device.h - a CUDA device as the adapter knows it: its attributes, read once
// at discovery (init) and answered from here ever after.
#pragma once

#include "common.h"

#include <cstdint>
#include <string>

namespace smcp::cuda {

struct device_record {
  CUdevice ordinal = 0;
  std::string name;
  uint64_t total_memory = 0;
  uint32_t multiprocessors = 0;
  uint32_t max_threads_per_block = 0;
  uint32_t max_block[3] = {};
  uint32_t max_grid[3] = {};
  uint32_t warp_size = 0;
  uint32_t clock_mhz = 0;
  uint64_t shared_per_block = 0;       // what a kernel gets without opting in
  uint64_t shared_per_block_optin = 0; // the most dynamic shared memory can reach
  int compute_major = 0, compute_minor = 0;
  bool managed_memory = false;
};

inline device_record &to_record(smcp_device d) { return *reinterpret_cast<device_record *>(d); }

/// Finds the driver's devices and reads their attributes (called by init).
smcp_result discover_devices();

/// The devices discover_devices found, in ordinal order.
uint32_t device_count();
device_record &device_at(uint32_t index);

/// The driver's version as "13.0" (cuDriverGetVersion, read by init).
const std::string &driver_version_string();

} // namespace smcp::cuda
