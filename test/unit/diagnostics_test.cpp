// diagnostics_test.cpp - what the runtime says when it cannot run something:
// a kernel with no image for the device (the program's targets, the device and
// the -fsycl-targets that fixes it) and the adapter outcomes sycl-ls prints,
// against the recording adapter (its GPU loads SPIR-V only).
#include "fatbin.h"

#include "core/image_registry.h"
#include "core/impl_access.h"

#include <sycl/detail/adapter_report.hpp>
#include <sycl/device_selector.hpp>
#include <sycl/exception.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

extern "C" void __smcp_register_images(const unsigned char *blob, size_t size);
extern "C" void __smcp_unregister_images(const unsigned char *blob);

namespace {

/// The error a lookup of `kernel` on the GPU raises, or "(no error)".
std::string lookup_error(const std::string &kernel, sycl::errc &code) {
  sycl::device gpu(sycl::gpu_selector_v);
  try {
    sycl::detail::image_registry::get().find_kernel(kernel,
                                                    *sycl::detail::impl_access::impl(gpu));
  } catch (const sycl::exception &e) {
    code = static_cast<sycl::errc>(e.code().value());
    return e.what();
  }
  return "(no error)";
}

} // namespace

TEST(Diagnostics, AKernelOnlyInPtxNamesTheTargetsTheDeviceAndTheFix) {
  if (std::getenv("ONEAPI_DEVICE_SELECTOR"))
    GTEST_SKIP() << "runs without ONEAPI_DEVICE_SELECTOR";
  smcp::fatbin::DeviceImage img;
  img.Format = smcp::fatbin::ImageFormat::PTX;
  img.Target = "nvptx64";
  img.Kernels = {"diagnostics_k"};
  img.Bytes = {1, 2, 3, 4};
  std::vector<uint8_t> blob = smcp::fatbin::writeFatBinary({img});
  __smcp_register_images(blob.data(), blob.size());
  sycl::errc code = sycl::errc::success;
  std::string what = lookup_error("diagnostics_k", code);
  __smcp_unregister_images(blob.data());
  EXPECT_EQ(code, sycl::errc::kernel_not_supported);
  EXPECT_NE(what.find("kernel 'diagnostics_k' cannot run on device '"), std::string::npos) << what;
  EXPECT_NE(what.find("device images of it for nvptx64 (ptx) only"), std::string::npos) << what;
  EXPECT_NE(what.find("the device loads spirv"), std::string::npos) << what;
  EXPECT_NE(what.find("-fsycl-targets=nvptx64-nvidia-cuda,spir64 "), std::string::npos) << what;
}

// A program built for both targets whose one kernel came only in PTX (a TU
// compiled for nvptx64 alone): the images named are that kernel's, the fix
// keeps both targets.
TEST(Diagnostics, AKernelMissingFromTheSpirvImageNamesItsOwnImages) {
  if (std::getenv("ONEAPI_DEVICE_SELECTOR"))
    GTEST_SKIP() << "runs without ONEAPI_DEVICE_SELECTOR";
  smcp::fatbin::DeviceImage ptx, spirv;
  ptx.Format = smcp::fatbin::ImageFormat::PTX;
  ptx.Target = "nvptx64";
  ptx.Kernels = {"diagnostics_ptx_only", "diagnostics_both"};
  ptx.Bytes = {1, 2, 3, 4};
  spirv.Format = smcp::fatbin::ImageFormat::SPIRV;
  spirv.Target = "spir64";
  spirv.Kernels = {"diagnostics_both"};
  spirv.Bytes = {1, 2, 3, 4};
  std::vector<uint8_t> blob = smcp::fatbin::writeFatBinary({ptx, spirv});
  __smcp_register_images(blob.data(), blob.size());
  sycl::errc code = sycl::errc::success;
  std::string what = lookup_error("diagnostics_ptx_only", code);
  __smcp_unregister_images(blob.data());
  EXPECT_EQ(code, sycl::errc::kernel_not_supported);
  EXPECT_NE(what.find("device images of it for nvptx64 (ptx) only"), std::string::npos) << what;
  EXPECT_NE(what.find("-fsycl-targets=nvptx64-nvidia-cuda,spir64 "), std::string::npos) << what;
}

TEST(Diagnostics, AKernelInNoImageSaysSo) {
  if (std::getenv("ONEAPI_DEVICE_SELECTOR"))
    GTEST_SKIP() << "runs without ONEAPI_DEVICE_SELECTOR";
  sycl::errc code = sycl::errc::success;
  std::string what = lookup_error("diagnostics_missing", code);
  EXPECT_EQ(code, sycl::errc::kernel_not_supported);
  EXPECT_NE(what.find("was not found in any device image"), std::string::npos) << what;
  EXPECT_EQ(what.find("-fsycl-targets"), std::string::npos) << what;
}

TEST(Diagnostics, TheLoadedAdapterIsUsableWithItsDevices) {
  if (std::getenv("ONEAPI_DEVICE_SELECTOR"))
    GTEST_SKIP() << "runs without ONEAPI_DEVICE_SELECTOR";
  auto outcomes = sycl::detail::adapter_outcomes();
  ASSERT_EQ(outcomes.size(), 1u); // SMCP_ADAPTERS names the recording adapter alone
  EXPECT_EQ(outcomes[0].status, sycl::detail::adapter_outcome::state::usable);
  EXPECT_STREQ(sycl::detail::outcome_name(outcomes[0].status), "usable");
  EXPECT_EQ(outcomes[0].devices, 3u); // a GPU, a CPU and an accelerator
  EXPECT_TRUE(outcomes[0].reason.empty());
}

TEST(Diagnostics, EveryOutcomeHasItsOwnName) {
  using state = sycl::detail::adapter_outcome::state;
  const state all[] = {state::usable,      state::not_found,          state::load_failed,
                       state::abi_mismatch, state::init_failed,       state::no_devices,
                       state::enumeration_failed, state::hidden};
  std::vector<std::string> names;
  for (state s : all) {
    std::string name = sycl::detail::outcome_name(s);
    EXPECT_NE(name, "unknown");
    EXPECT_EQ(std::count(names.begin(), names.end(), name), 0) << name;
    names.push_back(name);
  }
}
