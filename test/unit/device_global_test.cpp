// device_global_test.cpp - device_globals in the runtime: the image
// properties' round trip and errors, and each context's instances: created
// on first use (a launch or a copy), initialised from the image or the host
// object, shared by launches and copies, distinct per context, bound to the
// kernel's trailing parameters, checked for device_image_scope, and freed
// with their context.
#include "core/context_impl.h"
#include "core/device_globals.h"
#include "core/impl_access.h"
#include "device_globals.h"
#include "fatbin.h"
#include "implicit_args.h"
#include "recording_adapter.h"
#include "test_images.h"

#include <sycl/queue.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

extern "C" void __smcp_register_images(const unsigned char *blob, size_t size);
extern "C" void __smcp_unregister_images(const unsigned char *blob);
extern "C" void __smcp_register_device_globals(const void *table, size_t count);
extern "C" void __smcp_unregister_device_globals(const void *table, size_t count);

using smcp::fatbin::DeviceGlobalDesc;

namespace {

DeviceGlobalDesc int_global(const std::string &id, int init, bool image_scope = false) {
  DeviceGlobalDesc g{id, 4, image_scope, std::vector<uint8_t>(4)};
  std::memcpy(g.Init.data(), &init, 4);
  return g;
}

smcp::fatbin::DeviceImage image_with(std::vector<DeviceGlobalDesc> globals,
                                     std::vector<smcp::fatbin::KernelDeviceGlobals> kernels) {
  smcp::fatbin::DeviceImage img;
  img.Target = "spir64";
  std::string text = "kernels:";
  for (const auto &k : kernels) {
    img.Kernels.push_back(k.Kernel);
    text += " " + k.Kernel;
  }
  img.Bytes.assign(text.begin(), text.end());
  img.PropertySets.push_back(smcp::fatbin::encodeDeviceGlobals(globals));
  // A kernel's variables are its implicit arguments of kind device_global.
  std::vector<smcp::fatbin::KernelImplicitArgs> implicit;
  for (const auto &k : kernels) {
    implicit.push_back({k.Kernel, {}});
    for (const auto &id : k.Ids)
      implicit.back().Args.push_back({smcp::abi::implicit_arg_kind::device_global, id});
  }
  img.PropertySets.push_back(smcp::fatbin::encodeImplicitArgs(implicit));
  return img;
}

} // namespace

TEST(DeviceGlobalProperty, RoundTrips) {
  auto img = image_with({int_global("a", 5), int_global("b", -1, true), int_global("zero", 0)},
                        {{"k", {"b", "a"}}});
  smcp::fatbin::ImageDeviceGlobals out;
  std::string err;
  ASSERT_TRUE(smcp::fatbin::decodeDeviceGlobals(img, out, err)) << err;
  ASSERT_EQ(out.Globals.size(), 3u);
  EXPECT_TRUE(out.Globals[2].Init.empty()); // all zeros: no bytes in the image
  EXPECT_EQ(out.Globals[1].Id, "b");
  EXPECT_TRUE(out.Globals[1].ImageScope);
  EXPECT_EQ(out.Globals[0].Init, (std::vector<uint8_t>{5, 0, 0, 0}));
  ASSERT_EQ(out.Kernels.size(), 1u);
  EXPECT_EQ(out.Kernels[0].Ids, (std::vector<std::string>{"b", "a"}));
}

TEST(DeviceGlobalProperty, BrokenTablesAreErrors) {
  smcp::fatbin::ImageDeviceGlobals out;
  std::string err;
  auto unknown = image_with({int_global("a", 0)}, {{"k", {"nope"}}});
  EXPECT_FALSE(smcp::fatbin::decodeDeviceGlobals(unknown, out, err));
  EXPECT_NE(err.find("nope"), std::string::npos);
  auto short_init = image_with({int_global("a", 0)}, {});
  // One byte of initial value for a 4-byte variable.
  short_init.PropertySets[0].Properties[0].Value.Items[2] = smcp::fatbin::PropertyValue::bytes({7});
  EXPECT_FALSE(smcp::fatbin::decodeDeviceGlobals(short_init, out, err));
  EXPECT_NE(err.find("set 'smcp.device_globals', property 'a'"), std::string::npos) << err;
  auto wrong_type = image_with({int_global("a", 0)}, {});
  wrong_type.PropertySets[0].Properties[0].Value = smcp::fatbin::PropertyValue::string("4 0 z");
  EXPECT_FALSE(smcp::fatbin::decodeDeviceGlobals(wrong_type, out, err));
  EXPECT_NE(err.find("expected list(u64 size"), std::string::npos) << err;
}

namespace {

struct registration {
  const void *host;
  const char *id;
};

class DeviceGlobalInstances : public testing::Test {
protected:
  void SetUp() override {
    if (std::getenv("ONEAPI_DEVICE_SELECTOR"))
      GTEST_SKIP() << "runs without ONEAPI_DEVICE_SELECTOR";
    blob = test_fat_binary({image_with(
        {int_global("counter", 7), int_global("table", 3), int_global("scoped", 1, true),
         int_global("scoped_unused", 2, true)},
        {{"dg_k", {"counter", "table"}}, {"scoped_k", {"scoped"}}, {"plain_k", {}}})});
    __smcp_register_images(blob.data(), blob.size());
    __smcp_register_device_globals(table, 4);
    q = std::make_unique<sycl::queue>(sycl::gpu_selector_v);
    smcp::recording::clear();
  }
  void TearDown() override {
    if (blob.empty())
      return;
    q.reset();
    __smcp_unregister_device_globals(table, 4);
    __smcp_unregister_images(blob.data());
  }
  /// The trailing pointer arguments of a launch of `kernel` on queue.
  std::vector<const void *> launch(sycl::queue &queue, const char *kernel) {
    const smcp::detail::kernel_info info{kernel, 1};
    char functor = 0;
    queue.submit([&](sycl::handler &h) {
      sycl::detail::header_access::launch(h, &info, &functor, 1, {});
    }).wait();
    return smcp::recording::launches().back().pointer_args;
  }
  void *instance(sycl::queue &queue, const void *host, size_t size, bool image_scope = false) {
    void *result = nullptr;
    queue.submit([&](sycl::handler &h) {
      // What handler::copy / memcpy on a device_global address.
      auto &impl = sycl::detail::impl_access::impl(h);
      result = sycl::detail::device_global_for_copy(impl.context->device_globals(), *impl.device,
                                                    host, size, image_scope);
      h.memcpy(result, host, 0);
    }).wait();
    return result;
  }

  // Host objects: their addresses name the variables.
  int counter_host = 0, table_host = 0, scoped_host = 0, unused_host = 0, unknown_host = 99;
  registration table[4] = {{&counter_host, "counter"},
                           {&table_host, "table"},
                           {&scoped_host, "scoped"},
                           {&unused_host, "scoped_unused"}};
  std::vector<uint8_t> blob;
  std::unique_ptr<sycl::queue> q;
};

} // namespace

TEST_F(DeviceGlobalInstances, FirstLaunchCreatesAndInitialisesLaterOnesReuse) {
  auto args = launch(*q, "dg_k");
  ASSERT_EQ(args.size(), 2u); // no kernel parameters, two device_globals
  ASSERT_NE(args[0], nullptr);
  ASSERT_NE(args[1], args[0]);
  EXPECT_EQ(*static_cast<const int *>(args[0]), 7); // recording USM is host memory
  EXPECT_EQ(*static_cast<const int *>(args[1]), 3);
  EXPECT_EQ(smcp::recording::count("usm_alloc"), 2u);
  EXPECT_EQ(smcp::recording::copies("host->device"), 2u);
  EXPECT_EQ(launch(*q, "dg_k"), args);
  EXPECT_EQ(smcp::recording::count("usm_alloc"), 2u);
  EXPECT_TRUE(launch(*q, "plain_k").empty());
}

TEST_F(DeviceGlobalInstances, CopiesUseTheKernelsInstance) {
  void *copy_side = instance(*q, &counter_host, sizeof(int));
  auto args = launch(*q, "dg_k");
  EXPECT_EQ(args[0], copy_side);
  EXPECT_EQ(*static_cast<const int *>(copy_side), 7); // the image's initial value
}

TEST_F(DeviceGlobalInstances, UndescribedVariablesStartFromTheHostObject) {
  void *p = instance(*q, &unknown_host, sizeof(int));
  EXPECT_EQ(*static_cast<const int *>(p), 99);
  EXPECT_EQ(instance(*q, &unknown_host, sizeof(int)), p);
}

TEST_F(DeviceGlobalInstances, EachContextHasItsOwn) {
  const void *first = launch(*q, "dg_k")[0];
  sycl::queue other(sycl::context(q->get_device()), q->get_device());
  const void *second = launch(other, "dg_k")[0];
  EXPECT_NE(first, second);
}

TEST_F(DeviceGlobalInstances, ContextDestructionFreesThem) {
  size_t before = smcp::recording::live_allocations();
  {
    sycl::queue other(sycl::context(q->get_device()), q->get_device());
    launch(other, "dg_k");
    EXPECT_EQ(smcp::recording::live_allocations(), before + 2);
  }
  EXPECT_EQ(smcp::recording::live_allocations(), before);
}

TEST_F(DeviceGlobalInstances, ImageScopeRules) {
  EXPECT_NE(instance(*q, &scoped_host, sizeof(int), true), nullptr);
  try { // in the image, but no kernel of it uses the variable
    instance(*q, &unused_host, sizeof(int), true);
    ADD_FAILURE() << "no exception";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::kernel_not_supported);
  }
  try { // in no image at all
    instance(*q, &unknown_host, sizeof(int), true);
    ADD_FAILURE() << "no exception";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::kernel_not_supported);
  }
}

TEST_F(DeviceGlobalInstances, HostAndDeviceSizesMustAgree) {
  try {
    instance(*q, &counter_host, 8);
    ADD_FAILURE() << "no exception";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
  }
}

// DG-10: kernels of two images using one device_image_scope variable. The
// copy that worked before the second image came is checked again after it
// (copies remember their instance only while the images stay the same).
TEST_F(DeviceGlobalInstances, ImageScopeVariableInTwoImagesIsAnError) {
  void *before = instance(*q, &scoped_host, sizeof(int), true);
  auto other = test_fat_binary(
      {image_with({int_global("scoped", 1, true)}, {{"other_k", {"scoped"}}})});
  __smcp_register_images(other.data(), other.size());
  try {
    launch(*q, "scoped_k");
    ADD_FAILURE() << "no exception";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
  }
  try {
    instance(*q, &scoped_host, sizeof(int), true);
    ADD_FAILURE() << "no exception";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
  }
  __smcp_unregister_images(other.data());
  EXPECT_EQ(launch(*q, "scoped_k").size(), 1u);
  EXPECT_EQ(instance(*q, &scoped_host, sizeof(int), true), before);
}
