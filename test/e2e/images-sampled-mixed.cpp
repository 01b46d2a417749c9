// Kernels that read several sampled images, of which the texture hardware
// serves some: a 2-D rgba float image (a texture on CUDA) with a bgra one
// (read in code: textures do not swizzle), so that the kernel itself runs
// with one texture word set and one not; and with a 1-D image (read in code,
// asking for no texture), so that the kernel's textured variant runs
// (runtime/core/queue_impl.cpp). Nearest filtering at texel centres: every
// backend returns the texels exactly, as the host accessor reads them.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: mixed sampled reads: 0 failed
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"

#include <cstdint>
#include <cstdio>
#include <vector>

using namespace sycl;

namespace {

constexpr int W = 16, H = 8;

const image_sampler nearest{addressing_mode::clamp_to_edge,
                            coordinate_normalization_mode::unnormalized, filtering_mode::nearest};

/// Kernel name types.
class with_swizzled;
class with_line;

/// out[y][x] = a(x, y) + b(x, y) * 1000 through kernel K, where b reads
/// image `b` at (x, y) (2-D) or x (1-D).
template <typename K, int BDims>
std::vector<float4> sum_in_kernel(queue &Q, sampled_image<2> &A, sampled_image<BDims> &B) {
  buffer<float4, 2> Out{range<2>(H, W)};
  Q.submit([&](handler &Cgh) {
    sampled_image_accessor<float4, 2> RA(A, Cgh);
    sampled_image_accessor<float4, BDims> RB(B, Cgh);
    accessor O(Out, Cgh, write_only, no_init);
    Cgh.parallel_for<K>(range<2>(H, W), [=](id<2> I) {
      const float X = float(I[1]) + 0.5f, Y = float(I[0]) + 0.5f;
      float4 Other;
      if constexpr (BDims == 2)
        Other = RB.read(float2(X, Y));
      else
        Other = RB.read(X);
      O[I] = RA.read(float2(X, Y)) + Other * 1000.0f;
    });
  });
  host_accessor H_(Out, read_only);
  return std::vector<float4>(H_.get_pointer(), H_.get_pointer() + W * H);
}

template <int BDims>
void compare(const std::vector<float4> &Got, sampled_image<2> &A, sampled_image<BDims> &B) {
  host_sampled_image_accessor<float4, 2> HA(A);
  host_sampled_image_accessor<float4, BDims> HB(B);
  for (int Y = 0; Y < H; ++Y)
    for (int X = 0; X < W; ++X) {
      const float CX = X + 0.5f, CY = Y + 0.5f;
      float4 Other;
      if constexpr (BDims == 2)
        Other = HB.read(float2(CX, CY));
      else
        Other = HB.read(CX);
      const float4 Want = HA.read(float2(CX, CY)) + Other * 1000.0f;
      const float4 G = Got[Y * W + X];
      for (int C = 0; C < 4; ++C)
        EXPECT(G[C] == Want[C]);
    }
}

} // namespace

int main() {
  queue Q;
  std::vector<float> Floats(4 * W * H);
  for (size_t I = 0; I < Floats.size(); ++I)
    Floats[I] = float((I * 37 + 11) % 101);
  std::vector<uint8_t> Bytes(4 * W * H);
  for (size_t I = 0; I < Bytes.size(); ++I)
    Bytes[I] = uint8_t((I * 53 + 7) % 256);
  sampled_image<2> A(Floats.data(), image_format::r32g32b32a32_sfloat, nearest, range<2>(W, H));
  sampled_image<2> Swizzled(Bytes.data(), image_format::b8g8r8a8_unorm, nearest, range<2>(W, H));
  sampled_image<1> Line(Floats.data(), image_format::r32g32b32a32_sfloat, nearest, range<1>(W));

  compare(sum_in_kernel<with_swizzled>(Q, A, Swizzled), A, Swizzled);
  compare(sum_in_kernel<with_line>(Q, A, Line), A, Line);
  std::printf("mixed sampled reads: %d failed\n", expect_failures());
  return expect_failures() != 0;
}
