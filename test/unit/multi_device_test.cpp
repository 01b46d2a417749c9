// multi_device_test.cpp - one program driving several devices, against the
// recording adapter with SMCP_RECORDING_DEVICES=2 (two GPUs of one platform,
// as on a host with two GPUs): contexts holding both, buffers moving between
// them, USM copies across them, events crossing queues, and two devices'
// queues submitting at once. ctest runs these under that setting
// (smcp-runtime-tests.multi-device); without it they skip.
#include "accessor_kernels.h"
#include "core/mem_object.h"
#include "recording_adapter.h"

#include <sycl/context.hpp>
#include <sycl/platform.hpp>
#include <sycl/queue.hpp>
#include <sycl/usm.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <future>
#include <string>
#include <thread>
#include <vector>

namespace rec = smcp::recording;
using smcp::test::launch;
using write_acc = sycl::accessor<int, 1, sycl::access_mode::write>;
using read_acc = sycl::accessor<int, 1, sycl::access_mode::read>;

namespace {
/// fill_ids over USM (the recording adapter runs any fill_ids* kernel): its
/// functor is int *out, int base.
constexpr unsigned fill_ids_functor_size = 16;
smcp::abi::kernel_annotation fill_ids_usm_kernel() {
  using smcp::detail::param_kind;
  return {"fill_ids_usm",
          fill_ids_functor_size,
          {{param_kind::pointer, sizeof(void *), 0}, {param_kind::std_layout, sizeof(int), 8}}};
}
} // namespace

namespace {

bool two_gpus() {
  const char *n = std::getenv("SMCP_RECORDING_DEVICES");
  return n && std::string(n) == "2" && !std::getenv("ONEAPI_DEVICE_SELECTOR");
}

class MultiDevice : public testing::Test {
protected:
  void SetUp() override {
    if (!two_gpus())
      GTEST_SKIP() << "runs with SMCP_RECORDING_DEVICES=2 and no ONEAPI_DEVICE_SELECTOR";
    devices = sycl::device::get_devices();
    ASSERT_EQ(devices.size(), 2u);
    rec::clear();
  }
  std::vector<sycl::device> devices;
  // fill_ids(out, base) runs on the host inside the recording adapter:
  // out[i] = base + i, so a device's copy of a buffer holds data of its own.
  smcp::test::registered_blob blob{{"fill_ids", "fill_ids_usm", "reader"},
                                   {fill_ids_usm_kernel()}};
};

/// The base fill_ids used in launch i: the first bytes of its value argument.
int base_of_launch(size_t i) {
  int base;
  std::memcpy(&base, rec::launches().at(i).value_args.at(1).data(), sizeof(base));
  return base;
}

/// Writes b on q's device with fill_ids, then reads it on r's device; the
/// counts of buffer copies the runtime made meanwhile.
sycl::detail::transfer_counts write_then_read(sycl::queue &q, sycl::queue &r,
                                              sycl::buffer<int> &b) {
  const auto before = sycl::detail::transfers();
  q.submit([&](sycl::handler &h) { launch(h, write_acc(b, h, sycl::no_init), "fill_ids"); });
  r.submit([&](sycl::handler &h) { launch(h, read_acc(b, h), "reader"); });
  r.wait();
  const auto after = sycl::detail::transfers();
  return {after.to_device - before.to_device, after.to_host - before.to_host,
          after.device_to_device - before.device_to_device};
}

} // namespace

TEST_F(MultiDevice, EveryGpuIsADeviceOfOnePlatform) {
  auto platforms = sycl::platform::get_platforms();
  ASSERT_EQ(platforms.size(), 1u);
  auto gpus = platforms[0].get_devices(sycl::info::device_type::gpu);
  ASSERT_EQ(gpus.size(), 2u);
  EXPECT_EQ(gpus[0].get_info<sycl::info::device::name>(), "recording gpu 0");
  EXPECT_EQ(gpus[1].get_info<sycl::info::device::name>(), "recording gpu 1");
  EXPECT_NE(gpus[0], gpus[1]);
  // Whole GPUs, not tiles: none splits.
  EXPECT_EQ(gpus[0].get_info<sycl::info::device::partition_max_sub_devices>(), 0u);
}

TEST_F(MultiDevice, OneContextHoldsBothAndEachHasItsQueue) {
  sycl::context ctx(devices);
  EXPECT_EQ(ctx.get_devices(), devices);
  EXPECT_EQ(rec::count("context_create"), 1u);
  sycl::queue q0(ctx, devices[0]), q1(ctx, devices[1]);
  EXPECT_EQ(q0.get_device(), devices[0]);
  EXPECT_EQ(q1.get_device(), devices[1]);
  EXPECT_EQ(q0.get_context(), q1.get_context());
}

TEST_F(MultiDevice, ABufferMovesBetweenDevicesOfOneContextByOneDeviceCopy) {
  sycl::context ctx(devices);
  sycl::queue q0(ctx, devices[0]), q1(ctx, devices[1]);
  std::vector<int> host(4, -1);
  {
    sycl::buffer<int> b(host.data(), sycl::range<1>(4));
    const auto moved = write_then_read(q0, q1, b);
    EXPECT_EQ(moved.device_to_device, 1u);
    EXPECT_EQ(moved.to_host, 0u);
    EXPECT_EQ(moved.to_device, 0u) << "no_init: nothing copied in for the writer";
    EXPECT_EQ(rec::copies("peer"), 1u) << "the adapter's peer copy moved it";
    EXPECT_EQ(rec::count("enqueue_memcpy"), 0u);
    auto l = rec::launches();
    ASSERT_EQ(l.size(), 2u);
    EXPECT_EQ(l[1].num_wait, 1u) << "the reader follows the copy";
    // The reader saw the writer's data, at its own device's address.
    EXPECT_NE(l[0].pointer_args[0], l[1].pointer_args[0]);
    const int *seen = static_cast<const int *>(l[1].pointer_args[0]);
    const int base = base_of_launch(0);
    for (int i = 0; i < 4; ++i)
      EXPECT_EQ(seen[i], base + i);
  }
  // Written back to the user's memory when the buffer goes.
  const int base = base_of_launch(0);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(host[i], base + i);
}

namespace {

/// A buffer written on q0's device and read on q1's, where it must go through
/// the host: one copy out, one in, the reader after it, the data there and
/// written back.
void expect_moved_through_host(sycl::queue &q0, sycl::queue &q1) {
  std::vector<int> host(4, -1);
  {
    sycl::buffer<int> b(host.data(), sycl::range<1>(4));
    const auto moved = write_then_read(q0, q1, b);
    EXPECT_EQ(moved.device_to_device, 0u);
    EXPECT_EQ(moved.to_host, 1u);
    EXPECT_EQ(moved.to_device, 1u);
    EXPECT_EQ(rec::copies("peer"), 0u);
    EXPECT_EQ(rec::launches().at(1).num_wait, 1u) << "the reader follows the copy in";
    const int *seen = static_cast<const int *>(rec::launches().at(1).pointer_args[0]);
    for (int i = 0; i < 4; ++i)
      EXPECT_EQ(seen[i], base_of_launch(0) + i);
  }
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(host[i], base_of_launch(0) + i);
}

} // namespace

TEST_F(MultiDevice, ABufferMovesBetweenContextsThroughTheHost) {
  sycl::queue q0(sycl::context(devices[0]), devices[0]);
  sycl::queue q1(sycl::context(devices[1]), devices[1]);
  ASSERT_NE(q0.get_context(), q1.get_context());
  expect_moved_through_host(q0, q1);
}

// Devices whose adapter says they are not peers: the data goes through the
// host, as between contexts.
TEST_F(MultiDevice, ABufferMovesBetweenDevicesThatAreNotPeersThroughTheHost) {
  rec::link_peers(false); // asked when the context is made
  sycl::context ctx(devices);
  rec::link_peers(true);
  sycl::queue q0(ctx, devices[0]), q1(ctx, devices[1]);
  expect_moved_through_host(q0, q1);
}

namespace {

/// USM memcpy from device 0's allocation to device 1's, on device 1's queue:
/// the copies it made ("peer" through the adapter's peer copy, otherwise
/// "device->device" through its memcpy).
std::pair<size_t, size_t> usm_copy_between_devices(sycl::context &ctx,
                                                   const std::vector<sycl::device> &devices) {
  sycl::queue q0(ctx, devices[0]), q1(ctx, devices[1]);
  int *a = sycl::malloc_device<int>(64, q0);
  int *b = sycl::malloc_device<int>(64, q1);
  EXPECT_EQ(sycl::get_pointer_device(a, ctx), devices[0]);
  EXPECT_EQ(sycl::get_pointer_device(b, ctx), devices[1]);
  std::vector<int> in(64), out(64, 0);
  for (int i = 0; i < 64; ++i)
    in[i] = i * 3;
  q0.memcpy(a, in.data(), sizeof(int) * 64).wait();
  rec::clear();
  q1.memcpy(b, a, sizeof(int) * 64).wait(); // device 0 -> device 1, on device 1's queue
  const std::pair<size_t, size_t> made{rec::copies("peer"), rec::copies("device->device")};
  q1.memcpy(out.data(), b, sizeof(int) * 64).wait();
  EXPECT_EQ(out, in);
  sycl::free(a, ctx);
  sycl::free(b, ctx);
  return made;
}

} // namespace

TEST_F(MultiDevice, UsmMemcpyBetweenPeersIsAPeerCopy) {
  sycl::context ctx(devices);
  EXPECT_EQ(usm_copy_between_devices(ctx, devices), (std::pair<size_t, size_t>{1, 0}));
}

TEST_F(MultiDevice, UsmMemcpyBetweenDevicesThatAreNotPeersIsAPlainCopy) {
  rec::link_peers(false); // asked when the context is made
  sycl::context ctx(devices);
  rec::link_peers(true);
  EXPECT_EQ(usm_copy_between_devices(ctx, devices), (std::pair<size_t, size_t>{0, 1}));
}

namespace {

/// fill_ids(out, base) over `items` work-items on USM memory, after deps.
sycl::event fill_ids(sycl::queue &q, int *out, int base, size_t items,
                     std::vector<sycl::event> deps = {}) {
  struct functor {
    int *out;
    int base;
  };
  static_assert(sizeof(functor) == fill_ids_functor_size);
  static const smcp::detail::kernel_info info{"fill_ids_usm", unsigned(sizeof(functor))};
  functor f{out, base};
  sycl::detail::launch_range r;
  r.global[0] = items;
  return q.submit([&](sycl::handler &h) {
    h.depends_on(deps);
    sycl::detail::header_access::launch(h, &info, &f, sizeof(f), r);
  });
}

} // namespace

// The multi-device Jacobi example's pattern (examples/jacobi_multi_device.cpp)
// on two GPUs: each iteration both devices compute their band, then each
// band's edge row goes into the other's halo by USM memcpy on the receiver's
// queue, after the sender's kernel; the halos end with the last iteration's rows.
TEST_F(MultiDevice, HaloExchangeBetweenTwoDevicesEachIteration) {
  sycl::context ctx(devices);
  sycl::queue q[2] = {sycl::queue(ctx, devices[0], sycl::property::queue::in_order()),
                      sycl::queue(ctx, devices[1], sycl::property::queue::in_order())};
  constexpr int width = 8, rows = 3; // a halo row, the band's row, a halo row
  int *band[2] = {sycl::malloc_device<int>(width * rows, q[0]),
                  sycl::malloc_device<int>(width * rows, q[1])};
  const int iterations = 5;
  for (int it = 0; it < iterations; ++it) {
    sycl::event computed[2];
    for (int p = 0; p < 2; ++p) // the band's row: base + column
      computed[p] = fill_ids(q[p], band[p] + width, 1000 * (p + 1) + it * 10, width);
    // Part 0's bottom halo gets part 1's row, part 1's top halo part 0's.
    q[0].memcpy(band[0] + 2 * width, band[1] + width, width * sizeof(int), computed[1]);
    q[1].memcpy(band[1], band[0] + width, width * sizeof(int), computed[0]);
  }
  q[0].wait();
  q[1].wait();
  EXPECT_EQ(rec::copies("peer"), size_t(2 * iterations)); // the two devices are peers
  EXPECT_EQ(rec::count("enqueue_launch"), size_t(2 * iterations));
  std::vector<int> halo0(width), halo1(width);
  q[0].memcpy(halo0.data(), band[0] + 2 * width, width * sizeof(int)).wait();
  q[1].memcpy(halo1.data(), band[1], width * sizeof(int)).wait();
  for (int c = 0; c < width; ++c) {
    EXPECT_EQ(halo0[c], 2000 + (iterations - 1) * 10 + c) << "column " << c;
    EXPECT_EQ(halo1[c], 1000 + (iterations - 1) * 10 + c) << "column " << c;
  }
  sycl::free(band[0], ctx);
  sycl::free(band[1], ctx);
}

TEST_F(MultiDevice, AQueueWaitsForAnEventOfTheOtherDevice) {
  sycl::context ctx(devices);
  sycl::queue q0(ctx, devices[0]), q1(ctx, devices[1]);
  sycl::buffer<int> b0{sycl::range<1>(4)}, b1{sycl::range<1>(4)};
  sycl::event e = q0.submit([&](sycl::handler &h) { launch(h, write_acc(b0, h), "reader"); });
  q1.submit([&](sycl::handler &h) {
    h.depends_on(e);
    launch(h, write_acc(b1, h), "reader");
  });
  q1.wait();
  auto l = rec::launches();
  ASSERT_EQ(l.size(), 2u);
  EXPECT_EQ(l[1].num_wait, 1u) << "one context: the backend orders them";
  // Across contexts the runtime waits for it itself: still after it.
  sycl::queue other(sycl::context(devices[1]), devices[1]);
  sycl::event f = q0.submit([&](sycl::handler &h) { launch(h, write_acc(b0, h), "reader"); });
  other.submit([&](sycl::handler &h) {
    h.depends_on(f);
    launch(h, write_acc(b1, h), "reader");
  }).wait();
  EXPECT_EQ(f.get_info<sycl::info::event::command_execution_status>(),
            sycl::info::event_command_status::complete);
}

// No lock around the adapter's launches: while device 0's launch is held
// inside the adapter, device 1's queue launches and finishes.
TEST_F(MultiDevice, TwoDevicesQueuesLaunchAtOnce) {
  smcp::test::registered_blob blocking{{"blocking_launch"}};
  sycl::context ctx(devices);
  sycl::queue q0(ctx, devices[0]), q1(ctx, devices[1]);
  sycl::buffer<int> b0{sycl::range<1>(4)}, b1{sycl::range<1>(4)};
  auto held = std::async(std::launch::async, [&] {
    q0.submit([&](sycl::handler &h) { launch(h, write_acc(b0, h), "blocking_launch"); });
  });
  ASSERT_TRUE(rec::wait_for_blocked_launch(std::chrono::seconds(10)));
  auto other = std::async(std::launch::async, [&] {
    q1.submit([&](sycl::handler &h) { launch(h, write_acc(b1, h), "reader"); }).wait();
  });
  const bool overlapped = other.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
  rec::release_blocked_launches();
  held.get();
  other.get();
  q0.wait();
  EXPECT_TRUE(overlapped) << "device 1's launch waited for device 0's";
}

// With SMCP_RECORDING_LAUNCH_US each launch spends that long in the adapter,
// as a GPU driver's launch call does: two threads on two devices take about
// as long as one (ctest: smcp-runtime-tests.multi-device-latency).
TEST_F(MultiDevice, TwoThreadsLaunchesOverlapInTheAdapter) {
  const char *us = std::getenv("SMCP_RECORDING_LAUNCH_US");
  if (!us)
    GTEST_SKIP() << "runs with SMCP_RECORDING_LAUNCH_US";
  const auto latency = std::chrono::microseconds(std::atol(us));
  const int launches = 10;
  sycl::context ctx(devices);
  sycl::queue q0(ctx, devices[0], sycl::property::queue::in_order()),
      q1(ctx, devices[1], sycl::property::queue::in_order());
  sycl::buffer<int> b0{sycl::range<1>(4)}, b1{sycl::range<1>(4)};
  auto run = [&](sycl::queue &q, sycl::buffer<int> &b) {
    for (int i = 0; i < launches; ++i)
      q.submit([&](sycl::handler &h) { launch(h, write_acc(b, h), "reader"); });
    q.wait();
  };
  run(q0, b0); // programs built, memory allocated
  run(q1, b1);
  const auto start = std::chrono::steady_clock::now();
  std::thread t0([&] { run(q0, b0); }), t1([&] { run(q1, b1); });
  t0.join();
  t1.join();
  const auto took = std::chrono::steady_clock::now() - start;
  const auto serial = 2 * launches * latency;
  RecordProperty("two_threads_ms",
                 std::to_string(std::chrono::duration<double, std::milli>(took).count()));
  EXPECT_LT(took, serial * 3 / 4) << "two threads' launches did not overlap: "
                                  << std::chrono::duration<double, std::milli>(took).count()
                                  << " ms, serial would be "
                                  << std::chrono::duration<double, std::milli>(serial).count()
                                  << " ms";
}

// ONEAPI_DEVICE_SELECTOR picks GPUs by index (ctest runs this with
// SMCP_RECORDING_DEVICES=3 and the selector opencl:0,1, opencl:0,2, opencl:1).
TEST(MultiDeviceSelector, TheListedGpusAreTheDevices) {
  const char *filter = std::getenv("ONEAPI_DEVICE_SELECTOR");
  if (!filter || !std::getenv("SMCP_RECORDING_DEVICES"))
    GTEST_SKIP() << "runs with SMCP_RECORDING_DEVICES and ONEAPI_DEVICE_SELECTOR=opencl:<indices>";
  std::vector<std::string> expected;
  std::string indices = std::string(filter).substr(std::string(filter).find(':') + 1);
  for (size_t at = 0; at <= indices.size();) {
    size_t comma = std::min(indices.find(',', at), indices.size());
    expected.push_back("recording gpu " + indices.substr(at, comma - at));
    at = comma + 1;
  }
  std::vector<std::string> names;
  for (const auto &d : sycl::device::get_devices())
    names.push_back(d.get_info<sycl::info::device::name>());
  EXPECT_EQ(names, expected);
  EXPECT_EQ(sycl::platform::get_platforms().at(0).get_devices().size(), expected.size());
}
