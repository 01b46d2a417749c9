// level_zero_timestamps_test.cpp - the Level Zero adapter's placing of kernel
// timestamps on the host clock (runtime/adapters/level_zero/kernel_timestamps.h),
// which needs no driver: counters 32 bits wide wrap every 4.3 s of ns.
#include "adapters/level_zero/kernel_timestamps.h"

#include <gtest/gtest.h>

namespace {

using smcp::level_zero::kernel_times;
using smcp::level_zero::place_kernel;

constexpr uint64_t period = uint64_t(1) << 32; // ticks of a 32-bit counter (1 ns each)

TEST(LevelZeroTimestamps, StartAndEndFollowTheSubmission) {
  const kernel_times t = place_kernel(1000, 50, 80, 130, 32, 1);
  EXPECT_EQ(t.start_ns, 1030u);
  EXPECT_EQ(t.end_ns, 1080u);
}

TEST(LevelZeroTimestamps, ACounterThatWrappedIsMeasuredAcrossTheWrap) {
  const kernel_times t = place_kernel(1000, period - 10, 5, 25, 32, 1);
  EXPECT_EQ(t.start_ns, 1015u);
  EXPECT_EQ(t.end_ns, 1035u);
}

TEST(LevelZeroTimestamps, AStartReadBeforeTheSubmissionIsTheSubmission) {
  // The host clock and the counter are not read at once.
  const kernel_times t = place_kernel(1000, 500, 490, 600, 32, 1);
  EXPECT_EQ(t.start_ns, 1000u);
  EXPECT_EQ(t.end_ns, 1110u);
}

TEST(LevelZeroTimestamps, AKernelLongerThanHalfAPeriodKeepsItsDuration) {
  const uint64_t three_seconds = 3'000'000'000;
  ASSERT_GT(three_seconds, period / 2);
  const kernel_times t = place_kernel(0, 0, 100, 100 + three_seconds, 32, 1);
  EXPECT_EQ(t.start_ns, 100u);
  EXPECT_EQ(t.end_ns - t.start_ns, three_seconds);
}

TEST(LevelZeroTimestamps, TicksAreScaledByTheTimerResolution) {
  const kernel_times t = place_kernel(0, 0, 10, 30, 64, 80);
  EXPECT_EQ(t.start_ns, 800u);
  EXPECT_EQ(t.end_ns, 2400u);
}

} // namespace
