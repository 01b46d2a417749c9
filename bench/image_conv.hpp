// image_conv.hpp - the 5x5 convolution of an N×N float4 image, clamped at
// the edges, that bench/image_bench.cpp (CPU devices) and
// bench/gpu/image_conv.cpp (against CUDA) time: through a sampled_image
// (clamp_to_edge, unnormalized coordinates, nearest filtering), through an
// unsampled_image and over a buffer, with the coordinates clamped in the
// kernel. Dimension 1 is x.
#pragma once

#include <sycl/sycl.hpp>

#include <algorithm>

namespace image_conv {

constexpr int R = 2; // the stencil's radius

constexpr float weight(int dx, int dy) {
  return float((3 - (dx < 0 ? -dx : dx)) * (3 - (dy < 0 ? -dy : dy))) / 81.0f;
}

inline const sycl::image_sampler edge{sycl::addressing_mode::clamp_to_edge,
                                      sycl::coordinate_normalization_mode::unnormalized,
                                      sycl::filtering_mode::nearest};

/// Texel (x, y) of the test image.
inline sycl::float4 pixel(int x, int y) { return sycl::float4(x % 7, y % 5, (x + y) % 11, 1.0f); }

inline void through_sampled_image(sycl::queue &Q, sycl::sampled_image<2> &In,
                                  sycl::buffer<sycl::float4, 2> &Out) {
  Q.submit([&](sycl::handler &H) {
    sycl::sampled_image_accessor<sycl::float4, 2> A(In, H);
    sycl::accessor O(Out, H, sycl::write_only, sycl::no_init);
    H.parallel_for(Out.get_range(), [=](sycl::id<2> I) {
      const float X = float(I[1]) + 0.5f, Y = float(I[0]) + 0.5f;
      sycl::float4 Sum(0.0f);
      for (int DY = -R; DY <= R; ++DY)
        for (int DX = -R; DX <= R; ++DX)
          Sum += weight(DX, DY) * A.read(sycl::float2(X + DX, Y + DY));
      O[I] = Sum;
    });
  });
}

/// The same through an unsampled_image, its coordinates clamped in the kernel.
inline void through_unsampled_image(sycl::queue &Q, sycl::unsampled_image<2> &In,
                                    sycl::buffer<sycl::float4, 2> &Out) {
  Q.submit([&](sycl::handler &H) {
    sycl::unsampled_image_accessor<sycl::float4, 2, sycl::access_mode::read> A(In, H);
    sycl::accessor O(Out, H, sycl::write_only, sycl::no_init);
    const int W = int(Out.get_range()[1]), Ht = int(Out.get_range()[0]);
    H.parallel_for(Out.get_range(), [=](sycl::id<2> I) {
      const int X = int(I[1]), Y = int(I[0]);
      sycl::float4 Sum(0.0f);
      for (int DY = -R; DY <= R; ++DY)
        for (int DX = -R; DX <= R; ++DX)
          Sum += weight(DX, DY) *
                 A.read(sycl::int2(std::clamp(X + DX, 0, W - 1), std::clamp(Y + DY, 0, Ht - 1)));
      O[I] = Sum;
    });
  });
}

inline void over_buffer(sycl::queue &Q, sycl::buffer<sycl::float4, 2> &In,
                        sycl::buffer<sycl::float4, 2> &Out) {
  Q.submit([&](sycl::handler &H) {
    sycl::accessor A(In, H, sycl::read_only);
    sycl::accessor O(Out, H, sycl::write_only, sycl::no_init);
    const int W = int(In.get_range()[1]), Ht = int(In.get_range()[0]);
    H.parallel_for(Out.get_range(), [=](sycl::id<2> I) {
      const int X = int(I[1]), Y = int(I[0]);
      sycl::float4 Sum(0.0f);
      for (int DY = -R; DY <= R; ++DY)
        for (int DX = -R; DX <= R; ++DX)
          Sum += weight(DX, DY) * A[std::clamp(Y + DY, 0, Ht - 1)][std::clamp(X + DX, 0, W - 1)];
      O[I] = Sum;
    });
  });
}

} // namespace image_conv
