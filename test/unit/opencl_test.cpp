// opencl_test.cpp - the runtime on a real OpenCL device (PoCL here): a
// hand-made SPIR-V image goes through registration, the program build
// (reverse translation to SPIR on PoCL), argument setting and the launch.
#include "test_images.h"

#include <sycl/queue.hpp>
#include <sycl/usm.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <fstream>
#include <iterator>

extern "C" void __smcp_register_images(const unsigned char *blob, size_t size);

using smcp::detail::kernel_info;
using smcp::detail::param_kind;

namespace {

std::vector<uint8_t> read_file(const char *path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

/// The image table an executable would register; kept for the whole run.
void register_once() {
  static std::vector<uint8_t> blob = [] {
    smcp::fatbin::DeviceImage img;
    img.Target = "spir64";
    img.Kernels = {"fill_ids", "rows_cols", "no_args"};
    img.Bytes = read_file(SMCP_TEST_SPV);
    smcp::fatbin::DeviceImage bad = img;
    bad.Kernels = {"not_spirv"};
    bad.Bytes = {1, 2, 3, 4, 5, 6, 7, 8};
    // fill_ids(int *out, int base) and rows_cols(int *out, long width).
    using smcp::abi::kernel_annotation;
    auto b = test_fat_binary(
        {img, bad},
        {kernel_annotation{"fill_ids", 16, {{param_kind::pointer, 8, 0}, {param_kind::std_layout, 4, 8}}},
         kernel_annotation{"rows_cols", 16,
                           {{param_kind::pointer, 8, 0}, {param_kind::std_layout, 8, 8}}}});
    __smcp_register_images(b.data(), b.size());
    return b;
  }();
  ASSERT_FALSE(blob.empty());
}

sycl::event launch(sycl::queue &q, const kernel_info &info, const void *f, size_t size,
                   unsigned dims, const size_t *global) {
  sycl::detail::launch_range r;
  r.dims = dims;
  for (unsigned d = 0; d < dims; ++d)
    r.global[d] = global[d];
  return q.submit(
      [&](sycl::handler &h) { sycl::detail::header_access::launch(h, &info, f, size, r); });
}

class OpenCL : public testing::Test {
protected:
  void SetUp() override {
    register_once();
    q = std::make_unique<sycl::queue>(sycl::cpu_selector_v);
  }
  std::unique_ptr<sycl::queue> q;
};

} // namespace

TEST_F(OpenCL, DeviceIsVisible) {
  EXPECT_EQ(q->get_backend(), sycl::backend::opencl);
  EXPECT_FALSE(q->get_device().get_info<sycl::info::device::name>().empty());
  EXPECT_GT(q->get_device().get_info<sycl::info::device::max_compute_units>(), 0u);
  EXPECT_TRUE(q->get_device().has(sycl::aspect::usm_shared_allocations));
}

TEST_F(OpenCL, KernelWritesSharedUsm) {
  struct functor {
    int *out;
    int base;
  };
  static_assert(sizeof(functor) == 16 && offsetof(functor, base) == 8);
  const kernel_info info{"fill_ids", sizeof(functor)};
  const size_t n = 1000;
  int *out = sycl::malloc_shared<int>(n, *q);
  ASSERT_NE(out, nullptr);
  functor f{out, 100};
  launch(*q, info, &f, sizeof(f), 1, &n).wait();
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], 100 + int(i)) << "at " << i;
  // A second launch reuses the built program and kernel.
  f.base = -5;
  launch(*q, info, &f, sizeof(f), 1, &n).wait();
  EXPECT_EQ(out[999], 994);
  sycl::free(out, *q);
}

TEST_F(OpenCL, TwoDimensionalRangeKeepsSyclOrder) {
  struct functor {
    int *out;
    long width;
  };
  static_assert(sizeof(functor) == 16 && offsetof(functor, width) == 8);
  const kernel_info info{"rows_cols", sizeof(functor)};
  const size_t rows = 3, cols = 5, range[2] = {rows, cols}; // SYCL: last dimension fastest
  int *out = sycl::malloc_device<int>(rows * cols, *q);
  functor f{out, long(cols)};
  launch(*q, info, &f, sizeof(f), 2, range).wait();
  std::vector<int> host(rows * cols);
  q->memcpy(host.data(), out, host.size() * sizeof(int)).wait();
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c)
      EXPECT_EQ(host[r * cols + c], int(r * 1000 + c)) << r << "," << c;
  sycl::free(out, *q);
}

TEST_F(OpenCL, KernelWithoutArguments) {
  const kernel_info info{"no_args", 1};
  char empty = 0;
  const size_t one = 1;
  auto e = launch(*q, info, &empty, 1, 1, &one);
  e.wait();
  EXPECT_EQ(e.get_info<sycl::info::event::command_execution_status>(),
            sycl::info::event_command_status::complete);
}

TEST_F(OpenCL, DeviceUsmCopiesAndFills) {
  const size_t n = 256;
  int *d = sycl::malloc_device<int>(n, *q);
  auto filled = q->fill(d, 7, n);
  auto zeroed = q->memset(d, 0, 16 * sizeof(int), filled);
  std::vector<int> host(n, -1);
  q->copy(d, host.data(), n, zeroed).wait();
  EXPECT_EQ(host[0], 0);
  EXPECT_EQ(host[15], 0);
  EXPECT_EQ(host[16], 7);
  EXPECT_EQ(host[255], 7);
  void *h = sycl::malloc_host(64, *q);
  EXPECT_EQ(sycl::get_pointer_type(h, q->get_context()), sycl::usm::alloc::host);
  sycl::free(h, *q);
  sycl::free(d, *q);
}

TEST_F(OpenCL, InvalidImageFailsToBuildWithReason) {
  const kernel_info info{"not_spirv", 1};
  char empty = 0;
  const size_t one = 1;
  try {
    launch(*q, info, &empty, 1, 1, &one);
    FAIL() << "an invalid SPIR-V image built";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::build);
    std::string what = e.what();
    EXPECT_NE(what.find("opencl: program_create failed"), std::string::npos) << what;
    EXPECT_NE(what.find("not a SPIR-V module"), std::string::npos) << what;
  }
}
