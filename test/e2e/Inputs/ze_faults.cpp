// A program that touches every kind of Level Zero call the adapter makes
// (discovery, context, queues, USM of every kind and its queries, module,
// kernel, launches with and without events and with a global offset,
// copies, region copies, fills, event status, profiling, waits), catching
// every SYCL exception, synchronous or asynchronous, then shows that the
// runtime still works by running one more kernel on a new queue.
// level-zero-fault-injection.test runs it with the test driver failing one
// call at a time.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

namespace {

/// A region copy between two 2-D buffers (the adapter's
/// zeCommandListAppendMemoryCopyRegion); returns b[3][3] afterwards.
int region_copy(sycl::queue &q) {
  std::vector<int> host(64);
  for (int i = 0; i < 64; ++i)
    host[size_t(i)] = i;
  std::vector<int> out(64, 0);
  {
    sycl::buffer<int, 2> a(host.data(), sycl::range<2>(8, 8));
    sycl::buffer<int, 2> b(out.data(), sycl::range<2>(8, 8));
    q.submit([&](sycl::handler &h) {
      sycl::accessor src(a, h, sycl::range<2>(4, 4), sycl::id<2>(2, 2), sycl::read_only);
      sycl::accessor dst(b, h, sycl::range<2>(4, 4), sycl::id<2>(2, 2), sycl::write_only);
      h.copy(src, dst);
    });
  }
  return out[3 * 8 + 3];
}

/// Launches on an in-order profiling queue (a barrier between them) and the
/// second's timestamps (zeDeviceGetGlobalTimestamps,
/// zeEventQueryKernelTimestamp); true when they are ordered.
bool profiled(sycl::queue &q, int *data, const sycl::async_handler &handler) {
  sycl::queue p(q.get_context(), q.get_device(), handler,
                {sycl::property::queue::enable_profiling{}, sycl::property::queue::in_order{}});
  p.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { data[i] += 0; });
  sycl::event e = p.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { data[i] += 0; });
  e.wait_and_throw();
  const auto start = e.get_profiling_info<sycl::info::event_profiling::command_start>();
  const auto end = e.get_profiling_info<sycl::info::event_profiling::command_end>();
  return start <= end;
}

} // namespace

int main() {
  int caught = 0;
  auto report = [&](const sycl::exception &e) {
    ++caught;
    std::printf("caught: %s\n", e.what());
  };
  const sycl::async_handler handler = [&](sycl::exception_list list) {
    for (auto &p : list) {
      try {
        std::rethrow_exception(p);
      } catch (const sycl::exception &e) {
        report(e);
      }
    }
  };
  try {
    sycl::queue q{handler};
    const size_t n = 256;
    int *data = sycl::malloc_shared<int>(n, q);
    int *device = sycl::malloc_device<int>(n, q);
    int *pinned = sycl::malloc_host<int>(n, q);
    if (!data || !device || !pinned) {
      for (int *p : {data, device, pinned})
        if (p)
          sycl::free(p, q);
      throw sycl::exception(sycl::errc::memory_allocation, "USM allocation returned null");
    }
    try {
      q.fill(device, 7, n).wait();
      sycl::event e =
          q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] = device[i] + int(i); });
      // Its status while it may still run: the first zeEventQueryStatus
      // (its event is device-only, so through a host-visible stand-in).
      (void)e.get_info<sycl::info::event::command_execution_status>();
      e.wait_and_throw();
      if (e.get_info<sycl::info::event::command_execution_status>() !=
          sycl::info::event_command_status::complete)
        std::printf("the launch is not complete after its wait\n");
      // A global offset (zeKernelSetGlobalOffsetExp): pinned[i] = i for i >= 1.
      q.submit([&](sycl::handler &h) {
        h.parallel_for(sycl::range<1>(n - 1), sycl::id<1>(1),
                       [=](sycl::item<1> it) { pinned[it.get_id(0)] = int(it.get_id(0)); });
      });
      q.wait_and_throw();
      std::vector<int> host(n);
      q.memcpy(host.data(), data, n * sizeof(int)).wait_and_throw();
      {
        sycl::buffer<int> b(host.data(), sycl::range<1>(n));
        q.submit([&](sycl::handler &h) {
          sycl::accessor a(b, h);
          h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += 1; });
        });
      }
      q.wait_and_throw();
      const int copied = region_copy(q);
      const bool ordered = profiled(q, data, handler);
      const bool host_usm = sycl::get_pointer_type(pinned, q.get_context()) == sycl::usm::alloc::host;
      std::printf("result %d %d %d %d %d %d\n", host[0], host[n - 1], pinned[n - 1], copied,
                  int(ordered), int(host_usm));
    } catch (const sycl::exception &e) {
      report(e);
    }
    // Commands after the one that failed may still run: they must finish
    // before their memory goes (freeing memory in use is the program's bug).
    q.wait_and_throw();
    sycl::free(data, q);
    sycl::free(device, q);
    sycl::free(pinned, q);
  } catch (const sycl::exception &e) {
    report(e);
  }
  // The runtime stays usable after a failure: a new queue allocates and runs
  // a kernel (unless the failure is in this step itself, or in discovery,
  // which leaves no Level Zero device).
  try {
    sycl::queue again{handler};
    int *v = sycl::malloc_shared<int>(1, again);
    if (!v)
      throw sycl::exception(sycl::errc::memory_allocation, "USM allocation returned null");
    try {
      again.single_task([=] { *v = 42; }).wait_and_throw();
      std::printf("recovered %d\n", *v);
    } catch (...) {
      sycl::free(v, again);
      throw;
    }
    sycl::free(v, again);
  } catch (const sycl::exception &e) {
    report(e);
  }
  std::printf("exceptions: %d\n", caught);
  return 0;
}
