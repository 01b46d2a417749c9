// sub_device_test.cpp - partitioning (create_sub_devices and the partition
// descriptors) against the recording adapter, whose GPU splits into two
// tiles through get_sub_devices while its CPU and accelerator do not split.
#include "recording_adapter.h"

#include <sycl/context.hpp>
#include <sycl/platform.hpp>
#include <sycl/queue.hpp>
#include <sycl/usm.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace {

namespace di = sycl::info::device;
using sycl::info::partition_affinity_domain;
using sycl::info::partition_property;

constexpr auto by_domain = partition_property::partition_by_affinity_domain;

/// The error f throws, checked to have errc `code`; its message.
std::string error_of(sycl::errc code, const std::function<void()> &f) {
  try {
    f();
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), code) << e.what();
    return e.what();
  }
  ADD_FAILURE() << "no exception";
  return "";
}

class SubDevices : public testing::Test {
protected:
  void SetUp() override {
    if (std::getenv("ONEAPI_DEVICE_SELECTOR"))
      GTEST_SKIP() << "runs without ONEAPI_DEVICE_SELECTOR";
    gpu = sycl::device::get_devices(sycl::info::device_type::gpu).at(0);
    cpu = sycl::device::get_devices(sycl::info::device_type::cpu).at(0);
  }
  sycl::device gpu, cpu;
};

TEST_F(SubDevices, ADeviceWithTilesSaysHowItPartitions) {
  EXPECT_EQ(gpu.get_info<di::partition_max_sub_devices>(), 2u);
  EXPECT_EQ(gpu.get_info<di::partition_properties>(), std::vector<partition_property>{by_domain});
  auto domains = gpu.get_info<di::partition_affinity_domains>();
  EXPECT_EQ(domains, (std::vector<partition_affinity_domain>{
                         partition_affinity_domain::numa,
                         partition_affinity_domain::next_partitionable}));
  EXPECT_EQ(gpu.get_info<di::partition_type_property>(), partition_property::no_partition);
  EXPECT_EQ(gpu.get_info<di::partition_type_affinity_domain>(),
            partition_affinity_domain::not_applicable);
}

TEST_F(SubDevices, PartitioningByAffinityDomainGivesTheTilesWithTheirParent) {
  auto subs = gpu.create_sub_devices<by_domain>(partition_affinity_domain::next_partitionable);
  ASSERT_EQ(subs.size(), 2u);
  EXPECT_EQ(subs[0].get_info<di::name>(), "recording gpu tile 0");
  EXPECT_EQ(subs[1].get_info<di::name>(), "recording gpu tile 1");
  for (const auto &s : subs) {
    EXPECT_EQ(s.get_info<di::parent_device>(), gpu);
    EXPECT_EQ(s.get_platform(), gpu.get_platform());
    EXPECT_TRUE(s.is_gpu());
    EXPECT_EQ(s.get_info<di::partition_type_property>(), by_domain);
    EXPECT_EQ(s.get_info<di::partition_type_affinity_domain>(), partition_affinity_domain::numa);
    // The tiles split no further, and are not root devices of the platform.
    EXPECT_EQ(s.get_info<di::partition_max_sub_devices>(), 0u);
    EXPECT_TRUE(s.get_info<di::partition_properties>().empty());
    auto roots = gpu.get_platform().get_devices();
    EXPECT_EQ(std::count(roots.begin(), roots.end(), s), 0);
  }
  // The same devices at every call, whichever of the two domains is named.
  EXPECT_EQ(gpu.create_sub_devices<by_domain>(partition_affinity_domain::numa), subs);
}

TEST_F(SubDevices, ARootDeviceHasNoParent) {
  auto what = error_of(sycl::errc::invalid, [&] { (void)gpu.get_info<di::parent_device>(); });
  EXPECT_NE(what.find("root device"), std::string::npos) << what;
}

TEST_F(SubDevices, UnsupportedPartitionsSayWhy) {
  auto what = error_of(sycl::errc::feature_not_supported, [&] {
    gpu.create_sub_devices<partition_property::partition_equally>(2);
  });
  EXPECT_NE(what.find("partition_equally"), std::string::npos) << what;
  what = error_of(sycl::errc::feature_not_supported, [&] {
    gpu.create_sub_devices<partition_property::partition_by_counts>(std::vector<size_t>{1, 1});
  });
  EXPECT_NE(what.find("partition_by_counts"), std::string::npos) << what;
  what = error_of(sycl::errc::feature_not_supported, [&] {
    gpu.create_sub_devices<by_domain>(partition_affinity_domain::L2_cache);
  });
  EXPECT_NE(what.find("affinity domain"), std::string::npos) << what;
  // A device the adapter does not split reports no partition and refuses one.
  EXPECT_EQ(cpu.get_info<di::partition_max_sub_devices>(), 0u);
  EXPECT_TRUE(cpu.get_info<di::partition_properties>().empty());
  EXPECT_TRUE(cpu.get_info<di::partition_affinity_domains>().empty());
  what = error_of(sycl::errc::feature_not_supported, [&] {
    cpu.create_sub_devices<by_domain>(partition_affinity_domain::numa);
  });
  EXPECT_NE(what.find("no sub-devices"), std::string::npos) << what;
}

TEST_F(SubDevices, AContextHoldsASubDeviceWithItsParentAndQueuesRunOnIt) {
  auto subs = gpu.create_sub_devices<by_domain>(partition_affinity_domain::numa);
  sycl::context ctx(std::vector<sycl::device>{gpu, subs[0], subs[1]});
  EXPECT_EQ(ctx.get_devices().size(), 3u);
  sycl::queue q(ctx, subs[1]);
  EXPECT_EQ(q.get_device(), subs[1]);
  int *p = sycl::malloc_device<int>(16, q);
  ASSERT_NE(p, nullptr);
  std::vector<int> in(16, 7), out(16, 0);
  q.memcpy(p, in.data(), sizeof(int) * 16).wait();
  q.memcpy(out.data(), p, sizeof(int) * 16).wait();
  EXPECT_EQ(out, in);
  sycl::free(p, ctx);
}

TEST_F(SubDevices, AQueueOnASubDeviceAloneGetsAContextThatHoldsIt) {
  auto subs = gpu.create_sub_devices<by_domain>(partition_affinity_domain::numa);
  sycl::queue q(subs[0]);
  auto devs = q.get_context().get_devices();
  EXPECT_EQ(devs, std::vector<sycl::device>{subs[0]});
  EXPECT_EQ(sycl::queue(subs[0]).get_context(), q.get_context()) << "made once per sub-device";
  // The platform's default context keeps its root devices only.
  EXPECT_EQ(sycl::queue(gpu).get_context().get_devices().size(), 3u);
}

} // namespace
