// SMCP_TRACE=chrome:<file> writes a Chrome trace of the commands: valid JSON
// (json.load), complete "X" events with the kernels' names, copies, fills and
// host tasks, each queue its own track; kernels with the backend's timestamps
// where it gives them (PoCL's profiling does). Written at exit, so the
// kernel left running on a destroyed queue when main returns is in it too
// (a kernel PoCL compiled already: a first compile at exit is another
// matter, exit_drain.h). A reduction (two kernels in one command) is one
// event from its first kernel's start. The text trace stays off: chrome: is
// not SMCP_TRACE=1.
// RUN: %syclcc -O2 %s -o %t
// RUN: rm -f %t.json
// RUN: env SMCP_TRACE=chrome:%t.json %t 2>&1 | FileCheck %s --implicit-check-not=SMCP:
// RUN: python3 -c 'import json, sys; json.load(open(sys.argv[1]))' %t.json
// RUN: python3 %S/Inputs/check_chrome_trace.py %t.json ScaleKernel OffsetKernel SumKernel | FileCheck %s --check-prefix=TRACE
// RUN: python3 %S/Inputs/check_chrome_trace.py %t.json ScaleKernel | FileCheck %s --check-prefix=CLOCK-%if opencl %{device%} %else %{any%}
#include <sycl/sycl.hpp>

#include <cstdio>

class ScaleKernel;
class OffsetKernel;
class SumKernel;

int main() {
  sycl::queue q, other{sycl::property::queue::in_order()};
  constexpr size_t n = 1024;
  int *data = sycl::malloc_device<int>(n, q);
  int *host = sycl::malloc_host<int>(n, q);
  q.fill(data, 1, n).wait();
  auto scale = [=](sycl::id<1> i) { data[i] *= 2; };
  for (int round = 0; round < 3; ++round)
    q.parallel_for<ScaleKernel>(sycl::range<1>(n), scale).wait();
  q.parallel_for<OffsetKernel>(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] += int(i[0]); })
      .wait();
  q.memcpy(host, data, n * sizeof(int)).wait();
  int wrong = 0;
  q.submit([&](sycl::handler &h) {
     h.host_task([&] {
       for (size_t i = 0; i < n; ++i)
         wrong += host[i] != 8 + int(i);
     });
   }).wait();
  int *sum = sycl::malloc_shared<int>(1, q);
  *sum = 0;
  auto add = [=](sycl::id<1> i, auto &s) { s += data[i]; };
  q.parallel_for<SumKernel>(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<int>()), add).wait();
  wrong += *sum != 8 * int(n) + int(n * (n - 1) / 2);
  std::printf("wrong: %d\n", wrong);
  // Still running when main returns: the trace is written after the drain.
  other.parallel_for<ScaleKernel>(sycl::range<1>(n), scale);
  return wrong;
}

// CHECK: wrong: 0

// TRACE: kernel ScaleKernel: 4 event(s)
// TRACE: kernel OffsetKernel: 1 event(s)
// TRACE: kernel SumKernel: 1 event(s)
// TRACE-DAG: host_task: 1 (host clock)
// TRACE-DAG: memory: 2 ({{.*}} clock)
// TRACE: tracks: 2

// CLOCK-device: kernel: 6 (device clock)
// CLOCK-any: kernel: 6 ({{.*}} clock)
