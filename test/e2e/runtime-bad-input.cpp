// Bad input to the runtime, tried as a new user would: each is a SYCL
// exception with the right errc and a message, nothing aborts in a backend,
// and the queue goes on working. Work-groups larger than the device's, a
// range the device cannot count in one launch, a global size that is no
// multiple of the local size, a buffer larger than the device's memory,
// USM calls with null and foreign pointers, a kernel needing an aspect the
// device lacks, an accessor used after its buffer was destroyed. Also the valid side: malloc_device of too much returns null,
// free(nullptr) does nothing, and a range past 2^32 work-items runs whole
// (or, where the backend counts in 32 bits, is refused with errc::nd_range).
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>
#include <functional>
#include <vector>

using namespace sycl;

static int Wrong = 0;

void expect_errc(const char *What, errc Want, const std::function<void()> &F) {
  try {
    F();
    std::printf("%s: no exception\n", What);
    ++Wrong;
  } catch (const sycl::exception &E) {
    const bool Ok = E.code() == Want && std::string(E.what()).size() > 10;
    std::printf("%s: %s\n", What, Ok ? "ok" : E.what());
    Wrong += !Ok;
  }
}

int main() {
  queue Q;
  device Dev = Q.get_device();
  const size_t Memory = Dev.get_info<info::device::global_mem_size>();
  expect_errc("3-D range past the device's group count", errc::nd_range, [&] {
    Q.parallel_for(range<3>(size_t(1) << 20, size_t(1) << 20, size_t(1) << 20), [=](id<3>) {});
  });
  expect_errc("work-group past the device's size", errc::nd_range, [&] {
    Q.parallel_for(nd_range<1>(range<1>(1 << 20), range<1>(1 << 20)), [=](nd_item<1>) {});
  });
  expect_errc("global size no multiple of the local size", errc::nd_range, [&] {
    Q.parallel_for(nd_range<1>(range<1>(100), range<1>(7)), [=](nd_item<1>) {});
  });
  expect_errc("buffer larger than the device's memory", errc::memory_allocation, [&] {
    buffer<char> B{range<1>(Memory * 4)};
    Q.submit([&](handler &H) {
       accessor A(B, H, write_only, no_init);
       H.single_task([=] { A[0] = 1; });
     }).wait();
  });
  expect_errc("memcpy to null", errc::invalid, [&] { Q.memcpy(nullptr, &Wrong, 4).wait(); });
  int Local = 0;
  expect_errc("free of a pointer USM did not allocate", errc::invalid, [&] { free(&Local, Q); });
  if (!Dev.has(aspect::fp16))
    expect_errc("fp16 kernel on a device without fp16", errc::kernel_not_supported, [&] {
      half *H = malloc_shared<half>(1, Q);
      Q.single_task([=] { H[0] = H[0] * half(2); }).wait();
    });
  else
    std::printf("fp16 kernel on a device without fp16: ok\n");
  void *Huge = malloc_device(Memory * 4, Q);
  std::printf("malloc_device past the device's memory: %s\n", Huge ? "not null" : "null");
  Wrong += Huge != nullptr;
  free(nullptr, Q);

  // The queue still works, and ids past 32 bits reach the kernel.
  const size_t N = (size_t(1) << 32) + 5;
  size_t *Last = malloc_shared<size_t>(1, Q);
  *Last = 0;
  try {
    Q.parallel_for(range<1>(N), [=](id<1> I) {
       if (I[0] == N - 1)
         *Last = I[0] + 1;
     }).wait();
    std::printf("range of 2^32 + 5: last id + 1 = %zu, want %zu\n", *Last, N);
    Wrong += *Last != N;
  } catch (const sycl::exception &E) { // a backend that counts in 32 bits (Level Zero) says so
    std::printf("range of 2^32 + 5: refused, %s\n", E.code() == errc::nd_range ? "nd_range" : E.what());
  }
  free(Last, Q);
  // A placeholder accessor kept past its buffer: the buffer wrote back at
  // its destruction, so a command group using the accessor is refused.
  std::vector<int> Data(16, 1);
  auto Orphan = [&] {
    buffer<int> B(Data.data(), range<1>(16));
    return accessor<int, 1, access_mode::read_write>(B);
  }();
  expect_errc("accessor of a destroyed buffer", errc::invalid, [&] {
    Q.submit([&](handler &H) {
      H.require(Orphan);
      H.parallel_for(range<1>(16), [=](id<1> I) { Orphan[I] += 1; });
    });
  });
  std::printf("bad input handled wrongly: %d\n", Wrong);
  return Wrong != 0;
}

// CHECK: 3-D range past the device's group count: ok
// CHECK: work-group past the device's size: ok
// CHECK: global size no multiple of the local size: ok
// CHECK: buffer larger than the device's memory: ok
// CHECK: memcpy to null: ok
// CHECK: free of a pointer USM did not allocate: ok
// CHECK: fp16 kernel on a device without fp16: ok
// CHECK: malloc_device past the device's memory: null
// CHECK: range of 2^32 + 5: {{last id \+ 1 = 4294967301, want 4294967301|refused, nd_range}}
// CHECK: accessor of a destroyed buffer: ok
// CHECK: bad input handled wrongly: 0
