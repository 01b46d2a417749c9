// cuda_launch_geometry_test.cpp - the CUDA adapter's launch arithmetic
// (runtime/adapters/cuda/launch_geometry.h), which needs no driver: the block
// it chooses when libsycl leaves the choice to it, and the layout of
// local-memory arguments in the dynamic shared memory (adapter_abi.h).
#include "adapters/cuda/launch_geometry.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

using smcp::cuda::block_limits;
using smcp::cuda::choose_block;
using smcp::cuda::lay_out_local_args;

const block_limits h100{1024, {1024, 1024, 64}};

std::vector<size_t> block_for(uint32_t dims, std::vector<size_t> global,
                              const block_limits &limits = h100) {
  global.resize(3, 1);
  size_t block[3] = {0, 0, 0};
  choose_block(dims, global.data(), limits, block);
  return {block[0], block[1], block[2]};
}

TEST(CudaLaunchGeometry, OneDimensionTakesTheLargestDivisorUpTo256) {
  EXPECT_EQ(block_for(1, {100}), (std::vector<size_t>{100, 1, 1}));
  EXPECT_EQ(block_for(1, {4096}), (std::vector<size_t>{256, 1, 1}));
  EXPECT_EQ(block_for(1, {1000000}), (std::vector<size_t>{250, 1, 1}));
  EXPECT_EQ(block_for(1, {1000003}), (std::vector<size_t>{1, 1, 1})) << "a prime";
}

TEST(CudaLaunchGeometry, MoreDimensionsKeepAWarpAlongDimensionZero) {
  EXPECT_EQ(block_for(2, {16, 8}), (std::vector<size_t>{16, 8, 1}));
  EXPECT_EQ(block_for(2, {64, 64}), (std::vector<size_t>{32, 8, 1}));
  EXPECT_EQ(block_for(2, {3, 1000}), (std::vector<size_t>{3, 50, 1})) << "256 / 3 left for y";
  EXPECT_EQ(block_for(3, {64, 64, 64}), (std::vector<size_t>{32, 8, 1}));
  EXPECT_EQ(block_for(3, {1, 1, 128}), (std::vector<size_t>{1, 1, 64})) << "z stops at 64";
}

TEST(CudaLaunchGeometry, TheKernelsOwnLimitBoundsTheBlock) {
  const block_limits heavy{96, {1024, 1024, 64}}; // a kernel with many registers
  EXPECT_EQ(block_for(1, {4096}, heavy), (std::vector<size_t>{64, 1, 1}));
  EXPECT_EQ(block_for(2, {64, 64}, heavy), (std::vector<size_t>{32, 2, 1}));
}

TEST(CudaLaunchGeometry, BlocksAlwaysDivideTheGlobalSize) {
  for (size_t x = 1; x < 300; x += 7)
    for (size_t y = 1; y < 40; y += 3) {
      const auto b = block_for(2, {x, y});
      ASSERT_EQ(x % b[0], 0u) << x << "x" << y;
      ASSERT_EQ(y % b[1], 0u) << x << "x" << y;
      ASSERT_LE(b[0] * b[1], 256u) << x << "x" << y;
    }
}

TEST(CudaLaunchGeometry, LocalArgumentsAreLaidOutInOrderAt64ByteBoundaries) {
  int value = 0;
  const smcp_kernel_arg args[] = {{SMCP_ARG_VALUE, sizeof(value), &value},
                                  {SMCP_ARG_LOCAL, 80, nullptr},
                                  {SMCP_ARG_POINTER, sizeof(void *), nullptr},
                                  {SMCP_ARG_LOCAL, 4, nullptr},
                                  {SMCP_ARG_LOCAL, 0, nullptr},
                                  {SMCP_ARG_LOCAL, 8, nullptr}};
  uint64_t offsets[6] = {~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull};
  EXPECT_EQ(lay_out_local_args(6, args, offsets), 200u);
  EXPECT_EQ(offsets[0], ~0ull) << "only local arguments get an offset";
  EXPECT_EQ(offsets[1], 0u);
  EXPECT_EQ(offsets[2], ~0ull);
  EXPECT_EQ(offsets[3], 128u);
  EXPECT_EQ(offsets[4], 192u);
  EXPECT_EQ(offsets[5], 192u);
  EXPECT_EQ(lay_out_local_args(1, args, offsets), 0u) << "no local arguments";
}

} // namespace

namespace {

using smcp::cuda::packed_params;

TEST(CudaLaunchParams, ValuesArePackedAtEightByteOffsetsAndOwnTheirBytes) {
  struct pair {
    float x, y;
  } by_value{1.5f, -2.0f};
  int scalar = 42;
  smcp_kernel_arg args[4] = {{SMCP_ARG_VALUE, sizeof(int), &scalar},
                             {SMCP_ARG_POINTER, sizeof(void *), reinterpret_cast<void *>(0x1000)},
                             {SMCP_ARG_LOCAL, 256, nullptr},
                             {SMCP_ARG_VALUE, sizeof(pair), &by_value}};
  uint64_t local_offsets[4] = {0, 0, 128, 0};
  packed_params<64, 8> p;
  ASSERT_TRUE(p.pack(4, args, local_offsets));
  scalar = 0; // the caller's values may change or go once packed
  by_value = {};
  void *params[8];
  p.pointers(params);
  EXPECT_EQ(p.offset[0], 0);
  EXPECT_EQ(p.offset[1], 8);
  EXPECT_EQ(p.offset[2], 16);
  EXPECT_EQ(p.offset[3], 24);
  EXPECT_EQ(*static_cast<int *>(params[0]), 42);
  EXPECT_EQ(*static_cast<void **>(params[1]), reinterpret_cast<void *>(0x1000))
      << "a pointer argument's parameter is the pointer itself";
  EXPECT_EQ(*static_cast<uint64_t *>(params[2]), 128u) << "a local argument's offset";
  EXPECT_EQ(static_cast<pair *>(params[3])->x, 1.5f);
  EXPECT_EQ(static_cast<pair *>(params[3])->y, -2.0f);
}

TEST(CudaLaunchParams, TooManyBytesOrArgumentsDoNotFit) {
  unsigned char big[40] = {};
  smcp_kernel_arg one{SMCP_ARG_VALUE, sizeof(big), big};
  smcp_kernel_arg two[2] = {one, one};
  packed_params<64, 8> p;
  EXPECT_TRUE(p.pack(1, &one, nullptr));
  EXPECT_FALSE(p.pack(2, two, nullptr)) << "40 + 40 bytes (at offset 40) exceed 64";
  std::vector<smcp_kernel_arg> many(9, {SMCP_ARG_POINTER, sizeof(void *), nullptr});
  EXPECT_FALSE(p.pack(9, many.data(), nullptr)) << "9 arguments exceed 8";
}

} // namespace
