// device.cpp - CUDA devices: discovery, which reads every attribute libsycl
// may ask for once, and the info and capability queries answered from it.
#include "device.h"

#include "entry_points.h"
#include "launch_thread.h"

#include <algorithm>
#include <cstring>
#include <deque>

namespace smcp::cuda {
namespace {

// Filled by init (one thread, before any other entry); a deque keeps the
// records where the handles point.
std::deque<device_record> devices;
std::string driver_version;

constexpr uint32_t nvidia_vendor_id = 0x10de;
// cuMemAlloc's documented alignment, in bits as SMCP_DEVICE_INFO_MEM_BASE_ADDR_ALIGN wants it.
constexpr uint32_t device_allocation_alignment_bits = 256 * 8;

smcp_result attribute(CUdevice d, CUdevice_attribute what, uint32_t &out) {
  int v = 0;
  SMCP_CU_CALL(cuDeviceGetAttribute, (&v, what, d));
  out = v < 0 ? 0 : uint32_t(v);
  return SMCP_SUCCESS;
}

smcp_result attribute(CUdevice d, CUdevice_attribute what, uint64_t &out) {
  uint32_t v = 0;
  SMCP_TRY(attribute(d, what, v));
  out = v;
  return SMCP_SUCCESS;
}

smcp_result read_device(int ordinal, device_record &r) {
  SMCP_CU_CALL(cuDeviceGet, (&r.ordinal, ordinal));
  const CUdevice d = r.ordinal;
  char name[256] = {};
  SMCP_CU_CALL(cuDeviceGetName, (name, int(sizeof(name) - 1), d));
  r.name = name;
  size_t memory = 0;
  SMCP_CU_CALL(cuDeviceTotalMem, (&memory, d));
  r.total_memory = memory;
  SMCP_TRY(attribute(d, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, r.multiprocessors));
  SMCP_TRY(attribute(d, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, r.max_threads_per_block));
  SMCP_TRY(attribute(d, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, r.max_block[0]));
  SMCP_TRY(attribute(d, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, r.max_block[1]));
  SMCP_TRY(attribute(d, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, r.max_block[2]));
  SMCP_TRY(attribute(d, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, r.max_grid[0]));
  SMCP_TRY(attribute(d, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, r.max_grid[1]));
  SMCP_TRY(attribute(d, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, r.max_grid[2]));
  SMCP_TRY(attribute(d, CU_DEVICE_ATTRIBUTE_WARP_SIZE, r.warp_size));
  SMCP_TRY(attribute(d, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, r.shared_per_block));
  SMCP_TRY(attribute(d, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                     r.shared_per_block_optin));
  r.shared_per_block_optin = std::max(r.shared_per_block_optin, r.shared_per_block);
  uint32_t major = 0, minor = 0, managed = 0;
  SMCP_TRY(attribute(d, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, major));
  SMCP_TRY(attribute(d, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, minor));
  SMCP_TRY(attribute(d, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, managed));
  r.compute_major = int(major);
  r.compute_minor = int(minor);
  r.managed_memory = managed != 0;
  // Only informative, and the driver may stop reporting it: 0 when it does not.
  int khz = 0;
  if (driver.cuDeviceGetAttribute(&khz, CU_DEVICE_ATTRIBUTE_CLOCK_RATE, d) == CUDA_SUCCESS)
    r.clock_mhz = khz > 0 ? uint32_t(khz / 1000) : 0;
  return SMCP_SUCCESS;
}

smcp_result uint32_info(uint32_t v, size_t size, void *value, size_t *size_ret) {
  return return_info(size, value, size_ret, &v, sizeof(v));
}

smcp_result uint64_info(uint64_t v, size_t size, void *value, size_t *size_ret) {
  return return_info(size, value, size_ret, &v, sizeof(v));
}

} // namespace

smcp_result discover_devices() {
  int version = 0;
  SMCP_CU_CALL(cuDriverGetVersion, (&version));
  driver_version = std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
  int count = 0;
  SMCP_CU_CALL(cuDeviceGetCount, (&count));
  devices.clear();
  for (int i = 0; i < count; ++i)
    SMCP_TRY(read_device(i, devices.emplace_back()));
  return SMCP_SUCCESS;
}

uint32_t device_count() { return uint32_t(devices.size()); }
device_record &device_at(uint32_t index) { return devices[index]; }
const std::string &driver_version_string() { return driver_version; }

smcp_result get_devices(smcp_platform, uint32_t capacity, smcp_device *out, uint32_t *count) {
  for (uint32_t i = 0; i < devices.size() && i < capacity; ++i)
    out[i] = reinterpret_cast<smcp_device>(&devices[i]);
  *count = uint32_t(devices.size());
  return SMCP_SUCCESS;
}

smcp_result get_device_info(smcp_device device, smcp_device_info what, size_t size,
                            void *value, size_t *size_ret) {
  const device_record &d = to_record(device);
  switch (what) {
  case SMCP_DEVICE_INFO_NAME:
    return return_string(size, value, size_ret, d.name);
  case SMCP_DEVICE_INFO_VENDOR:
    return return_string(size, value, size_ret, "NVIDIA Corporation");
  case SMCP_DEVICE_INFO_DRIVER_VERSION:
    return return_string(size, value, size_ret, driver_version);
  case SMCP_DEVICE_INFO_VERSION: // the compute capability, as DPC++ reports it ("9.0")
    return return_string(size, value, size_ret,
                         std::to_string(d.compute_major) + "." + std::to_string(d.compute_minor));
  case SMCP_DEVICE_INFO_TYPE:
    return uint32_info(SMCP_DEVICE_TYPE_GPU, size, value, size_ret);
  case SMCP_DEVICE_INFO_VENDOR_ID:
    return uint32_info(nvidia_vendor_id, size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_COMPUTE_UNITS:
    return uint32_info(d.multiprocessors, size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_WORK_GROUP_SIZE:
    return uint64_info(d.max_threads_per_block, size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_WORK_ITEM_SIZES: {
    const uint64_t v[3] = {d.max_block[0], d.max_block[1], d.max_block[2]};
    return return_info(size, value, size_ret, v, sizeof(v));
  }
  case SMCP_DEVICE_INFO_MAX_CLOCK_FREQUENCY:
    return uint32_info(d.clock_mhz, size, value, size_ret);
  case SMCP_DEVICE_INFO_GLOBAL_MEM_SIZE:
  case SMCP_DEVICE_INFO_MAX_MEM_ALLOC_SIZE:
    return uint64_info(d.total_memory, size, value, size_ret);
  case SMCP_DEVICE_INFO_LOCAL_MEM_SIZE:
    // Local accessors live in dynamic shared memory, which the adapter opts
    // in to beyond the default per-block limit when a launch needs it.
    return uint64_info(d.shared_per_block_optin, size, value, size_ret);
  case SMCP_DEVICE_INFO_MEM_BASE_ADDR_ALIGN:
    return uint32_info(device_allocation_alignment_bits, size, value, size_ret);
  case SMCP_DEVICE_INFO_FP16:
  case SMCP_DEVICE_INFO_FP64:
  case SMCP_DEVICE_INFO_ATOMIC64:
    return uint32_info(1, size, value, size_ret);
  case SMCP_DEVICE_INFO_ADDRESS_BITS: // the adapter loads 64-bit PTX only
    return uint32_info(64, size, value, size_ret);
  case SMCP_DEVICE_INFO_MAX_PARAMETER_SIZE: // what a launch packs (launch.cpp refuses more)
    return uint64_info(direct_launch::params_type::capacity, size, value, size_ret);
  case SMCP_DEVICE_INFO_LOCAL_MEM_TYPE: // local memory is the multiprocessor's shared memory
    return uint32_info(SMCP_LOCAL_MEM_LOCAL, size, value, size_ret);
  case SMCP_DEVICE_INFO_ENDIAN_LITTLE: // every CUDA device
  case SMCP_DEVICE_INFO_AVAILABLE:     // discovery lists only devices with a context
    return uint32_info(1, size, value, size_ret);
  default:
    break;
  }
  return fail(SMCP_ERROR_UNSUPPORTED, "get_device_info", CUDA_SUCCESS,
              "device info " + std::to_string(what) + " is not answered by this adapter");
}

smcp_result get_device_caps(smcp_device device, smcp_device_caps *out) {
  const device_record &d = to_record(device);
  smcp_device_caps caps{};
  // No native global offset: libsycl folds offsets into the kernel's arguments.
  caps.flags = SMCP_CAP_OPTIONAL_EVENTS | SMCP_CAP_NATIVE_RECT_COPY;
  caps.il_formats = 1u << SMCP_IMAGE_FORMAT_PTX;
  caps.usm_kinds = (1u << SMCP_USM_DEVICE) | (1u << SMCP_USM_HOST);
  if (d.managed_memory)
    caps.usm_kinds |= 1u << SMCP_USM_SHARED;
  caps.fill_pattern_sizes = 0x7; // cuMemsetD8/D16/D32Async: 1, 2 and 4 bytes
  caps.num_sub_group_sizes = 1;
  caps.sub_group_sizes[0] = d.warp_size;
  for (int i = 0; i < 3; ++i)
    caps.max_group_count[i] = d.max_grid[i];
  return adapter::answer_caps(caps, out);
}

} // namespace smcp::cuda

namespace smcp::cuda {

// A CUDA device is not split into sub-devices (MIG instances are devices of
// their own, listed by the driver).
smcp_result get_sub_devices(smcp_device, uint32_t, smcp_device *, uint32_t *count) {
  *count = 0;
  return SMCP_SUCCESS;
}

} // namespace smcp::cuda
