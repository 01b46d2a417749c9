// The 5x5 convolution of ../image_conv.hpp on an N×N float4 image, three ways:
// through a sampled_image and through an unsampled_image (on CUDA a texture
// object over the image's memory, image_conv_sampled_ms and
// image_conv_unsampled_ms) and over a buffer (image_conv_buffer_ms). Baseline
// image_conv.cu: the same kernels through tex2D<float4> on a texture object
// over pitched cudaMalloc memory, and over a pointer.
// Usage: image_conv [N, default 2048]. Prints "name value" lines (ms per
// convolution).
#include "../image_conv.hpp"
#include "gpubench.hpp"

#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace sycl;

int main(int argc, char **argv) {
  const int N = argc > 1 ? std::atoi(argv[1]) : 2048;
  queue Q{property::queue::in_order()};
  std::fprintf(stderr, "device: %s\n", Q.get_device().get_info<info::device::name>().c_str());
  std::vector<float4> Pixels(size_t(N) * N);
  for (int Y = 0; Y < N; ++Y)
    for (int X = 0; X < N; ++X)
      Pixels[size_t(Y) * N + X] = image_conv::pixel(X, Y);
  sampled_image<2> Image(Pixels.data(), image_format::r32g32b32a32_sfloat, image_conv::edge,
                         range<2>(N, N));
  unsampled_image<2> Unsampled(Pixels.data(), image_format::r32g32b32a32_sfloat, range<2>(N, N));
  buffer<float4, 2> In(Pixels.data(), range<2>(N, N));
  buffer<float4, 2> OutS(range<2>(N, N)), OutU(range<2>(N, N)), OutB(range<2>(N, N));

  auto Sampled = [&] { image_conv::through_sampled_image(Q, Image, OutS); };
  auto UnsampledRead = [&] { image_conv::through_unsampled_image(Q, Unsampled, OutU); };
  auto Buffer = [&] { image_conv::over_buffer(Q, In, OutB); };
  auto Ms = [&](auto Submit) {
    return 1e3 * gpubench::per_iteration(5, 50, [&](int Iters) {
             for (int I = 0; I < Iters; ++I)
               Submit();
             Q.wait();
           });
  };
  const double SampledMs = Ms(Sampled), UnsampledMs = Ms(UnsampledRead), BufferMs = Ms(Buffer);
  host_accessor S(OutS), U(OutU), B(OutB);
  for (int Y = 0; Y < N; Y += 7)
    for (int X = 0; X < N; X += 3)
      for (int C = 0; C < 4; ++C)
        if (S[Y][X][C] != B[Y][X][C] || U[Y][X][C] != B[Y][X][C]) {
          std::fprintf(stderr, "image_conv: the results differ at (%d, %d)\n", X, Y);
          return 1;
        }
  std::printf("image_conv_sampled_ms %.4f\nimage_conv_unsampled_ms %.4f\nimage_conv_buffer_ms %.4f\n",
              SampledMs, UnsampledMs, BufferMs);
}
