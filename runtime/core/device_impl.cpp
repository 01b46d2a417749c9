// device_impl.cpp - device and platform queries through the adapter.
#include "device_impl.h"

#include <algorithm>

namespace sycl::detail {

std::string platform_impl::info_string(smcp_platform_info what) const {
  size_t n = 0;
  SMCP_ADAPTER_CALL(_adapter, get_platform_info, _handle, what, 0, nullptr, &n);
  std::string s(n, '\0');
  SMCP_ADAPTER_CALL(_adapter, get_platform_info, _handle, what, n, s.data(), nullptr);
  s.resize(std::char_traits<char>::length(s.c_str()));
  return s;
}

device_impl::device_impl(platform_impl &p, smcp_device handle, unsigned backend_index,
                         device_impl *parent)
    : _platform(p), _handle(handle), _backend_index(backend_index), _parent(parent) {
  // Asked for at every selection and launch: read once.
  _type = static_cast<smcp_device_type>(info_scalar<uint32_t>(SMCP_DEVICE_INFO_TYPE));
  _name = info_string(SMCP_DEVICE_INFO_NAME);
  _caps.struct_size = sizeof(_caps);
  SMCP_ADAPTER_CALL(adapter(), get_device_caps, _handle, &_caps);
  _max_work_group_size =
      std::max<uint64_t>(info_scalar<uint64_t>(SMCP_DEVICE_INFO_MAX_WORK_GROUP_SIZE), 1);
}

const std::vector<std::shared_ptr<device_impl>> &device_impl::sub_devices() {
  std::lock_guard<std::mutex> lock(_sub_devices_mutex);
  if (_sub_devices_known)
    return _sub_devices;
  // An adapter older than version 6 (or one that splits nothing) has no entry.
  if (adapter().table().get_sub_devices) {
    uint32_t n = 0;
    SMCP_ADAPTER_CALL(adapter(), get_sub_devices, _handle, 0, nullptr, &n);
    std::vector<smcp_device> handles(n);
    if (n > 0)
      SMCP_ADAPTER_CALL(adapter(), get_sub_devices, _handle, n, handles.data(), &n);
    for (uint32_t i = 0; i < n && i < handles.size(); ++i)
      _sub_devices.push_back(
          std::make_shared<device_impl>(_platform, handles[i], _backend_index, this));
  }
  _sub_devices_known = true;
  return _sub_devices;
}

std::string device_impl::info_string(smcp_device_info what) const {
  size_t n = 0;
  SMCP_ADAPTER_CALL(adapter(), get_device_info, _handle, what, 0, nullptr, &n);
  std::string s(n, '\0');
  SMCP_ADAPTER_CALL(adapter(), get_device_info, _handle, what, n, s.data(), nullptr);
  s.resize(std::char_traits<char>::length(s.c_str()));
  return s;
}

bool device_impl::shares_host_memory() const {
  std::call_once(_shares_host_memory_once, [this] {
    uint32_t unified = 0; // not answered: not shared
    if (_type == SMCP_DEVICE_TYPE_CPU)
      adapter().try_call("get_device_info", adapter().table().get_device_info, _handle,
                         SMCP_DEVICE_INFO_HOST_UNIFIED_MEMORY, sizeof(unified), &unified, nullptr);
    _shares_host_memory = unified != 0 || has(aspect::usm_system_allocations);
  });
  return _shares_host_memory;
}

bool device_impl::has(aspect a) const {
  auto flag = [&](smcp_device_info what) { return info_scalar<uint32_t>(what) != 0; };
  // An aspect the adapter cannot confirm (it does not answer the query) is not claimed.
  auto confirmed = [&](smcp_device_info what) {
    uint32_t value = 0;
    smcp_result r = adapter().try_call("get_device_info", adapter().table().get_device_info,
                                       _handle, what, sizeof(value), &value, nullptr);
    if (r == SMCP_ERROR_UNSUPPORTED)
      return false;
    adapter().check("get_device_info", r);
    return value != 0;
  };
  auto usm = [&](smcp_usm_kind k) { return (_caps.usm_kinds >> k) & 1u; };
  switch (a) {
  case aspect::cpu:
    return _type == SMCP_DEVICE_TYPE_CPU;
  case aspect::gpu:
    return _type == SMCP_DEVICE_TYPE_GPU;
  case aspect::accelerator:
    return _type == SMCP_DEVICE_TYPE_ACCELERATOR;
  case aspect::fp16:
    return flag(SMCP_DEVICE_INFO_FP16);
  case aspect::fp64:
    return flag(SMCP_DEVICE_INFO_FP64);
  case aspect::atomic64:
    return flag(SMCP_DEVICE_INFO_ATOMIC64);
  case aspect::online_compiler:
  case aspect::online_linker:
    return true; // every adapter builds programs from device images at run time (link, build)
  case aspect::queue_profiling:
    return adapter().table().event_get_profiling != nullptr;
  case aspect::usm_atomic_host_allocations:
    return usm(SMCP_USM_HOST) && confirmed(SMCP_DEVICE_INFO_USM_ATOMIC_HOST);
  case aspect::usm_atomic_shared_allocations:
    return usm(SMCP_USM_SHARED) && confirmed(SMCP_DEVICE_INFO_USM_ATOMIC_SHARED);
  case aspect::usm_system_allocations:
    return confirmed(SMCP_DEVICE_INFO_USM_SYSTEM);
  case aspect::usm_device_allocations:
    return usm(SMCP_USM_DEVICE);
  case aspect::usm_host_allocations:
    return usm(SMCP_USM_HOST);
  case aspect::usm_shared_allocations:
    return usm(SMCP_USM_SHARED);
  case aspect::image:
    return true; // images are memory objects read in device code on every backend (image.hpp)
  case aspect::custom:          // SMCP drives no custom devices
  case aspect::emulated:        // nor simulators
  case aspect::host_debuggable: // device code is not debuggable as host code
    return false;
  }
  return false;
}

} // namespace sycl::detail
