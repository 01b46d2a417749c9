// device_impl.h - the runtime's view of one backend device, and its platform.
#pragma once

#include "adapter.h"

#include <sycl/aspect.hpp>
#include <sycl/info/info_desc.hpp>

#include <cstdint>
#include <memory>
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

class device_impl {
public:
  device_impl(platform_impl &p, smcp_device handle, unsigned backend_index);

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

private:
  platform_impl &_platform;
  smcp_device _handle;
  unsigned _backend_index;
  smcp_device_type _type;
  std::string _name;
  smcp_device_caps _caps{};
  uint64_t _max_work_group_size = 1;
};

} // namespace sycl::detail
