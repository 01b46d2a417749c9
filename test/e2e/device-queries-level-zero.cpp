// The device descriptors the Level Zero adapter answers from the driver's
// properties (module, compute, memory access and device properties), checked
// against what the driver reports; those it cannot answer raise
// errc::feature_not_supported, and the aspects behind them are not claimed.
// REQUIRES: level_zero
// RUN: %syclcc -O2 %s -o %t
// RUN: %t | FileCheck %s
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"

#include <algorithm>

using namespace sycl;
namespace di = sycl::info::device;

int main() {
  queue Q;
  device D = Q.get_device();
  EXPECT(D.get_backend() == backend::ext_oneapi_level_zero);

  auto Single = D.get_info<di::single_fp_config>();
  EXPECT(std::find(Single.begin(), Single.end(), info::fp_config::round_to_nearest) != Single.end());
  EXPECT(std::find(Single.begin(), Single.end(), info::fp_config::inf_nan) != Single.end());
  EXPECT(D.get_info<di::double_fp_config>().empty() == !D.has(aspect::fp64));
  EXPECT(D.get_info<di::half_fp_config>().empty() == !D.has(aspect::fp16));
  EXPECT(D.get_info<di::address_bits>() == 64);
  EXPECT(D.get_info<di::max_parameter_size>() >= 256);
  EXPECT((D.get_info<di::local_mem_type>() == info::local_mem_type::local) ==
         (D.get_info<di::local_mem_size>() > 0));
  EXPECT(D.get_info<di::is_available>() && D.get_info<di::is_endian_little>());
  (void)D.get_info<di::error_correction_support>();
  (void)D.get_info<di::host_unified_memory>();
  (void)D.get_info<di::printf_buffer_size>();
  EXPECT(D.get_info<di::sub_group_sizes>().size() >= 1);
  EXPECT(D.get_info<di::platform>().get_info<info::platform::profile>() == "FULL_PROFILE");

  // USM atomics and system allocations as the memory access properties say.
  EXPECT(D.has(aspect::usm_atomic_host_allocations) <= D.has(aspect::usm_host_allocations));
  EXPECT(D.has(aspect::usm_atomic_shared_allocations) <= D.has(aspect::usm_shared_allocations));
  auto Aspects = D.get_info<di::aspects>();
  for (int A = int(aspect::cpu); A <= int(aspect::usm_system_allocations); ++A)
    EXPECT(D.has(aspect(A)) == (std::find(Aspects.begin(), Aspects.end(), aspect(A)) != Aspects.end()));

  int Refused = 0;
  try {
    (void)D.get_info<di::global_mem_cache_line_size>();
  } catch (const exception &E) {
    Refused = E.code() == errc::feature_not_supported;
  }
  std::printf("unanswered query refused: %d\n", Refused);
  // CHECK: unanswered query refused: 1
  std::printf("failures: %d\n", expect_failures());
  // CHECK: failures: 0
  return expect_failures() != 0;
}
