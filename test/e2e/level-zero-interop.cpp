// The native objects behind a Level Zero queue are real Level Zero handles:
// a host task's interop_handle gives the device and context, which the
// loader answers for (the device's name, a USM allocation of the context).
// REQUIRES: level_zero
// RUN: %syclcc -O1 %s -o %t -lze_loader && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <level_zero/ze_api.h>

#include <cstdio>
#include <string>

int main() {
  sycl::queue q{[](const sycl::device &d) {
    return d.get_backend() == sycl::backend::ext_oneapi_level_zero ? 1 : -1;
  }};
  const std::string name = q.get_device().get_info<sycl::info::device::name>();
  int *usm = sycl::malloc_device<int>(16, q);
  q.submit([&](sycl::handler &h) {
     h.host_task([=](sycl::interop_handle ih) {
       constexpr auto ze = sycl::backend::ext_oneapi_level_zero;
       auto device = static_cast<ze_device_handle_t>(ih.get_native_device<ze>());
       auto context = static_cast<ze_context_handle_t>(ih.get_native_context<ze>());
       ze_device_properties_t p{};
       p.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES;
       const ze_result_t r = zeDeviceGetProperties(device, &p);
       // CHECK: device: 0, same name: 1
       std::printf("device: %d, same name: %d\n", int(r), name == p.name);
       ze_memory_allocation_properties_t m{};
       m.stype = ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES;
       ze_device_handle_t owner = nullptr;
       const ze_result_t mr = zeMemGetAllocProperties(context, usm, &m, &owner);
       // CHECK: allocation: 0, device memory: 1, same device: 1
       std::printf("allocation: %d, device memory: %d, same device: %d\n", int(mr),
                   m.type == ZE_MEMORY_TYPE_DEVICE, owner == device);
       // CHECK: queue: 1
       std::printf("queue: %d\n", ih.get_native_queue<ze>() != nullptr);
     });
   }).wait();
  sycl::free(usm, q);
}
