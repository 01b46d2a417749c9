// A program that touches every kind of Level Zero call the adapter makes
// (context, queue, USM, module, kernel, launch with and without events,
// copies, fills, waits), catching every SYCL exception, synchronous or
// asynchronous. level-zero-fault-injection.test runs it with the test
// driver failing one call at a time.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

int main() {
  int caught = 0;
  auto report = [&](const sycl::exception &e) {
    ++caught;
    std::printf("caught: %s\n", e.what());
  };
  try {
    sycl::queue q{[&](sycl::exception_list list) {
      for (auto &p : list) {
        try {
          std::rethrow_exception(p);
        } catch (const sycl::exception &e) {
          report(e);
        }
      }
    }};
    const size_t n = 256;
    int *data = sycl::malloc_shared<int>(n, q);
    int *device = sycl::malloc_device<int>(n, q);
    if (!data || !device) {
      for (int *p : {data, device})
        if (p)
          sycl::free(p, q);
      throw sycl::exception(sycl::errc::memory_allocation, "USM allocation returned null");
    }
    try {
      q.fill(device, 7, n).wait();
      q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] = device[i] + int(i); });
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
      std::printf("result %d %d\n", host[0], host[n - 1]);
    } catch (const sycl::exception &e) {
      report(e);
    }
    sycl::free(data, q);
    sycl::free(device, q);
    q.wait_and_throw();
  } catch (const sycl::exception &e) {
    report(e);
  }
  std::printf("exceptions: %d\n", caught);
  return 0;
}
