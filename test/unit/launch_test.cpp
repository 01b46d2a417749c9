// launch_test.cpp - the kernel path: image lookup, the program cache, kernel
// arguments from the functor, dimension order, errors; against the recording
// adapter, whose "images" are text listing their kernels.
#include "fatbin.h"
#include "implicit_args.h"
#include "kernel_requirements.h"
#include "launch_constants.h"
#include "recording_adapter.h"
#include "recording_gpu_test.h"
#include "test_images.h"

#include <sycl/kernel_bundle.hpp>
#include <sycl/queue.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <future>
#include <set>
#include <thread>

extern "C" void __smcp_register_images(const unsigned char *blob, size_t size);
extern "C" void __smcp_unregister_images(const unsigned char *blob);

using smcp::detail::kernel_info;
using smcp::detail::kernel_param_desc;
using smcp::detail::param_kind;

namespace {

/// Registers one blob for the lifetime of the object, as an executable's
/// image table constructor and destructor would.
class registered_blob {
public:
  explicit registered_blob(std::vector<uint8_t> bytes) : _bytes(std::move(bytes)) {
    __smcp_register_images(_bytes.data(), _bytes.size());
  }
  ~registered_blob() { __smcp_unregister_images(_bytes.data()); }

private:
  std::vector<uint8_t> _bytes;
};

/// A blob with one recording image: its bytes are its kernel names, or
/// "FAIL:<log>" to make the build fail. Its kernels take the parameters
/// `described` gives them, the others none.
std::vector<uint8_t> image_blob(const std::vector<std::string> &kernels, std::string text = "",
                                const std::vector<smcp::abi::kernel_annotation> &described = {}) {
  smcp::fatbin::DeviceImage img;
  img.Format = smcp::fatbin::ImageFormat::SPIRV;
  img.Target = "spir64";
  img.Kernels = kernels;
  if (text.empty())
    for (const auto &k : kernels)
      text += k + " ";
  img.Bytes.assign(text.begin(), text.end());
  return test_fat_binary({img}, described);
}

struct functor {
  int *ptr;
  int value;
  double scale;
};

const std::vector<kernel_param_desc> functor_params = {
    {param_kind::pointer, sizeof(void *), int(offsetof(functor, ptr))},
    {param_kind::std_layout, sizeof(int), int(offsetof(functor, value))},
    {param_kind::std_layout, sizeof(double), int(offsetof(functor, scale))},
};

/// Kernel `name` taking a functor as its parameters, as the image describes it.
smcp::abi::kernel_annotation functor_kernel(const std::string &name) {
  return {name, sizeof(functor), functor_params};
}

/// What handler::parallel_for does once kernel_launch.hpp has found the kernel.
sycl::event launch(sycl::queue &q, const kernel_info &info, const void *f, size_t size,
                   std::vector<size_t> global, std::vector<size_t> local = {},
                   std::vector<size_t> offset = {}, std::vector<sycl::event> deps = {}) {
  sycl::detail::launch_range r;
  r.dims = unsigned(global.size());
  for (size_t d = 0; d < global.size(); ++d) {
    r.global[d] = global[d];
    r.local[d] = d < local.size() ? local[d] : 0;
    r.offset[d] = d < offset.size() ? offset[d] : 0;
  }
  return q.submit([&](sycl::handler &h) {
    h.depends_on(deps);
    sycl::detail::header_access::launch(h, &info, f, size, r);
  });
}

sycl::exception launch_error(sycl::queue &q, const kernel_info &info) {
  char nothing = 0;
  try {
    launch(q, info, &nothing, 0, {1});
  } catch (const sycl::exception &e) {
    return e;
  }
  ADD_FAILURE() << "launching " << info.name << " did not fail";
  return sycl::exception(sycl::errc::success);
}

/// An async_handler that keeps each error's message in `seen`.
sycl::async_handler collect_messages(std::vector<std::string> &seen) {
  return [&seen](sycl::exception_list errors) {
    for (auto &e : errors) {
      try {
        std::rethrow_exception(e);
      } catch (const sycl::exception &x) {
        seen.push_back(x.what());
      }
    }
  };
}

class Launch : public RecordingGpuTest {
protected:
  void SetUp() override {
    RecordingGpuTest::SetUp();
    smcp::recording::clear();
  }
};

} // namespace

TEST_F(Launch, ArgumentsComeFromTheFunctor) {
  registered_blob blob(image_blob({"args_kernel"}, "", {functor_kernel("args_kernel")}));
  const kernel_info info{"args_kernel", sizeof(functor)};
  int target = 0;
  functor f{&target, 7, 0.5};
  launch(*q, info, &f, sizeof(f), {10}).wait();
  auto l = smcp::recording::launches().back();
  EXPECT_EQ(l.kernel, "args_kernel");
  ASSERT_EQ(l.pointer_args.size(), 3u);
  EXPECT_EQ(l.pointer_args[0], &target);
  ASSERT_EQ(l.value_args[1].size(), sizeof(int));
  int value;
  std::memcpy(&value, l.value_args[1].data(), sizeof(int));
  EXPECT_EQ(value, 7);
  double scale;
  std::memcpy(&scale, l.value_args[2].data(), sizeof(double));
  EXPECT_EQ(scale, 0.5);
  EXPECT_EQ(l.dims, 1u);
  EXPECT_EQ(l.global[0], 10u);
  EXPECT_FALSE(l.has_local); // local size 0: the backend chooses
  EXPECT_FALSE(l.has_offset);
}

TEST_F(Launch, FunctorIsCopiedAtSubmission) {
  registered_blob blob(image_blob({"copied_kernel"}, "", {functor_kernel("copied_kernel")}));
  const kernel_info info{"copied_kernel", sizeof(functor)};
  auto *f = new functor{nullptr, 11, 1.0};
  q->submit([&](sycl::handler &h) {
    sycl::detail::header_access::launch(h, &info, f, sizeof(*f), {});
    f->value = 99; // the command group has copied the bytes already
  });
  delete f;
  int value;
  std::memcpy(&value, smcp::recording::launches().back().value_args[1].data(), sizeof(int));
  EXPECT_EQ(value, 11);
}

TEST_F(Launch, DimensionsAreReversed) {
  registered_blob blob(image_blob({"dims_kernel"}));
  const kernel_info info{"dims_kernel", 1};
  char empty = 0;
  launch(*q, info, &empty, 1, {2, 3, 4}, {1, 3, 2}, {5, 0, 0}).wait();
  auto l = smcp::recording::launches().back();
  ASSERT_EQ(l.dims, 3u);
  EXPECT_EQ(l.global[0], 4u);
  EXPECT_EQ(l.global[1], 3u);
  EXPECT_EQ(l.global[2], 2u);
  ASSERT_TRUE(l.has_local);
  EXPECT_EQ(l.local[0], 2u);
  EXPECT_EQ(l.local[2], 1u);
  ASSERT_TRUE(l.has_offset);
  EXPECT_EQ(l.offset[2], 5u);
  EXPECT_EQ(l.offset[0], 0u);
}

TEST_F(Launch, KernelWithoutParameters) {
  registered_blob blob(image_blob({"no_params"}));
  const kernel_info info{"no_params", 1};
  char empty = 0;
  launch(*q, info, &empty, 1, {1}).wait();
  EXPECT_EQ(smcp::recording::count("enqueue_launch"), 1u);
  EXPECT_TRUE(smcp::recording::launches().back().value_args.empty());
}

TEST_F(Launch, ProgramIsBuiltOncePerImageAndContext) {
  registered_blob blob(image_blob({"cached_a", "cached_b"}));
  const kernel_info a{"cached_a", 1}, b{"cached_b", 1};
  char empty = 0;
  launch(*q, a, &empty, 1, {1});
  launch(*q, a, &empty, 1, {1});
  launch(*q, b, &empty, 1, {1});
  q->wait();
  EXPECT_EQ(smcp::recording::count("program_create"), 1u);
  EXPECT_EQ(smcp::recording::count("kernel_create"), 2u);
  EXPECT_EQ(smcp::recording::count("enqueue_launch"), 3u);
  // Another context builds its own program.
  sycl::queue other(sycl::context(q->get_device()), q->get_device());
  launch(other, a, &empty, 1, {1}).wait();
  EXPECT_EQ(smcp::recording::count("program_create"), 2u);
}

TEST_F(Launch, ConcurrentFirstLaunchesBuildOnce) {
  registered_blob blob(image_blob({"racing"}));
  const kernel_info info{"racing", 1};
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&] {
      char empty = 0;
      try {
        for (int i = 0; i < 20; ++i)
          launch(*q, info, &empty, 1, {4});
      } catch (...) {
        ++failures;
      }
    });
  for (auto &t : threads)
    t.join();
  q->wait();
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(smcp::recording::count("program_create"), 1u);
  EXPECT_EQ(smcp::recording::count("enqueue_launch"), 160u);
}

TEST_F(Launch, FailedBuildRaisesItsLogToEveryLaunch) {
  registered_blob blob(image_blob({"broken"}, "FAIL:error: undefined symbol foo"));
  const kernel_info info{"broken", 1};
  for (int i = 0; i < 2; ++i) {
    auto e = launch_error(*q, info);
    EXPECT_EQ(e.code(), sycl::errc::build);
    std::string what = e.what();
    EXPECT_NE(what.find("undefined symbol foo"), std::string::npos) << what;
    EXPECT_NE(what.find("recordingBuild"), std::string::npos) << what;
    EXPECT_NE(what.find("recording gpu"), std::string::npos) << what;
  }
  EXPECT_EQ(smcp::recording::count("program_create"), 1u); // the failure is cached
}

TEST_F(Launch, BuildThatRanOutOfMemoryIsRetried) {
  registered_blob blob(image_blob({"needs_memory"}, "OOM_ONCE: needs_memory"));
  const kernel_info info{"needs_memory", 1};
  EXPECT_EQ(launch_error(*q, info).code(), sycl::errc::memory_allocation);
  char nothing = 0;
  EXPECT_NO_THROW(launch(*q, info, &nothing, 1, {1}).wait()); // built again, and it works
  EXPECT_EQ(smcp::recording::count("program_create"), 2u);
}

TEST_F(Launch, MissingKernelIsNamed) {
  registered_blob blob(image_blob({"present"}));
  const kernel_info info{"absent_kernel", 1};
  auto e = launch_error(*q, info);
  EXPECT_EQ(e.code(), sycl::errc::kernel_not_supported);
  std::string what = e.what();
  EXPECT_NE(what.find("kernel 'absent_kernel' was not found in any device image"),
            std::string::npos)
      << what;
}

/// The error a launch of `info` over global/local throws, or success.
sycl::errc launch_errc(sycl::queue &q, const kernel_info &info, std::vector<size_t> global,
                       std::vector<size_t> local, std::string *what) {
  char nothing = 0;
  try {
    launch(q, info, &nothing, 0, std::move(global), std::move(local)).wait();
  } catch (const sycl::exception &e) {
    *what = e.what();
    return sycl::errc(e.code().value());
  }
  return sycl::errc::success;
}

TEST_F(Launch, GeometryBeyondTheDevicesLimitsIsASynchronousError) {
  // The recording device runs at most 2^20 groups per dimension, 2^32 in all.
  registered_blob blob(image_blob({"huge"}));
  const kernel_info info{"huge", 1};
  std::string what;
  EXPECT_EQ(launch_errc(*q, info, {size_t(1) << 22}, {2}, &what), sycl::errc::nd_range);
  EXPECT_NE(what.find("2097152 work-groups in dimension 0 exceed device 'recording gpu''s "
                      "limit of 1048576"),
            std::string::npos)
      << what;
  // Without a local size: at least global / 256 (the widest work-group)
  // groups, per dimension and in all.
  EXPECT_EQ(launch_errc(*q, info, {size_t(1) << 40}, {}, &what), sycl::errc::nd_range);
  EXPECT_NE(what.find("at least 4294967296 work-groups in dimension 0 exceed device "
                      "'recording gpu''s limit of 1048576"),
            std::string::npos)
      << what;
  EXPECT_EQ(launch_errc(*q, info, {size_t(1) << 24, size_t(1) << 24}, {}, &what),
            sycl::errc::nd_range);
  EXPECT_NE(what.find("the range needs at least 1099511627776 work-groups"), std::string::npos)
      << what;
  EXPECT_EQ(smcp::recording::count("enqueue_launch"), 0u);
  // Within the limits, on the same queue, launches go on.
  EXPECT_EQ(launch_errc(*q, info, {size_t(1) << 20, 4}, {1, 4}, &what), sycl::errc::success)
      << what;
  EXPECT_EQ(launch_errc(*q, info, {size_t(1) << 28}, {}, &what), sycl::errc::success) << what;
  EXPECT_EQ(smcp::recording::count("enqueue_launch"), 2u);
}

TEST_F(Launch, AdapterCallsRunOutsideTheGraphLock) {
  // While one thread is inside the adapter launching a kernel, another
  // thread's submission to another queue goes through and completes.
  registered_blob blob(image_blob({"blocking_launch", "quick"}));
  const kernel_info blocking{"blocking_launch", 1};
  const kernel_info quick{"quick", 1};
  sycl::queue other(q->get_context(), q->get_device());
  char nothing = 0;
  std::thread blocked([&] { launch(*q, blocking, &nothing, 0, {1}); });
  ASSERT_TRUE(smcp::recording::wait_for_blocked_launch(std::chrono::seconds(10)));
  auto done = std::async(std::launch::async, [&] {
    launch(other, quick, &nothing, 0, {1}).wait();
    return true;
  });
  const bool finished = done.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
  smcp::recording::release_blocked_launches();
  blocked.join();
  EXPECT_TRUE(finished) << "a submission waited for another thread's adapter call";
  q->wait();
}

TEST_F(Launch, ArgumentsTravelWithEachLaunch) {
  // Stateless launches: two launches of one kernel with different values
  // each carry their own, even when submitted from several threads.
  registered_blob blob(image_blob({"with_args"}, "", {functor_kernel("with_args")}));
  const kernel_info info{"with_args", sizeof(functor)};
  std::vector<std::thread> threads;
  int target = 0;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        functor f{&target, t * 1000 + i, 0.5};
        launch(*q, info, &f, sizeof(f), {1}).wait();
      }
    });
  for (auto &t : threads)
    t.join();
  std::set<int> seen;
  for (const auto &l : smcp::recording::launches()) {
    ASSERT_EQ(l.value_args.size(), 3u);
    int value;
    std::memcpy(&value, l.value_args[1].data(), sizeof(int));
    seen.insert(value);
  }
  EXPECT_EQ(seen.size(), 200u); // no launch saw another's arguments
}

TEST_F(Launch, BrokenBlobIsReportedNotFatal) {
  auto bytes = image_blob({"in_broken_blob"});
  bytes.resize(bytes.size() - 3); // truncate the image bytes
  registered_blob broken(bytes);
  registered_blob garbage(std::vector<uint8_t>{'n', 'o', 't', ' ', 'a', ' ', 'b', 'l', 'o', 'b'});
  const kernel_info info{"in_broken_blob", 1};
  std::string what = launch_error(*q, info).what();
  EXPECT_NE(what.find("could not be read: image 0 (spir64): truncated device image blob"),
            std::string::npos)
      << what;
  EXPECT_NE(what.find("bad magic"), std::string::npos) << what;
}

TEST_F(Launch, RequiredWorkGroupSizeIsUsedAndEnforced) {
  smcp::fatbin::DeviceImage img;
  img.Target = "spir64";
  img.Kernels = {"fixed_kernel"};
  std::string text = "fixed_kernel ";
  img.Bytes.assign(text.begin(), text.end());
  img.PropertySets.push_back(smcp::fatbin::encodeKernelWorkGroupSizes({{"fixed_kernel", {2, 4}}}));
  registered_blob blob(test_fat_binary({img}));
  const kernel_info info{"fixed_kernel", 1};
  char empty = 0;
  // Over a range: the kernel's size, fastest dimension first for the backend.
  launch(*q, info, &empty, 1, {4, 8}).wait();
  auto l = smcp::recording::launches().back();
  ASSERT_TRUE(l.has_local);
  EXPECT_EQ(l.local[0], 4u);
  EXPECT_EQ(l.local[1], 2u);
  launch(*q, info, &empty, 1, {4, 8}, {2, 4}).wait();
  EXPECT_EQ(smcp::recording::launches().back().local[0], 4u);
  auto error = [&](std::vector<size_t> global, std::vector<size_t> local) -> std::string {
    try {
      launch(*q, info, &empty, 1, global, local);
    } catch (const sycl::exception &e) {
      EXPECT_EQ(e.code(), sycl::errc::nd_range) << e.what();
      return e.what();
    }
    return "no exception";
  };
  EXPECT_NE(error({4, 8}, {4, 2}).find("kernel 'fixed_kernel' requires the work-group size {2, 4}"
                                       " ([[sycl::reqd_work_group_size]]), but is launched with "
                                       "the local range {4, 2}"),
            std::string::npos);
  EXPECT_NE(error({4, 6}, {}).find("which does not divide its global range {4, 6}"),
            std::string::npos);
  EXPECT_NE(error({8}, {}).find("but is launched over 1 dimension(s)"), std::string::npos);
}

// SYCL 2020 §5.7: a required work-group size the device cannot run (the
// recording GPU runs 256 work-items in a group, 64 in SYCL's first of three
// dimensions) makes the kernel incompatible: is_compatible is false, a bundle
// that must hold it is errc::invalid, a launch errc::kernel_not_supported,
// each naming the kernel, the sizes and the device's limit; nothing is built.
TEST_F(Launch, RequiredWorkGroupSizeAboveTheDeviceIsIncompatible) {
  smcp::fatbin::DeviceImage img;
  img.Target = "spir64";
  img.Kernels = {"huge_kernel", "deep_kernel", "fitting_kernel"};
  std::string text = "huge_kernel deep_kernel fitting_kernel ";
  img.Bytes.assign(text.begin(), text.end());
  img.PropertySets.push_back(smcp::fatbin::encodeKernelWorkGroupSizes(
      {{"huge_kernel", {512}}, {"deep_kernel", {100, 1, 1}}, {"fitting_kernel", {64, 2, 2}}}));
  registered_blob blob(test_fat_binary({img}));
  auto id = [](const char *name) { return sycl::detail::header_access::make<sycl::kernel_id>(name); };
  const sycl::device dev = q->get_device();
  EXPECT_FALSE(sycl::is_compatible({id("huge_kernel")}, dev));
  EXPECT_FALSE(sycl::is_compatible({id("deep_kernel")}, dev));
  EXPECT_TRUE(sycl::is_compatible({id("fitting_kernel")}, dev));

  try {
    sycl::get_kernel_bundle<sycl::bundle_state::executable>(q->get_context(), {id("huge_kernel")});
    ADD_FAILURE() << "no exception";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
    EXPECT_NE(std::string(e.what()).find("kernel 'huge_kernel' runs on none of the bundle's devices "
                                         "(it requires the work-group size {512} "
                                         "([[sycl::reqd_work_group_size]]), but device '"),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("runs at most 256 work-items in a work-group)"),
              std::string::npos)
        << e.what();
  }
  // A bundle of every kernel leaves them out, and builds only what fits.
  auto all = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q->get_context(), {dev});
  EXPECT_FALSE(all.has_kernel(id("huge_kernel")));
  EXPECT_FALSE(all.has_kernel(id("deep_kernel")));
  EXPECT_TRUE(all.has_kernel(id("fitting_kernel")));

  smcp::recording::clear();
  char empty = 0;
  const kernel_info deep{"deep_kernel", 1};
  sycl::exception e = launch_error(*q, deep);
  EXPECT_EQ(e.code(), sycl::errc::kernel_not_supported);
  EXPECT_NE(std::string(e.what()).find("kernel 'deep_kernel' requires the work-group size "
                                       "{100, 1, 1}"),
            std::string::npos)
      << e.what();
  EXPECT_NE(std::string(e.what()).find("runs at most 64 work-items in dimension 0"), std::string::npos)
      << e.what();
  EXPECT_EQ(smcp::recording::count("program_create"), 0u);
  const kernel_info fitting{"fitting_kernel", 1};
  launch(*q, fitting, &empty, 1, {64, 4, 4}).wait();
  EXPECT_EQ(smcp::recording::launches().back().local[2], 64u);
}

TEST_F(Launch, MalformedPropertySetIsAnExceptionNamingImageAndSet) {
  for (const char *set : {smcp::fatbin::KernelRequirementsSet, smcp::fatbin::KernelVariantsSet,
                          smcp::fatbin::LaunchConstantsSet}) {
    smcp::fatbin::DeviceImage img;
    img.Target = "spir64";
    img.Kernels = {"bad_requirements"};
    img.Bytes = {'x'};
    img.set(set).Properties.push_back(
        {"bad_requirements", smcp::fatbin::PropertyValue::string("fp64")});
    registered_blob blob(test_fat_binary({img}));
    const kernel_info info{"bad_requirements", 1};
    sycl::exception e = launch_error(*q, info);
    EXPECT_EQ(e.code(), sycl::errc::kernel_not_supported);
    EXPECT_NE(std::string(e.what()).find("image 0 (spir64): set '" + std::string(set) +
                                         "', kernel 'bad_requirements'"),
              std::string::npos)
        << e.what();
  }
}

/// A blob with one recording image of Format whose kernel takes a global
/// offset as an implicit argument.
std::vector<uint8_t> offset_image_blob(const std::string &kernel, smcp::fatbin::ImageFormat format) {
  smcp::fatbin::DeviceImage img;
  img.Format = format;
  img.Target = format == smcp::fatbin::ImageFormat::PTX ? "nvptx64" : "spir64";
  img.Kernels = {kernel};
  const std::string names = kernel + " "; // the recording adapter's image
  img.Bytes.assign(names.begin(), names.end());
  if (format == smcp::fatbin::ImageFormat::PTX)
    img.PropertySets.push_back(smcp::fatbin::encodeImplicitArgs(
        {{kernel, {{smcp::abi::implicit_arg_kind::global_offset, ""}}}}));
  return test_fat_binary({img});
}

TEST_F(Launch, GlobalOffsetWithoutNativeSupportIsAnImplicitArgument) {
  registered_blob blob(offset_image_blob("with_offset", smcp::fatbin::ImageFormat::PTX));
  sycl::queue acc(sycl::accelerator_selector_v); // no native global offset
  const kernel_info info{"with_offset", 1};
  char nothing = 0;
  launch(acc, info, &nothing, 1, {4, 8}, {}, {2, 3}).wait();
  launch(acc, info, &nothing, 1, {4, 8}).wait();
  auto l = smcp::recording::launches();
  ASSERT_EQ(l.size(), 2u);
  for (const auto &one : l) {
    EXPECT_FALSE(one.has_offset); // the backend never sees it
    ASSERT_EQ(one.pointer_args.size(), 1u);
  }
  uint64_t words[3];
  std::memcpy(words, l[0].pointer_args[0], sizeof(words));
  EXPECT_EQ(words[0], 3u); // the backend's order: SYCL's last dimension first
  EXPECT_EQ(words[1], 2u);
  EXPECT_EQ(words[2], 0u);
  std::memcpy(words, l[1].pointer_args[0], sizeof(words));
  EXPECT_EQ(words[0] | words[1] | words[2], 0u);
  EXPECT_NE(l[0].pointer_args[0], l[1].pointer_args[0]);
}

/// A blob with one recording image whose kernel has a device assert.
std::vector<uint8_t> assert_image_blob(const std::string &kernel) {
  smcp::fatbin::DeviceImage img;
  img.Target = "spir64";
  img.Kernels = {kernel};
  const std::string names = kernel + " ";
  img.Bytes.assign(names.begin(), names.end());
  img.PropertySets.push_back(smcp::fatbin::encodeImplicitArgs(
      {{kernel, {{smcp::abi::implicit_arg_kind::assert_flag, ""}}}}));
  return test_fat_binary({img});
}

/// What the device does when an assert fails: sets the launch's flag.
void fail_assert_of_last_launch() {
  // The recording adapter's device memory is host memory.
  *static_cast<uint32_t *>(const_cast<void *>(smcp::recording::launches().back().pointer_args[0])) = 1;
}

TEST_F(Launch, DeviceAssertFlagIsCheckedAtTheWait) {
  registered_blob blob(assert_image_blob("with_assert"));
  const kernel_info info{"with_assert", 1};
  char nothing = 0;
  launch(*q, info, &nothing, 1, {4}).wait(); // the flag stays clear: nothing happens
  auto l = smcp::recording::launches();
  ASSERT_EQ(l.back().pointer_args.size(), 1u);
  EXPECT_EQ(*static_cast<const uint32_t *>(l.back().pointer_args[0]), 0u);
  testing::FLAGS_gtest_death_test_style = "threadsafe";
  EXPECT_DEATH(
      {
        sycl::event e = launch(*q, info, &nothing, 1, {4});
        fail_assert_of_last_launch();
        e.wait();
      },
      "a kernel failed an assertion on device '.*' \\(its message is above\\); aborting");
  EXPECT_DEATH(
      {
        launch(*q, info, &nothing, 1, {4});
        fail_assert_of_last_launch();
        q->wait();
      },
      "a kernel failed an assertion");
}

TEST_F(Launch, GlobalOffsetOfSpirvWithoutNativeSupportIsRefused) {
  registered_blob blob(offset_image_blob("spirv_offset", smcp::fatbin::ImageFormat::SPIRV));
  sycl::queue acc(sycl::accelerator_selector_v);
  const kernel_info info{"spirv_offset", 1};
  char nothing = 0;
  launch(acc, info, &nothing, 1, {4}).wait(); // no offset: fine
  try {
    launch(acc, info, &nothing, 1, {4}, {}, {1});
    FAIL() << "launched SPIR-V with an offset the device cannot take";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::feature_not_supported);
    EXPECT_NE(std::string(e.what()).find("cannot launch SPIR-V with a global offset"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(Launch, UnsupportedParameterKind) {
  registered_blob blob(
      image_blob({"with_sampler"}, "", {{"with_sampler", 8, {{param_kind::sampler, 0, 0}}}}));
  const kernel_info info{"with_sampler", 8};
  char bytes[8] = {};
  try {
    launch(*q, info, bytes, 8, {1});
    FAIL();
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::feature_not_supported);
    EXPECT_NE(std::string(e.what()).find("kind sampler"), std::string::npos);
  }
}

TEST_F(Launch, ParameterOutsideTheFunctor) {
  registered_blob blob(
      image_blob({"bad_offset"}, "", {{"bad_offset", 8, {{param_kind::std_layout, 8, 4}}}}));
  const kernel_info info{"bad_offset", 8};
  char bytes[8] = {};
  try {
    launch(*q, info, bytes, 8, {1});
    FAIL();
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::kernel_argument);
  }
}

TEST_F(Launch, ZeroSizedRangeRunsNothing) {
  registered_blob blob(image_blob({"empty_range"}));
  const kernel_info info{"empty_range", 1};
  char empty = 0;
  auto e = launch(*q, info, &empty, 1, {4, 0});
  EXPECT_EQ(e.get_info<sycl::info::event::command_execution_status>(),
            sycl::info::event_command_status::complete);
  EXPECT_EQ(smcp::recording::count("enqueue_launch"), 0u);
}

TEST_F(Launch, DependenciesBecomeBackendWaitLists) {
  registered_blob blob(image_blob({"dep_kernel"}));
  const kernel_info info{"dep_kernel", 1};
  char empty = 0;
  auto e1 = launch(*q, info, &empty, 1, {1});
  auto e2 = launch(*q, info, &empty, 1, {1});
  launch(*q, info, &empty, 1, {1}, {}, {}, {e1, e2}).wait();
  EXPECT_EQ(smcp::recording::launches().back().num_wait, 2u);
}

TEST_F(Launch, OneCommandPerGroup) {
  int x = 0, y = 0;
  try {
    q->submit([&](sycl::handler &h) {
      h.memcpy(&x, &y, sizeof(int));
      h.memcpy(&y, &x, sizeof(int));
    });
    FAIL();
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
  }
}

TEST_F(Launch, AsynchronousErrorsReachTheHandler) {
  registered_blob blob(image_blob({"async_fail_kernel"}));
  const kernel_info info{"async_fail_kernel", 1};
  std::vector<std::string> seen;
  sycl::queue q2(q->get_device(), collect_messages(seen));
  char empty = 0;
  launch(q2, info, &empty, 1, {1});
  q2.wait_and_throw();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_NE(seen[0].find("injected command failure"), std::string::npos) << seen[0];
  q2.wait_and_throw(); // delivered once
  EXPECT_EQ(seen.size(), 1u);
}

TEST_F(Launch, QueuePropertiesReachTheAdapter) {
  sycl::queue ordered(q->get_device(), sycl::property_list{sycl::property::queue::in_order{}});
  EXPECT_TRUE(ordered.is_in_order());
  EXPECT_TRUE(ordered.has_property<sycl::property::queue::in_order>());
  EXPECT_FALSE(ordered.has_property<sycl::property::queue::enable_profiling>());
  EXPECT_EQ(smcp::recording::count("queue_create(in_order)"), 1u);
  sycl::queue profiled(q->get_device(), {sycl::property::queue::enable_profiling{}});
  EXPECT_FALSE(profiled.is_in_order());
}

TEST_F(Launch, TemporariesComeFromThePoolOfTheContext) {
  // Reductions take their partials and counter per launch: the blocks go
  // back to the context's pool with the command's event and are reused.
  registered_blob blob(image_blob({"with_temporaries"}));
  const kernel_info info{"with_temporaries", 1};
  char nothing = 0;
  auto submit = [&](void **partials, unsigned **counter) {
    q->submit([&](sycl::handler &h) {
       *partials = sycl::detail::header_access::temporary(h, 1000, false);
       *counter = static_cast<unsigned *>(sycl::detail::header_access::temporary(h, 4, true));
       sycl::detail::header_access::launch(h, &info, &nothing, 1, {});
     }).wait();
  };
  void *p1, *p2;
  unsigned *c1, *c2;
  submit(&p1, &c1);
  EXPECT_EQ(*c1, 0u); // zero when handed out
  const size_t allocations = smcp::recording::count("usm_alloc");
  submit(&p2, &c2);
  EXPECT_EQ(smcp::recording::count("usm_alloc"), allocations);
  EXPECT_EQ(p1, p2);
  EXPECT_EQ(c1, c2);
  EXPECT_NE(static_cast<void *>(c1), p1); // zeroed blocks are a pool of their own
}

// The purpose libsycl gives each backend event (smcp_event_purpose): for
// device-side waits unless the graph shows that the host will wait for it.
TEST_F(Launch, ChainedKernelsAskForDeviceOnlyEvents) {
  registered_blob blob(image_blob({"chained"}));
  const kernel_info info{"chained", 1};
  sycl::queue ordered(q->get_device(), sycl::property_list{sycl::property::queue::in_order{}});
  smcp::recording::clear();
  char nothing = 0;
  for (int i = 0; i < 3; ++i)
    launch(ordered, info, &nothing, 1, {1});
  ordered.wait();
  EXPECT_EQ(smcp::recording::event_purposes(),
            std::vector<std::string>(3, "enqueue_launch:device"));
  // One wait for the backend queue sees them all done.
  EXPECT_EQ(smcp::recording::count("queue_finish"), 1u);
}

TEST_F(Launch, QueueWaitWaitsForAllItsCommandsAtOnce) {
  registered_blob blob(image_blob({"many"}));
  const kernel_info info{"many", 1};
  sycl::queue ordered(q->get_device(), sycl::property_list{sycl::property::queue::in_order{}});
  char nothing = 0;
  std::vector<sycl::event> events;
  for (int i = 0; i < 4; ++i)
    events.push_back(launch(ordered, info, &nothing, 1, {1}));
  smcp::recording::clear();
  ordered.wait();
  EXPECT_EQ(smcp::recording::count("event_wait"), 1u);
  for (auto &e : events) // known complete now: no further backend call
    EXPECT_EQ(e.get_info<sycl::info::event::command_execution_status>(),
              sycl::info::event_command_status::complete);
  events.back().wait();
  EXPECT_EQ(smcp::recording::count("event_wait"), 1u);
  EXPECT_EQ(smcp::recording::count("event_get_status"), 0u);
}

TEST_F(Launch, AFailedCommandAmongManyIsReportedOnceByQueueWait) {
  registered_blob blob(image_blob({"fine", "async_fail_among_many"}));
  const kernel_info fine{"fine", 1};
  const kernel_info failing{"async_fail_among_many", 1};
  std::vector<std::string> seen;
  sycl::queue q2(q->get_device(), collect_messages(seen));
  char nothing = 0;
  launch(q2, fine, &nothing, 1, {1});
  launch(q2, failing, &nothing, 1, {1});
  launch(q2, fine, &nothing, 1, {1});
  q2.wait_and_throw();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_NE(seen[0].find("injected command failure"), std::string::npos) << seen[0];
}

TEST_F(Launch, ProfilingQueuesAskForHostEvents) {
  registered_blob blob(image_blob({"profiled"}));
  const kernel_info info{"profiled", 1};
  sycl::queue profiled(q->get_device(), {sycl::property::queue::enable_profiling{}});
  smcp::recording::clear();
  char nothing = 0;
  launch(profiled, info, &nothing, 1, {1}).wait();
  EXPECT_EQ(smcp::recording::event_purposes(), std::vector<std::string>{"enqueue_launch:host"});
  EXPECT_EQ(smcp::recording::count("queue_finish"), 0u);
}

TEST_F(Launch, AHostTaskAfterAKernelMakesItsEventForTheHost) {
  registered_blob blob(image_blob({"gated"}));
  const kernel_info info{"gated", 1};
  char nothing = 0;
  // The kernel waits behind a host task until its dependents are known;
  // the test waits only once `launches` were made (a thread waiting for a
  // kernel before it launches makes its event one for the host).
  auto run_gated = [&](const std::function<void(sycl::event)> &after, size_t launches) {
    std::promise<void> open;
    std::shared_future<void> opened = open.get_future().share();
    auto gate = q->submit([&](sycl::handler &h) { h.host_task([opened] { opened.wait(); }); });
    auto k = launch(*q, info, &nothing, 1, {1}, {}, {}, {gate});
    after(k);
    smcp::recording::clear();
    open.set_value();
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (smcp::recording::count("enqueue_launch") < launches &&
           std::chrono::steady_clock::now() < until)
      std::this_thread::yield();
    q->wait();
  };
  run_gated([&](sycl::event k) {
    q->submit([&](sycl::handler &h) {
      h.depends_on(k);
      h.host_task([] {});
    });
  }, 1);
  EXPECT_EQ(smcp::recording::event_purposes(), std::vector<std::string>{"enqueue_launch:host"});
  // Only another kernel after it: device-side waits alone.
  run_gated([&](sycl::event k) { launch(*q, info, &nothing, 1, {1}, {}, {}, {k}); }, 2);
  EXPECT_EQ(smcp::recording::event_purposes(),
            std::vector<std::string>(2, "enqueue_launch:device"));
}

TEST_F(Launch, InOrderKernelsAfterALaunchedOneGoStraightToTheBackendQueue) {
  registered_blob blob(image_blob({"straight"}));
  const kernel_info info{"straight", 1};
  sycl::queue ordered(q->get_device(), sycl::property_list{sycl::property::queue::in_order{}});
  char nothing = 0;
  launch(ordered, info, &nothing, 1, {1}).wait();
  smcp::recording::clear();
  std::vector<sycl::event> events;
  for (int i = 0; i < 3; ++i)
    events.push_back(launch(ordered, info, &nothing, 1, {1}));
  // The backend queue orders them: no wait lists, and the graph asked nothing.
  const auto launches = smcp::recording::launches();
  ASSERT_EQ(launches.size(), 3u);
  for (const auto &l : launches)
    EXPECT_EQ(l.num_wait, 0u);
  EXPECT_EQ(smcp::recording::calls(),
            std::vector<std::string>(3, "enqueue_launch"));
  ordered.wait();
  for (auto &e : events)
    EXPECT_EQ(e.get_info<sycl::info::event::command_execution_status>(),
              sycl::info::event_command_status::complete);
}

TEST_F(Launch, InOrderKernelsWaitBehindAHostTaskStillRunning) {
  registered_blob blob(image_blob({"behind"}));
  const kernel_info info{"behind", 1};
  sycl::queue ordered(q->get_device(), sycl::property_list{sycl::property::queue::in_order{}});
  char nothing = 0;
  launch(ordered, info, &nothing, 1, {1});
  std::promise<void> open;
  std::shared_future<void> opened = open.get_future().share();
  ordered.submit([&](sycl::handler &h) { h.host_task([opened] { opened.wait(); }); });
  smcp::recording::clear();
  // Behind the running host task: none of these may reach the backend yet.
  sycl::event first = launch(ordered, info, &nothing, 1, {1});
  sycl::event second = launch(ordered, info, &nothing, 1, {1});
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(smcp::recording::count("enqueue_launch"), 0u);
  open.set_value();
  second.wait();
  EXPECT_EQ(smcp::recording::count("enqueue_launch"), 2u);
  EXPECT_EQ(first.get_info<sycl::info::event::command_execution_status>(),
            sycl::info::event_command_status::complete);
}

TEST_F(Launch, InOrderSubmissionsFromManyThreadsAllRun) {
  registered_blob blob(image_blob({"threads_a", "threads_b", "threads_c", "threads_d"}));
  const kernel_info infos[4] = {{"threads_a", 1}, {"threads_b", 1},
                                {"threads_c", 1}, {"threads_d", 1}};
  sycl::queue ordered(q->get_device(), sycl::property_list{sycl::property::queue::in_order{}});
  smcp::recording::clear();
  char nothing = 0;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        if (i % 50 == 25) // a host task now and then: the next kernel follows it through the graph
          ordered.submit([&](sycl::handler &h) { h.host_task([] {}); });
        launch(ordered, infos[t], &nothing, 1, {1});
      }
    });
  for (auto &t : threads)
    t.join();
  ordered.wait();
  EXPECT_EQ(smcp::recording::count("enqueue_launch"), 800u);
}

// A command of two kernels (a reduction and the fold of its partials): the
// follow-up launches after the first and waits for its event; the command's
// event is the follow-up's.
TEST_F(Launch, AFollowUpKernelRunsAfterTheFirstInTheSameCommand) {
  registered_blob blob(image_blob({"reduce_groups", "fold_partials"}));
  const kernel_info first{"reduce_groups", 1};
  const kernel_info second{"fold_partials", 1};
  auto submit = [&](sycl::queue &queue) {
    return queue.submit([&](sycl::handler &h) {
      char nothing = 0;
      sycl::detail::launch_range groups{1, {64}, {16}, {}}, one_group{1, {16}, {16}, {}};
      sycl::detail::header_access::launch(h, &first, &nothing, 1, groups);
      sycl::detail::header_access::expect_follow_up_kernel(h);
      sycl::detail::header_access::launch(h, &second, &nothing, 1, one_group);
    });
  };
  submit(*q).wait();
  auto launches = smcp::recording::launches();
  ASSERT_EQ(launches.size(), 2u);
  EXPECT_EQ(launches[0].kernel, "reduce_groups");
  EXPECT_EQ(launches[0].global[0], 64u);
  EXPECT_EQ(launches[1].kernel, "fold_partials");
  EXPECT_EQ(launches[1].global[0], 16u);
  EXPECT_EQ(launches[1].num_wait, 1u); // the first kernel's event
  EXPECT_EQ(smcp::recording::event_purposes().front(), "enqueue_launch:device");

  // A profiled command keeps the first kernel's event (its start time) and
  // lets it go with the command's event.
  sycl::queue profiled(q->get_device(), {sycl::property::queue::enable_profiling{}});
  smcp::recording::clear();
  {
    sycl::event e = submit(profiled);
    e.wait();
    EXPECT_LE(e.get_profiling_info<sycl::info::event_profiling::command_start>(),
              e.get_profiling_info<sycl::info::event_profiling::command_end>());
    EXPECT_EQ(smcp::recording::count("event_release"), 0u);
  }
  profiled.wait();
  EXPECT_EQ(smcp::recording::count("event_release"), 2u);
}

TEST_F(Launch, AFollowUpKernelNeedsAKernelBeforeIt) {
  registered_blob blob(image_blob({"lonely_follow_up"}));
  const kernel_info info{"lonely_follow_up", 1};
  char nothing = 0;
  int x = 0, y = 0;
  auto follow_after = [&](auto record_first) {
    try {
      q->submit([&](sycl::handler &h) {
        record_first(h);
        sycl::detail::header_access::expect_follow_up_kernel(h);
        sycl::detail::header_access::launch(h, &info, &nothing, 1, {1, {1}, {}, {}});
      });
    } catch (const sycl::exception &e) {
      return e.code() == sycl::errc::invalid;
    }
    return false;
  };
  EXPECT_TRUE(follow_after([](sycl::handler &) {}));
  EXPECT_TRUE(follow_after([&](sycl::handler &h) { h.memcpy(&x, &y, sizeof(int)); }));
  EXPECT_EQ(smcp::recording::count("enqueue_launch"), 0u);
}

// A follow-up the backend refuses fails the command only once the first
// kernel, already on the backend queue, has ended (it uses the command's
// temporaries and buffers).
TEST_F(Launch, ARefusedFollowUpFailsTheCommandAfterTheFirstKernelEnded) {
  registered_blob blob(image_blob({"reduce_groups_first", "failing_launch"}));
  const kernel_info first{"reduce_groups_first", 1};
  const kernel_info second{"failing_launch", 1};
  char nothing = 0;
  try {
    q->submit([&](sycl::handler &h) {
      sycl::detail::header_access::launch(h, &first, &nothing, 1, {1, {64}, {16}, {}});
      sycl::detail::header_access::expect_follow_up_kernel(h);
      sycl::detail::header_access::launch(h, &second, &nothing, 1, {1, {16}, {16}, {}});
    });
    FAIL() << "the refused launch was not reported";
  } catch (const sycl::exception &e) {
    EXPECT_NE(std::string(e.what()).find("injected launch failure"), std::string::npos)
        << e.what();
  }
  const auto calls = smcp::recording::calls();
  std::vector<std::string> launches_and_waits;
  for (const auto &c : calls)
    if (c.rfind("enqueue_launch", 0) == 0 || c.rfind("event_wait", 0) == 0)
      launches_and_waits.push_back(c.substr(0, c.find('(')));
  ASSERT_GE(launches_and_waits.size(), 3u);
  EXPECT_EQ(launches_and_waits[0], "enqueue_launch");
  EXPECT_EQ(launches_and_waits[1], "enqueue_launch");
  EXPECT_EQ(launches_and_waits[2], "event_wait"); // the first kernel's, before the error
  q->wait();
}

TEST_F(Launch, AKernelItsImageDoesNotDescribeIsRefused) {
  smcp::fatbin::DeviceImage img; // as an image of another build would be
  img.Target = "spir64";
  img.Kernels = {"undescribed"};
  img.Bytes = {'u', 'n', 'd', 'e', 's', 'c', 'r', 'i', 'b', 'e', 'd', ' '};
  registered_blob blob(smcp::fatbin::writeFatBinary({img}));
  sycl::exception e = launch_error(*q, kernel_info{"undescribed", 1});
  EXPECT_EQ(e.code(), sycl::errc::kernel);
  EXPECT_NE(std::string(e.what()).find("kernel 'undescribed': set 'smcp.kernel_params', kernel "
                                       "'undescribed': the image does not describe the kernel's "
                                       "parameters"),
            std::string::npos)
      << e.what();
  EXPECT_TRUE(smcp::recording::launches().empty());
}

TEST_F(Launch, AFunctorOfAnotherSizeThanTheImagesIsRefused) {
  registered_blob blob(image_blob({"resized"}, "", {functor_kernel("resized")}));
  sycl::exception e = launch_error(*q, kernel_info{"resized", unsigned(sizeof(functor)) - 8});
  EXPECT_EQ(e.code(), sycl::errc::kernel_argument);
  EXPECT_NE(std::string(e.what()).find("its functor has " + std::to_string(sizeof(functor) - 8) +
                                       " bytes in the host compile and " +
                                       std::to_string(sizeof(functor)) + " in the device image"),
            std::string::npos)
      << e.what();
  EXPECT_TRUE(smcp::recording::launches().empty());
}
