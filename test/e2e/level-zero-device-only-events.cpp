// Events that only other commands wait for come from device-only event pools
// (no ZE_EVENT_POOL_FLAG_HOST_VISIBLE), and the host never waits for or asks
// about one (the test driver's strict mode aborts the program if it does):
// chains of dependent kernels on in-order and out-of-order queues, a wait
// across queues, and host waits for events made device-only (through a
// host-visible event signalled after them). The record of the driver counts
// the pools of each kind: with every event host-visible, the 300 kernels
// below would need at least 5 host-visible pools of 64 events.
// REQUIRES: level_zero, ze-test-driver
// RUN: %syclcc -O1 %s -o %t
// RUN: rm -f %t.record && env SMCP_ZE_TEST_DRIVER_RECORD=%t.record %t | FileCheck %s
// RUN: python3 %S/Inputs/ze_event_pools.py %t.record | FileCheck %s --check-prefix=POOLS
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  sycl::device d{[](const sycl::device &d) {
    return d.get_backend() == sycl::backend::ext_oneapi_level_zero ? 1 : -1;
  }};
  sycl::context c{d};
  sycl::queue ordered{c, d, sycl::property::queue::in_order{}};
  sycl::queue unordered{c, d};
  int *x = sycl::malloc_shared<int>(4, ordered);
  x[0] = x[1] = x[2] = x[3] = 0;

  // A chain on an in-order queue, waited for as a whole.
  for (int i = 0; i < 200; ++i)
    ordered.single_task([=] { x[0] += 1; });
  ordered.wait();
  // CHECK: in order: 200
  std::printf("in order: %d\n", x[0]);

  // A chain of explicit dependencies on an out-of-order queue; the host
  // waits for its last event, and for its first one afterwards.
  sycl::event first = unordered.single_task([=] { x[1] += 1; });
  sycl::event last = first;
  for (int i = 1; i < 100; ++i)
    last = unordered.submit([&](sycl::handler &h) {
      h.depends_on(last);
      h.single_task([=] { x[1] += 1; });
    });
  last.wait();
  first.wait();
  // CHECK: out of order: 100, first complete: 1
  std::printf("out of order: %d, first complete: %d\n", x[1],
              first.get_info<sycl::info::event::command_execution_status>() ==
                  sycl::info::event_command_status::complete);

  // Across queues: a kernel of one waits for a kernel of the other.
  sycl::event a = unordered.single_task([=] { x[2] = 7; });
  sycl::event b = ordered.submit([&](sycl::handler &h) {
    h.depends_on(a);
    h.single_task([=] { x[3] = x[2] * 6; });
  });
  b.wait();
  // CHECK: across queues: 42
  std::printf("across queues: %d\n", x[3]);
  sycl::free(x, c);
  return 0;
}
// POOLS: device-only pools: some
// POOLS: host-visible pools: at most 2
// POOLS: rules broken: 0
