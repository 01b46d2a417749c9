// kernel_timestamps.h - placing a command's kernel timestamps on the host
// clock (event_get_profiling). Kernel timestamp counters may be as narrow as
// 32 bits (kernelTimestampValidBits) and wrap, so each time is measured from
// a reference read close to it: the start from the device counter read at
// submission, the end from the start.
#pragma once

#include <cstdint>

namespace smcp::level_zero {

struct kernel_times {
  uint64_t start_ns, end_ns;
};

/// Ticks from `from` to `to` of a counter `bits` wide (0 or 64: not masked).
inline uint64_t ticks_between(uint64_t from, uint64_t to, uint32_t bits) {
  const uint64_t mask = bits == 0 || bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  return (to - from) & mask;
}

/// The start and end of a kernel on the host clock: submit_ns is the host
/// time at which the device counter read submit_ticks.
inline kernel_times place_kernel(uint64_t submit_ns, uint64_t submit_ticks, uint64_t start_ticks,
                                 uint64_t end_ticks, uint32_t bits, uint64_t ns_per_tick) {
  const uint64_t half = ticks_between(0, ~uint64_t(0), bits) / 2;
  uint64_t lead = ticks_between(submit_ticks, start_ticks, bits);
  // More than half a period "after" submission means before it: the host
  // clock and the counter are not read at once. SYCL promises submit <=
  // start, so such a start is the submission itself.
  if (lead > half)
    lead = 0;
  // A kernel's end follows its start: its duration is never clamped (one
  // longer than half a period is still measured; a full period cannot be).
  const uint64_t run = ticks_between(start_ticks, end_ticks, bits);
  const uint64_t start = submit_ns + lead * ns_per_tick;
  return {start, start + run * ns_per_tick};
}

} // namespace smcp::level_zero
