// A 3x3 stencil through a sampled image (nvptx-sampled-image.test).
#include <sycl/sycl.hpp>

using namespace sycl;

void stencil(queue &Q, sampled_image<2> &Img, buffer<float4, 2> &Out) {
  Q.submit([&](handler &H) {
    sampled_image_accessor<float4, 2> A(Img, H);
    accessor O(Out, H, write_only);
    H.parallel_for<class stencil3x3>(Out.get_range(), [=](id<2> I) {
      float4 Sum(0.0f);
      for (int DY = -1; DY <= 1; ++DY)
        for (int DX = -1; DX <= 1; ++DX)
          Sum += float((2 - DX * DX) * (2 - DY * DY)) / 16.0f *
                 A.read(float2(I[1] + 0.5f + DX, I[0] + 0.5f + DY));
      O[I] = Sum;
    });
  });
}
