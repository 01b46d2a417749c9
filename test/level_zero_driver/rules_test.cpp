// rules_test.cpp - the test driver fails the calls that break Level Zero's
// rules, through the real loader: what lets lane 1 say the adapter keeps
// them. Usage: smcp-ze-test-driver-rules <SPIR-V image of the conformance
// kernels> [gtest flags], with ZE_ENABLE_ALT_DRIVERS naming the test driver.
#include <level_zero/ze_api.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

std::string image_path;

#define ASSERT_ZE(call) ASSERT_EQ((call), ZE_RESULT_SUCCESS) << #call

class Rules : public testing::Test {
protected:
  void SetUp() override {
    ASSERT_ZE(zeInit(0));
    uint32_t n = 1;
    ASSERT_ZE(zeDriverGet(&n, &driver));
    n = 1;
    ASSERT_ZE(zeDeviceGet(driver, &n, &device));
    ze_context_desc_t cd{ZE_STRUCTURE_TYPE_CONTEXT_DESC, nullptr, 0};
    ASSERT_ZE(zeContextCreate(driver, &cd, &context));
    ze_command_queue_desc_t qd{};
    qd.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
    qd.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
    ASSERT_ZE(zeCommandListCreateImmediate(context, device, &qd, &list));
  }
  void TearDown() override {
    for (ze_event_handle_t e : events)
      zeEventDestroy(e);
    for (ze_event_pool_handle_t p : pools)
      zeEventPoolDestroy(p);
    if (kernel)
      zeKernelDestroy(kernel);
    if (module)
      zeModuleDestroy(module);
    for (void *p : allocations)
      zeMemFree(context, p);
    if (list)
      zeCommandListDestroy(list);
    if (context)
      zeContextDestroy(context);
  }

  ze_event_handle_t event(ze_event_pool_flags_t flags) {
    ze_event_pool_desc_t pd{ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, nullptr, flags, 1};
    ze_event_pool_handle_t pool = nullptr;
    EXPECT_EQ(zeEventPoolCreate(context, &pd, 1, &device, &pool), ZE_RESULT_SUCCESS);
    pools.push_back(pool);
    const ze_event_scope_flags_t scope =
        (flags & ZE_EVENT_POOL_FLAG_HOST_VISIBLE) ? ZE_EVENT_SCOPE_FLAG_HOST : 0;
    ze_event_desc_t ed{ZE_STRUCTURE_TYPE_EVENT_DESC, nullptr, 0, scope, scope};
    ze_event_handle_t e = nullptr;
    EXPECT_EQ(zeEventCreate(pool, &ed, &e), ZE_RESULT_SUCCESS);
    events.push_back(e);
    return e;
  }

  ze_result_t build(const std::vector<char> &image, const ze_module_constants_t *constants,
                    std::string *log_text = nullptr) {
    ze_module_desc_t md{};
    md.stype = ZE_STRUCTURE_TYPE_MODULE_DESC;
    md.format = ZE_MODULE_FORMAT_IL_SPIRV;
    md.inputSize = image.size();
    md.pInputModule = reinterpret_cast<const uint8_t *>(image.data());
    md.pBuildFlags = "";
    md.pConstants = constants;
    ze_module_build_log_handle_t log = nullptr;
    ze_result_t r = zeModuleCreate(context, device, &md, &module, &log);
    if (log) {
      size_t n = 0;
      zeModuleBuildLogGetString(log, &n, nullptr);
      std::string text(n, '\0');
      zeModuleBuildLogGetString(log, &n, text.data());
      if (log_text)
        *log_text = text.c_str();
      zeModuleBuildLogDestroy(log);
    }
    if (r != ZE_RESULT_SUCCESS)
      module = nullptr;
    return r;
  }

  void make_kernel(const char *name) {
    std::ifstream in(image_path, std::ios::binary);
    std::vector<char> image{std::istreambuf_iterator<char>(in), {}};
    ASSERT_ZE(build(image, nullptr));
    ze_kernel_desc_t kd{ZE_STRUCTURE_TYPE_KERNEL_DESC, nullptr, 0, name};
    ASSERT_ZE(zeKernelCreate(module, &kd, &kernel));
  }

  int *alloc_ints(size_t n) {
    void *p = nullptr;
    ze_device_mem_alloc_desc_t dd{ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, nullptr, 0, 0};
    ze_host_mem_alloc_desc_t hd{ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, nullptr, 0};
    EXPECT_EQ(zeMemAllocShared(context, &dd, &hd, n * sizeof(int), 64, device, &p),
              ZE_RESULT_SUCCESS);
    allocations.push_back(p);
    return static_cast<int *>(p);
  }
  int *alloc_shared() { return alloc_ints(1024); }

  ze_driver_handle_t driver = nullptr;
  ze_device_handle_t device = nullptr;
  ze_context_handle_t context = nullptr;
  ze_command_list_handle_t list = nullptr;
  ze_module_handle_t module = nullptr;
  ze_kernel_handle_t kernel = nullptr;
  std::vector<ze_event_pool_handle_t> pools;
  std::vector<ze_event_handle_t> events;
  std::vector<void *> allocations;
};

TEST_F(Rules, TheHostWaitsOnlyForHostVisibleEvents) {
  ze_event_handle_t device_only = event(0);
  ASSERT_ZE(zeCommandListAppendBarrier(list, device_only, 0, nullptr));
  EXPECT_NE(zeEventHostSynchronize(device_only, UINT64_MAX), ZE_RESULT_SUCCESS);
  EXPECT_NE(zeEventQueryStatus(device_only), ZE_RESULT_SUCCESS);
  ze_event_handle_t visible = event(ZE_EVENT_POOL_FLAG_HOST_VISIBLE);
  ASSERT_ZE(zeCommandListAppendBarrier(list, visible, 0, nullptr));
  EXPECT_EQ(zeEventHostSynchronize(visible, UINT64_MAX), ZE_RESULT_SUCCESS);
}

TEST_F(Rules, AnEventIsSignalledAgainOnlyAfterAReset) {
  ze_event_handle_t e = event(ZE_EVENT_POOL_FLAG_HOST_VISIBLE);
  ASSERT_ZE(zeCommandListAppendBarrier(list, e, 0, nullptr));
  EXPECT_NE(zeCommandListAppendBarrier(list, e, 0, nullptr), ZE_RESULT_SUCCESS);
  ASSERT_ZE(zeEventHostSynchronize(e, UINT64_MAX));
  ASSERT_ZE(zeEventHostReset(e));
  EXPECT_EQ(zeCommandListAppendBarrier(list, e, 0, nullptr), ZE_RESULT_SUCCESS);
  EXPECT_EQ(zeEventHostSynchronize(e, UINT64_MAX), ZE_RESULT_SUCCESS);
}

TEST_F(Rules, WaitingForAnEventNothingSignalsFailsInsteadOfHanging) {
  ze_event_handle_t never = event(ZE_EVENT_POOL_FLAG_HOST_VISIBLE);
  EXPECT_NE(zeCommandListAppendBarrier(list, nullptr, 1, &never), ZE_RESULT_SUCCESS);
  EXPECT_NE(zeEventHostSynchronize(never, UINT64_MAX), ZE_RESULT_SUCCESS);
  EXPECT_EQ(zeEventHostSynchronize(never, 0), ZE_RESULT_NOT_READY);
}

// A command reads its wait list when it starts: resetting an event before
// every command waiting for it started makes them wait for its next use.
TEST_F(Rules, AnEventIsResetOnlyOnceTheCommandsWaitingForItStarted) {
  make_kernel("fill_ids");
  ze_event_handle_t early = event(ZE_EVENT_POOL_FLAG_HOST_VISIBLE);
  ASSERT_ZE(zeCommandListAppendBarrier(list, early, 0, nullptr));
  ASSERT_ZE(zeEventHostSynchronize(early, UINT64_MAX));
  // A launch long enough that the barrier waiting for it and for `early`
  // has not started when the host resets `early`; a launch that finished
  // first proves nothing, so it is tried again, larger.
  for (size_t n = size_t(1) << 20; n <= (size_t(1) << 22); n *= 4) {
    int *out = alloc_ints(n);
    ze_event_handle_t slow = event(ZE_EVENT_POOL_FLAG_HOST_VISIBLE);
    const int base = 0;
    ASSERT_ZE(zeKernelSetArgumentValue(kernel, 0, sizeof(out), &out));
    ASSERT_ZE(zeKernelSetArgumentValue(kernel, 1, sizeof(base), &base));
    ASSERT_ZE(zeKernelSetGroupSize(kernel, 64, 1, 1));
    ze_group_count_t groups{uint32_t(n / 64), 1, 1};
    ASSERT_ZE(zeCommandListAppendLaunchKernel(list, kernel, &groups, slow, 0, nullptr));
    ze_event_handle_t both[] = {early, slow};
    ASSERT_ZE(zeCommandListAppendBarrier(list, nullptr, 2, both));
    const ze_result_t reset = zeEventHostReset(early);
    const bool still_running = zeEventQueryStatus(slow) == ZE_RESULT_NOT_READY;
    ASSERT_ZE(zeEventHostSynchronize(slow, UINT64_MAX));
    if (!still_running) {
      if (reset == ZE_RESULT_SUCCESS) // the barrier may have started: sign `early` again
        ASSERT_ZE(zeCommandListAppendBarrier(list, early, 0, nullptr));
      continue;
    }
    EXPECT_NE(reset, ZE_RESULT_SUCCESS);
    ASSERT_ZE(zeCommandListAppendBarrier(list, nullptr, 0, nullptr));
    ze_event_handle_t after = event(ZE_EVENT_POOL_FLAG_HOST_VISIBLE);
    ASSERT_ZE(zeCommandListAppendBarrier(list, after, 0, nullptr));
    ASSERT_ZE(zeEventHostSynchronize(after, UINT64_MAX));
    EXPECT_EQ(zeEventHostReset(early), ZE_RESULT_SUCCESS) << "every waiter is done";
    return;
  }
  GTEST_SKIP() << "every launch finished before the reset: nothing shown";
}

TEST_F(Rules, TimestampsOnlyFromTimestampPools) {
  ze_event_handle_t plain = event(ZE_EVENT_POOL_FLAG_HOST_VISIBLE);
  ASSERT_ZE(zeCommandListAppendBarrier(list, plain, 0, nullptr));
  ASSERT_ZE(zeEventHostSynchronize(plain, UINT64_MAX));
  ze_kernel_timestamp_result_t t{};
  EXPECT_NE(zeEventQueryKernelTimestamp(plain, &t), ZE_RESULT_SUCCESS);
}

TEST_F(Rules, AUsmPointerInsideAValueNeedsIndirectAccess) {
  make_kernel("rows_cols"); // rows_cols(int *out, long width): out[y * width + x]
  int *out = alloc_shared();
  int *hidden = alloc_shared();
  ASSERT_ZE(zeKernelSetArgumentValue(kernel, 0, sizeof(out), &out));
  // A by-value argument that holds a USM address, as a captured struct would.
  ASSERT_ZE(zeKernelSetArgumentValue(kernel, 1, sizeof(hidden), &hidden));
  ASSERT_ZE(zeKernelSetGroupSize(kernel, 1, 1, 1));
  ze_group_count_t one{1, 1, 1}; // y is 0: the kernel never uses width as an index
  EXPECT_NE(zeCommandListAppendLaunchKernel(list, kernel, &one, nullptr, 0, nullptr),
            ZE_RESULT_SUCCESS);
  ASSERT_ZE(zeKernelSetIndirectAccess(kernel, ZE_KERNEL_INDIRECT_ACCESS_FLAG_SHARED));
  ze_event_handle_t done = event(ZE_EVENT_POOL_FLAG_HOST_VISIBLE);
  EXPECT_EQ(zeCommandListAppendLaunchKernel(list, kernel, &one, done, 0, nullptr),
            ZE_RESULT_SUCCESS);
  EXPECT_EQ(zeEventHostSynchronize(done, UINT64_MAX), ZE_RESULT_SUCCESS);
}

TEST_F(Rules, APointerArgumentMustBeUsm) {
  make_kernel("fill_ids");
  int on_the_stack[4] = {};
  int *p = on_the_stack;
  const int base = 0;
  ASSERT_ZE(zeKernelSetArgumentValue(kernel, 0, sizeof(p), &p));
  ASSERT_ZE(zeKernelSetArgumentValue(kernel, 1, sizeof(base), &base));
  ASSERT_ZE(zeKernelSetGroupSize(kernel, 4, 1, 1));
  ze_group_count_t one{1, 1, 1};
  EXPECT_NE(zeCommandListAppendLaunchKernel(list, kernel, &one, nullptr, 0, nullptr),
            ZE_RESULT_SUCCESS);
}

TEST_F(Rules, AHandleIsUsedOnlyWhileItLives) {
  make_kernel("no_args");
  ASSERT_ZE(zeKernelDestroy(kernel));
  ze_kernel_handle_t dead = kernel;
  kernel = nullptr;
  EXPECT_NE(zeKernelSetGroupSize(dead, 1, 1, 1), ZE_RESULT_SUCCESS);
  ze_group_count_t one{1, 1, 1};
  EXPECT_NE(zeCommandListAppendLaunchKernel(list, dead, &one, nullptr, 0, nullptr),
            ZE_RESULT_SUCCESS);
}

TEST_F(Rules, MalformedSpirvAndUnknownSpecIdsFailTheBuild) {
  std::ifstream in(image_path, std::ios::binary);
  std::vector<char> image{std::istreambuf_iterator<char>(in), {}};
  std::vector<char> garbage(image.begin(), image.begin() + 20);
  garbage.insert(garbage.end(), {'\xff', '\xff', '\xff', '\xff'});
  EXPECT_EQ(build(garbage, nullptr), ZE_RESULT_ERROR_MODULE_BUILD_FAILURE);
  uint32_t id = 4242;
  uint32_t value = 1;
  const void *values[] = {&value};
  ze_module_constants_t constants{1, &id, values};
  std::string log = "(none)";
  EXPECT_EQ(build(image, &constants, &log), ZE_RESULT_ERROR_MODULE_BUILD_FAILURE);
  EXPECT_EQ(log, "") << "Intel's driver gives an empty log for an unknown id";
}

} // namespace

int main(int argc, char **argv) {
  testing::InitGoogleTest(&argc, argv);
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <SPIR-V image> [gtest flags]\n", argv[0]);
    return 2;
  }
  image_path = argv[1];
  return RUN_ALL_TESTS();
}
