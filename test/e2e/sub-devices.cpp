// Sub-devices: a device the backend splits (Level Zero's tiles; the test
// driver splits its device in two with SMCP_ZE_TEST_DRIVER_SUB_DEVICES=2) is
// partitioned by affinity domain into devices with their own infos and
// parent_device, each of which runs a kernel through its own queue and
// through a context shared with its parent; a device that is not split (PoCL,
// CUDA) reports no partitions and create_sub_devices throws
// errc::feature_not_supported. The argument is how many sub-devices the
// device must have ("any": what it reports).
// RUN: %syclcc -O2 %s -o %t
// RUN: env SMCP_ZE_TEST_DRIVER_SUB_DEVICES=2 %t %if ze-test-driver %{ 2 %} %else %{ any %} | FileCheck %s
// CHECK: failures: 0
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace sycl;
namespace di = sycl::info::device;
using info::partition_affinity_domain;
using info::partition_property;

constexpr auto by_domain = partition_property::partition_by_affinity_domain;

template <typename F> bool throws(errc code, F f) {
  try {
    f();
  } catch (const sycl::exception &e) {
    std::printf("  throws: %s\n", e.what());
    return e.code() == code;
  }
  return false;
}

// Each work-item writes base + its id; checked on the host.
void run_kernel(queue &q, int base) {
  constexpr size_t n = 256;
  int *out = malloc_shared<int>(n, q);
  q.parallel_for(range<1>(n), [=](id<1> i) { out[i] = base + int(i[0]); }).wait();
  for (size_t i = 0; i < n; ++i)
    EXPECT(out[i] == base + int(i));
  free(out, q);
}

void check_root(const device &root) {
  EXPECT(root.get_info<di::partition_type_property>() == partition_property::no_partition);
  EXPECT(root.get_info<di::partition_type_affinity_domain>() ==
         partition_affinity_domain::not_applicable);
  EXPECT(throws(errc::invalid, [&] { (void)root.get_info<di::parent_device>(); }));
  EXPECT(throws(errc::feature_not_supported,
                [&] { root.create_sub_devices<partition_property::partition_equally>(2); }));
  EXPECT(throws(errc::feature_not_supported, [&] {
    root.create_sub_devices<partition_property::partition_by_counts>(std::vector<size_t>{1});
  }));
}

void check_unsplit(const device &root) {
  EXPECT(root.get_info<di::partition_properties>().empty());
  EXPECT(root.get_info<di::partition_affinity_domains>().empty());
  EXPECT(throws(errc::feature_not_supported, [&] {
    root.create_sub_devices<by_domain>(partition_affinity_domain::next_partitionable);
  }));
}

void check_split(const device &root, uint32_t expected) {
  auto props = root.get_info<di::partition_properties>();
  EXPECT(props.size() == 1 && props[0] == by_domain);
  auto domains = root.get_info<di::partition_affinity_domains>();
  EXPECT(std::count(domains.begin(), domains.end(), partition_affinity_domain::numa) == 1);
  auto subs = root.create_sub_devices<by_domain>(partition_affinity_domain::next_partitionable);
  EXPECT(subs.size() == expected);
  EXPECT(root.create_sub_devices<by_domain>(partition_affinity_domain::numa) == subs);
  int base = 1000;
  for (const device &sub : subs) {
    std::printf("sub-device: %s\n", sub.get_info<di::name>().c_str());
    EXPECT(sub != root);
    EXPECT(sub.get_info<di::parent_device>() == root);
    EXPECT(sub.get_platform() == root.get_platform());
    EXPECT(sub.get_info<di::partition_type_property>() == by_domain);
    EXPECT(sub.get_info<di::partition_type_affinity_domain>() == partition_affinity_domain::numa);
    EXPECT(sub.get_info<di::max_compute_units>() >= 1);
    EXPECT(sub.get_info<di::global_mem_size>() <= root.get_info<di::global_mem_size>());
    queue alone(sub); // its own context
    EXPECT(alone.get_context().get_devices().size() == 1);
    run_kernel(alone, base);
    queue shared(context(std::vector<device>{root, sub}), sub); // a context with its parent
    run_kernel(shared, base + 1);
    base += 1000;
  }
  // Both tiles and the parent in one context: a kernel on each.
  std::vector<device> all = subs;
  all.push_back(root);
  context ctx(all);
  for (const device &d : all) {
    queue q(ctx, d);
    run_kernel(q, base++);
  }
}

int main(int argc, char **argv) {
  const bool any = argc < 2 || std::strcmp(argv[1], "any") == 0;
  const uint32_t expected = any ? 0 : uint32_t(std::atoi(argv[1]));
  device root = queue().get_device();
  std::printf("device: %s\n", root.get_info<di::name>().c_str());
  const uint32_t count = root.get_info<di::partition_max_sub_devices>();
  // Only Level Zero splits devices; another backend must report no partition.
  if (root.get_backend() != backend::ext_oneapi_level_zero)
    EXPECT(count == 0);
  else if (!any)
    EXPECT(count == expected);
  check_root(root);
  if (count == 0)
    check_unsplit(root);
  else
    check_split(root, count);
  std::printf("failures: %d\n", expect_failures());
  return expect_failures() != 0;
}
