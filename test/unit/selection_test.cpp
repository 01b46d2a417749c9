// selection_test.cpp - platforms, devices, selectors and device info against
// the recording adapter (a GPU, a CPU and an accelerator on one platform).
#include "fatbin.h"

#include <sycl/device_selector.hpp>
#include <sycl/platform.hpp>
#include <sycl/queue.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

extern "C" void __smcp_register_images(const unsigned char *blob, size_t size);
extern "C" void __smcp_unregister_images(const unsigned char *blob);

namespace {

std::string what_of_runtime_error(const std::function<void()> &f) {
  try {
    f();
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::runtime);
    return e.what();
  }
  return "(no error)";
}

bool filtered() { return std::getenv("ONEAPI_DEVICE_SELECTOR") != nullptr; }

/// A registered blob of one image of `format` (for selection: never built).
class registered_image {
public:
  explicit registered_image(smcp::fatbin::ImageFormat format) {
    smcp::fatbin::DeviceImage img;
    img.Format = format;
    img.Target = format == smcp::fatbin::ImageFormat::PTX ? "nvptx64-nvidia-cuda" : "spir64";
    img.Kernels = {"selection_k"};
    img.Bytes = {1, 2, 3, 4};
    _blob = smcp::fatbin::writeFatBinary({img});
    __smcp_register_images(_blob.data(), _blob.size());
  }
  ~registered_image() { __smcp_unregister_images(_blob.data()); }

private:
  std::vector<uint8_t> _blob;
};

} // namespace

TEST(Selection, PlatformsAndDevices) {
  if (filtered())
    GTEST_SKIP() << "runs without ONEAPI_DEVICE_SELECTOR";
  auto platforms = sycl::platform::get_platforms();
  ASSERT_EQ(platforms.size(), 1u);
  EXPECT_EQ(platforms[0].get_info<sycl::info::platform::name>(), "SMCP recording platform");
  EXPECT_EQ(platforms[0].get_backend(), sycl::backend::opencl);
  EXPECT_EQ(platforms[0].get_devices().size(), 3u);
  EXPECT_EQ(platforms[0].get_devices(sycl::info::device_type::gpu).size(), 1u);
  EXPECT_EQ(sycl::device::get_devices(sycl::info::device_type::accelerator).size(), 1u);
  EXPECT_EQ(sycl::device::get_devices().front().get_platform(), platforms[0]);
}

TEST(Selection, DefaultSelectorPrefersGpu) {
  if (filtered())
    GTEST_SKIP() << "runs without ONEAPI_DEVICE_SELECTOR";
  sycl::device d;
  EXPECT_TRUE(d.is_gpu());
  EXPECT_EQ(sycl::queue().get_device(), d);
  EXPECT_EQ(sycl::device(sycl::default_selector_v), d);
}

// The recording GPU and CPU load SPIR-V only, the accelerator PTX too.
TEST(Selection, DefaultSelectorPrefersADeviceWithTheProgramsImages) {
  if (filtered())
    GTEST_SKIP() << "runs without ONEAPI_DEVICE_SELECTOR";
  {
    registered_image ptx(smcp::fatbin::ImageFormat::PTX);
    EXPECT_TRUE(sycl::device(sycl::default_selector_v).is_accelerator());
    EXPECT_TRUE(sycl::queue().get_device().is_accelerator());
    EXPECT_TRUE(sycl::device(sycl::gpu_selector_v).is_gpu()); // asked for: still the GPU
    registered_image spirv(smcp::fatbin::ImageFormat::SPIRV);
    EXPECT_TRUE(sycl::device(sycl::default_selector_v).is_gpu()); // every device has code now
  }
  EXPECT_TRUE(sycl::device(sycl::default_selector_v).is_gpu()); // no images: the GPU
}

TEST(Selection, StandardSelectors) {
  if (filtered())
    GTEST_SKIP() << "runs without ONEAPI_DEVICE_SELECTOR";
  EXPECT_TRUE(sycl::device(sycl::gpu_selector_v).is_gpu());
  EXPECT_TRUE(sycl::device(sycl::cpu_selector_v).is_cpu());
  EXPECT_TRUE(sycl::device(sycl::accelerator_selector_v).is_accelerator());
  EXPECT_TRUE(sycl::queue(sycl::cpu_selector_v).get_device().is_cpu());
}

TEST(Selection, CallableSelectors) {
  if (filtered())
    GTEST_SKIP() << "runs without ONEAPI_DEVICE_SELECTOR";
  auto by_name = [](const sycl::device &d) {
    return d.get_info<sycl::info::device::name>() == "recording accelerator" ? 10 : 1;
  };
  EXPECT_TRUE(sycl::queue(by_name).get_device().is_accelerator());
  EXPECT_TRUE(sycl::device(sycl::aspect_selector(sycl::aspect::cpu)).is_cpu());
  std::string what =
      what_of_runtime_error([] { sycl::device d([](const sycl::device &) { return -1; }); });
  EXPECT_NE(what.find("no device satisfies the device selector"), std::string::npos) << what;
  EXPECT_NE(what.find("recording cpu"), std::string::npos) << what;
}

TEST(Selection, DeviceInfo) {
  if (filtered())
    GTEST_SKIP() << "runs without ONEAPI_DEVICE_SELECTOR";
  sycl::device gpu(sycl::gpu_selector_v), cpu(sycl::cpu_selector_v);
  EXPECT_EQ(gpu.get_info<sycl::info::device::name>(), "recording gpu");
  EXPECT_EQ(gpu.get_info<sycl::info::device::device_type>(), sycl::info::device_type::gpu);
  EXPECT_EQ(gpu.get_info<sycl::info::device::max_compute_units>(), 8u);
  EXPECT_EQ(gpu.get_info<sycl::info::device::max_work_group_size>(), 256u);
  EXPECT_EQ(gpu.get_info<sycl::info::device::global_mem_size>(), 1ull << 30);
  // The adapter reports sizes fastest-varying first; SYCL lists them slowest first.
  auto sizes = gpu.get_info<sycl::info::device::max_work_item_sizes<3>>();
  EXPECT_EQ(sizes, sycl::range<3>(64, 512, 1024));
  EXPECT_EQ(gpu.get_info<sycl::info::device::max_work_item_sizes<1>>(), sycl::range<1>(1024));
  EXPECT_TRUE(gpu.has(sycl::aspect::usm_shared_allocations));
  EXPECT_FALSE(cpu.has(sycl::aspect::usm_shared_allocations));
  EXPECT_TRUE(cpu.has(sycl::aspect::cpu));
  auto aspects = gpu.get_info<sycl::info::device::aspects>();
  EXPECT_NE(std::find(aspects.begin(), aspects.end(), sycl::aspect::fp64), aspects.end());
}

TEST(Selection, ContextAndQueueRelations) {
  if (filtered())
    GTEST_SKIP() << "runs without ONEAPI_DEVICE_SELECTOR";
  sycl::device gpu(sycl::gpu_selector_v), cpu(sycl::cpu_selector_v);
  sycl::context ctx(gpu);
  EXPECT_EQ(ctx.get_devices().size(), 1u);
  sycl::queue q(ctx, gpu);
  EXPECT_EQ(q.get_context(), ctx);
  try {
    sycl::queue bad(ctx, cpu);
    FAIL() << "a queue for a device outside its context was made";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
  }
  // Queues made from a device share the platform's default context.
  EXPECT_EQ(sycl::queue(gpu).get_context(), sycl::queue(gpu).get_context());
}

// Registered a second time by CMake with ONEAPI_DEVICE_SELECTOR=opencl:cpu.
TEST(DeviceSelectorEnv, OnlyTheCpuIsVisible) {
  if (!filtered())
    GTEST_SKIP() << "runs with ONEAPI_DEVICE_SELECTOR=opencl:cpu";
  auto devs = sycl::device::get_devices();
  ASSERT_EQ(devs.size(), 1u);
  EXPECT_TRUE(devs[0].is_cpu());
  EXPECT_TRUE(sycl::device().is_cpu()); // the default selector falls back to the CPU
  std::string what = what_of_runtime_error([] { sycl::queue q(sycl::gpu_selector_v); });
  EXPECT_NE(what.find("no GPU device is available"), std::string::npos) << what;
}
