// usm_test.cpp - USM allocation bookkeeping and USM copies/fills, against the
// recording adapter (whose USM is host memory).
#include "recording_adapter.h"
#include "recording_gpu_test.h"

#include <sycl/usm.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <vector>

namespace {

class Usm : public RecordingGpuTest {};

std::string invalid_what(const std::function<void()> &f) {
  try {
    f();
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
    return e.what();
  }
  return "(no error)";
}

} // namespace

TEST_F(Usm, KindsAndPointerQueries) {
  auto ctx = q->get_context();
  void *d = sycl::malloc_device(100, *q);
  void *s = sycl::malloc_shared(100, *q);
  void *h = sycl::malloc_host(100, ctx);
  ASSERT_TRUE(d && s && h);
  EXPECT_EQ(sycl::get_pointer_type(d, ctx), sycl::usm::alloc::device);
  EXPECT_EQ(sycl::get_pointer_type(s, ctx), sycl::usm::alloc::shared);
  EXPECT_EQ(sycl::get_pointer_type(h, ctx), sycl::usm::alloc::host);
  EXPECT_EQ(sycl::get_pointer_type(static_cast<char *>(d) + 99, ctx), sycl::usm::alloc::device);
  int local = 0;
  EXPECT_EQ(sycl::get_pointer_type(&local, ctx), sycl::usm::alloc::unknown);
  EXPECT_EQ(sycl::get_pointer_device(d, ctx), q->get_device());
  EXPECT_NE(invalid_what([&] { sycl::get_pointer_device(&local, ctx); }).find("not a USM"),
            std::string::npos);
  sycl::context other(q->get_device());
  EXPECT_EQ(sycl::get_pointer_type(d, other), sycl::usm::alloc::unknown);
  sycl::free(d, *q);
  sycl::free(s, ctx);
  sycl::free(h, *q);
  EXPECT_EQ(sycl::get_pointer_type(d, ctx), sycl::usm::alloc::unknown);
}

TEST_F(Usm, TypedAndAlignedAllocation) {
  const size_t before = smcp::recording::live_allocations();
  double *p = sycl::malloc_shared<double>(10, *q);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % alignof(double), 0u);
  p[9] = 1.5; // shared memory is host-accessible
  void *a = sycl::aligned_alloc_device(4096, 10, *q);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a) % 4096, 0u);
  EXPECT_EQ(smcp::recording::live_allocations(), before + 2);
  sycl::free(p, *q);
  sycl::free(a, *q);
  EXPECT_EQ(smcp::recording::live_allocations(), before);
  EXPECT_EQ(sycl::malloc_device(0, *q), nullptr);
  EXPECT_EQ(sycl::malloc_device(size_t(1) << 50, *q), nullptr); // failures give nullptr
}

TEST_F(Usm, DoubleAndForeignFreeAreClearErrors) {
  void *p = sycl::malloc_device(16, *q);
  sycl::free(p, *q);
  EXPECT_NE(invalid_what([&] { sycl::free(p, *q); }).find("is not a live USM allocation"),
            std::string::npos);
  int local;
  EXPECT_NE(invalid_what([&] { sycl::free(&local, *q); }).find("is not a live USM allocation"),
            std::string::npos);
  void *r = sycl::malloc_device(16, *q);
  sycl::context other(q->get_device());
  EXPECT_NE(invalid_what([&] { sycl::free(r, other); }).find("belongs to another context"),
            std::string::npos);
  sycl::free(r, *q);
  sycl::free(nullptr, *q); // allowed, does nothing
}

TEST_F(Usm, MissingAspectIsFeatureNotSupported) {
  sycl::queue cpu(sycl::cpu_selector_v); // the recording CPU has no shared USM
  try {
    sycl::malloc_shared(16, cpu);
    FAIL() << "allocated shared USM on a device without the aspect";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::feature_not_supported);
    EXPECT_NE(std::string(e.what()).find("recording cpu"), std::string::npos);
  }
}

TEST_F(Usm, CopiesAndFills) {
  int *a = sycl::malloc_shared<int>(8, *q);
  std::vector<int> src{1, 2, 3, 4, 5, 6, 7, 8};
  q->memcpy(a, src.data(), sizeof(int) * 8).wait();
  EXPECT_EQ(a[7], 8);
  q->fill(a, 42, 4).wait();
  EXPECT_EQ(a[0], 42);
  EXPECT_EQ(a[3], 42);
  EXPECT_EQ(a[4], 5);
  q->memset(a, 0, sizeof(int) * 2).wait();
  EXPECT_EQ(a[1], 0);
  std::vector<int> back(8);
  q->copy(a, back.data(), 8).wait();
  EXPECT_EQ(back[2], 42);
  EXPECT_EQ(back[7], 8);
  sycl::free(a, *q);
}

TEST_F(Usm, FillWithOddPatternSize) {
  struct rgb {
    unsigned char r, g, b;
  };
  auto *p = static_cast<rgb *>(sycl::malloc_shared(3 * 5, *q));
  smcp::recording::clear();
  q->fill(p, rgb{1, 2, 3}, 5).wait();
  // Backends fill with power-of-two patterns only: this one is expanded and copied.
  EXPECT_EQ(smcp::recording::count("enqueue_fill"), 0u);
  EXPECT_EQ(smcp::recording::count("enqueue_memcpy"), 1u);
  EXPECT_EQ(p[4].b, 3);
  EXPECT_EQ(p[0].r, 1);
  sycl::free(p, *q);
}

TEST_F(Usm, DependentCopies) {
  int *a = sycl::malloc_shared<int>(4, *q);
  sycl::event e1 = q->fill(a, 1, 4);
  sycl::event e2 = q->fill(a, 2, 2, e1);
  smcp::recording::clear();
  q->submit([&](sycl::handler &h) {
    h.depends_on({e1, e2});
    h.memcpy(a + 2, a, 2 * sizeof(int));
  });
  q->wait();
  EXPECT_EQ(a[3], 2);
  EXPECT_EQ(e2.get_info<sycl::info::event::command_execution_status>(),
            sycl::info::event_command_status::complete);
  sycl::free(a, *q);
}
