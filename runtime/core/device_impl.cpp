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

device_impl::device_impl(platform_impl &p, smcp_device handle, unsigned backend_index)
    : _platform(p), _handle(handle), _backend_index(backend_index) {
  // Asked for at every selection and launch: read once.
  _type = static_cast<smcp_device_type>(info_scalar<uint32_t>(SMCP_DEVICE_INFO_TYPE));
  _name = info_string(SMCP_DEVICE_INFO_NAME);
  _caps.struct_size = sizeof(_caps);
  SMCP_ADAPTER_CALL(adapter(), get_device_caps, _handle, &_caps);
  _max_work_group_size =
      std::max<uint64_t>(info_scalar<uint64_t>(SMCP_DEVICE_INFO_MAX_WORK_GROUP_SIZE), 1);
}

std::string device_impl::info_string(smcp_device_info what) const {
  size_t n = 0;
  SMCP_ADAPTER_CALL(adapter(), get_device_info, _handle, what, 0, nullptr, &n);
  std::string s(n, '\0');
  SMCP_ADAPTER_CALL(adapter(), get_device_info, _handle, what, n, s.data(), nullptr);
  s.resize(std::char_traits<char>::length(s.c_str()));
  return s;
}

bool device_impl::has(aspect a) const {
  auto flag = [&](smcp_device_info what) { return info_scalar<uint32_t>(what) != 0; };
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
    return true; // every adapter builds programs from device images at run time
  case aspect::usm_device_allocations:
    return usm(SMCP_USM_DEVICE);
  case aspect::usm_host_allocations:
    return usm(SMCP_USM_HOST);
  case aspect::usm_shared_allocations:
    return usm(SMCP_USM_SHARED);
  default:
    // Not provided yet: custom, emulated, host_debuggable, image, online_linker,
    // queue_profiling (no get_profiling_info yet), atomic and system USM.
    return false;
  }
}

} // namespace sycl::detail
