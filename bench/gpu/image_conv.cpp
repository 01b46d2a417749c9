// A 5x5 convolution of an N×N float4 image, clamped at the edges, two ways:
// through a sampled_image (clamp_to_edge, unnormalized coordinates, nearest
// filtering; on CUDA a texture object over the image's memory,
// image_conv_sampled_ms) and over a buffer with the indices clamped in the
// kernel (image_conv_buffer_ms). Baseline image_conv.cu: the same kernels
// through tex2D<float4> on a texture object over pitched cudaMalloc memory,
// and over a pointer. Dimension 1 is the fastest-varying one (x).
// Usage: image_conv [N, default 2048]. Prints "name value" lines (ms per
// convolution).
#include "gpubench.hpp"

#include <sycl/sycl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace sycl;
constexpr int R = 2;

constexpr float weight(int dx, int dy) {
  return float((3 - (dx < 0 ? -dx : dx)) * (3 - (dy < 0 ? -dy : dy))) / 81.0f;
}

int main(int argc, char **argv) {
  const int N = argc > 1 ? std::atoi(argv[1]) : 2048;
  queue Q{property::queue::in_order()};
  std::fprintf(stderr, "device: %s\n", Q.get_device().get_info<info::device::name>().c_str());
  std::vector<float4> Pixels(size_t(N) * N);
  for (int Y = 0; Y < N; ++Y)
    for (int X = 0; X < N; ++X)
      Pixels[size_t(Y) * N + X] = float4(X % 7, Y % 5, (X + Y) % 11, 1.0f);
  const image_sampler Edge{addressing_mode::clamp_to_edge,
                           coordinate_normalization_mode::unnormalized, filtering_mode::nearest};
  sampled_image<2> Image(Pixels.data(), image_format::r32g32b32a32_sfloat, Edge, range<2>(N, N));
  buffer<float4, 2> In(Pixels.data(), range<2>(N, N));
  buffer<float4, 2> OutS(range<2>(N, N)), OutB(range<2>(N, N));

  auto Sampled = [&] {
    Q.submit([&](handler &H) {
      sampled_image_accessor<float4, 2> A(Image, H);
      accessor O(OutS, H, write_only, no_init);
      H.parallel_for(range<2>(N, N), [=](id<2> I) {
        const float X = float(I[1]) + 0.5f, Y = float(I[0]) + 0.5f;
        float4 Sum(0.0f);
        for (int DY = -R; DY <= R; ++DY)
          for (int DX = -R; DX <= R; ++DX)
            Sum += weight(DX, DY) * A.read(float2(X + DX, Y + DY));
        O[I] = Sum;
      });
    });
  };
  auto Buffer = [&] {
    Q.submit([&](handler &H) {
      accessor A(In, H, read_only);
      accessor O(OutB, H, write_only, no_init);
      H.parallel_for(range<2>(N, N), [=](id<2> I) {
        const int X = int(I[1]), Y = int(I[0]);
        float4 Sum(0.0f);
        for (int DY = -R; DY <= R; ++DY)
          for (int DX = -R; DX <= R; ++DX)
            Sum += weight(DX, DY) * A[std::clamp(Y + DY, 0, N - 1)][std::clamp(X + DX, 0, N - 1)];
        O[I] = Sum;
      });
    });
  };
  auto Ms = [&](auto Submit) {
    return 1e3 * gpubench::per_iteration(5, 50, [&](int Iters) {
             for (int I = 0; I < Iters; ++I)
               Submit();
             Q.wait();
           });
  };
  const double SampledMs = Ms(Sampled), BufferMs = Ms(Buffer);
  host_accessor S(OutS), B(OutB);
  for (int Y = 0; Y < N; Y += 7)
    for (int X = 0; X < N; X += 3)
      for (int C = 0; C < 4; ++C)
        if (S[Y][X][C] != B[Y][X][C]) {
          std::fprintf(stderr, "image_conv: the two results differ at (%d, %d)\n", X, Y);
          return 1;
        }
  std::printf("image_conv_sampled_ms %.4f\nimage_conv_buffer_ms %.4f\n", SampledMs, BufferMs);
}
