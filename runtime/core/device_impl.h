// device_impl.h - the runtime's view of one backend device, and its platform.
#pragma once

#include "adapter.h"

#include <sycl/aspect.hpp>
#include <sycl/info/info_desc.hpp>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace sycl::detail {

class device_impl;

class platform_impl {
public:
  platform_impl(const smcp::rt::adapter &a, smcp_platform handle) : _adapter(a), _handle(handle) {}

  const smcp::rt::adapter &adapter() const { return _adapter; }
  smcp_platform handle() const { return _handle; }
  std::string info_string(smcp_platform_info what) const;
  /// The visible devices (after ONEAPI_DEVICE_SELECTOR).
  const std::vector<std::shared_ptr<device_impl>> &devices() const { return _devices; }
  void add_device(std::shared_ptr<device_impl> d) { _devices.push_back(std::move(d)); }

private:
  const smcp::rt::adapter &_adapter;
  smcp_platform _handle;
  std::vector<std::shared_ptr<device_impl>> _devices;
};

class device_impl : public std::enable_shared_from_this<device_impl> {
public:
  /// parent: the device this one is a sub-device of (get_sub_devices), or
  /// null for a root device; a sub-device shares its parent's backend index.
  device_impl(platform_impl &p, smcp_device handle, unsigned backend_index,
              device_impl *parent = nullptr);

  const smcp::rt::adapter &adapter() const { return _platform.adapter(); }
  platform_impl &platform() const { return _platform; }
  smcp_device handle() const { return _handle; }
  /// Index among the devices of its backend, as ONEAPI_DEVICE_SELECTOR and sycl-ls count.
  unsigned backend_index() const { return _backend_index; }
  smcp_device_type type() const { return _type; }
  const std::string &name() const { return _name; }
  uint32_t image_formats() const { return _caps.il_formats; }
  /// What the adapter says the device can do, asked once.
  const smcp_device_caps &caps() const { return _caps; }
  /// The largest work-group, asked once (every range launch checks it).
  uint64_t max_work_group_size() const { return _max_work_group_size; }

  std::string info_string(smcp_device_info what) const;
  template <typename T> T info_scalar(smcp_device_info what) const {
    T value{};
    SMCP_ADAPTER_CALL(adapter(), get_device_info, _handle, what, sizeof(T), &value, nullptr);
    return value;
  }
  bool has(aspect a) const;
  /// Whether the device's kernels use host memory as it is: a device with
  /// system allocations, or a CPU device that shares the host's memory (its
  /// kernels run in this process). Buffers then keep one copy for both
  /// (mem_object.h). Asked once.
  bool shares_host_memory() const;

  /// The device this one was split from (info::device::parent_device); null
  /// for a root device. Parents outlive their sub-devices' use: a root lives
  /// in its platform, a sub-device in its parent.
  std::shared_ptr<device_impl> parent() const {
    return _parent ? _parent->shared_from_this() : nullptr;
  }
  /// The adapter's sub-devices of this device, asked for once: every
  /// create_sub_devices returns the same devices, so they compare equal and
  /// share their programs. Empty where the adapter splits no device.
  const std::vector<std::shared_ptr<device_impl>> &sub_devices();

private:
  platform_impl &_platform;
  smcp_device _handle;
  unsigned _backend_index;
  device_impl *_parent;
  std::mutex _sub_devices_mutex;
  bool _sub_devices_known = false;
  std::vector<std::shared_ptr<device_impl>> _sub_devices;
  smcp_device_type _type;
  std::string _name;
  smcp_device_caps _caps{};
  uint64_t _max_work_group_size = 1;
  mutable std::once_flag _shares_host_memory_once;
  mutable bool _shares_host_memory = false;
};

} // namespace sycl::detail
