// Lists every platform and device the runtime sees, with the queries a user
// reaches for first, then runs one kernel on the default device.
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  for (const sycl::platform &P : sycl::platform::get_platforms()) {
    std::printf("platform: %s (%s)\n", P.get_info<sycl::info::platform::name>().c_str(),
                P.get_info<sycl::info::platform::vendor>().c_str());
    for (const sycl::device &D : P.get_devices()) {
      using namespace sycl::info;
      std::printf("  device: %s\n", D.get_info<device::name>().c_str());
      std::printf("    vendor: %s, %s\n", D.get_info<device::vendor>().c_str(),
                  D.is_cpu() ? "cpu" : D.is_gpu() ? "gpu" : "other");
      std::printf("    compute units: %u, max work-group size: %zu\n",
                  D.get_info<device::max_compute_units>(),
                  D.get_info<device::max_work_group_size>());
      std::printf("    global memory: %llu MiB, fp64: %s, usm shared: %s\n",
                  (unsigned long long)(D.get_info<device::global_mem_size>() >> 20),
                  D.has(sycl::aspect::fp64) ? "yes" : "no",
                  D.has(sycl::aspect::usm_shared_allocations) ? "yes" : "no");
    }
  }

  sycl::queue Q; // the default device (ONEAPI_DEVICE_SELECTOR picks another)
  int *Answer = sycl::malloc_shared<int>(1, Q);
  Q.single_task<class Answer>([=] { *Answer = 6 * 7; }).wait();
  std::printf("single_task on %s: %d (%s)\n",
              Q.get_device().get_info<sycl::info::device::name>().c_str(), *Answer,
              *Answer == 42 ? "correct" : "WRONG");
  int Result = *Answer == 42 ? 0 : 1;
  sycl::free(Answer, Q);
  return Result;
}
