// Device selection and info queries; gpu_selector_v without a GPU raises
// errc::runtime with a message that says so. OpenCL's CPU device only.
// REQUIRES: opencl
// RUN: %syclcc -O2 %s -o %t
// RUN: env ONEAPI_DEVICE_SELECTOR=opencl:cpu %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  sycl::queue Default;
  sycl::queue Cpu(sycl::cpu_selector_v);
  sycl::device D = Cpu.get_device();
  std::printf("same device: %d\n", Default.get_device() == D);
  // CHECK: same device: 1
  std::printf("type cpu: %d\n", D.get_info<sycl::info::device::device_type>() ==
                                    sycl::info::device_type::cpu);
  // CHECK: type cpu: 1
  std::printf("has name: %d, has vendor: %d\n",
              !D.get_info<sycl::info::device::name>().empty(),
              !D.get_info<sycl::info::device::vendor>().empty());
  // CHECK: has name: 1, has vendor: 1
  std::printf("limits: %d %d %d\n", D.get_info<sycl::info::device::max_work_group_size>() > 0,
              D.get_info<sycl::info::device::max_compute_units>() > 0,
              D.get_info<sycl::info::device::global_mem_size>() > 0);
  // CHECK: limits: 1 1 1
  std::printf("aspects: cpu=%d gpu=%d usm_device=%d\n", D.has(sycl::aspect::cpu),
              D.has(sycl::aspect::gpu), D.has(sycl::aspect::usm_device_allocations));
  // CHECK: aspects: cpu=1 gpu=0 usm_device=1
  std::printf("platform backend opencl: %d\n",
              D.get_platform().get_backend() == sycl::backend::opencl);
  // CHECK: platform backend opencl: 1

  // A selector callable: the highest score wins, negative scores never do.
  sycl::device Picked([](const sycl::device &Dev) { return Dev.is_cpu() ? 10 : -1; });
  std::printf("callable selector picked cpu: %d\n", Picked.is_cpu());
  // CHECK: callable selector picked cpu: 1

  try {
    sycl::queue Gpu(sycl::gpu_selector_v);
    std::printf("unexpected gpu\n");
  } catch (const sycl::exception &E) {
    std::printf("gpu_selector: runtime=%d msg=%s\n", E.code() == sycl::errc::runtime, E.what());
  }
  // CHECK: gpu_selector: runtime=1 msg={{.*}}GPU
}
