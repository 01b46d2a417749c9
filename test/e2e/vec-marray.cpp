// vec and marray in kernels: construction from scalars and other vecs,
// element-wise arithmetic with broadcasting, comparisons (-1 for true),
// conversions, as<>(), swizzle reads and writes, lo/hi/even/odd, and the
// size of vec<T, 3>.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %syclcc -O0 %s -o %t0 && %t0 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  static_assert(sizeof(sycl::float3) == 4 * sizeof(float));
  sycl::queue Q;
  float *F = sycl::malloc_shared<float>(16, Q);
  int *I = sycl::malloc_shared<int>(16, Q);
  Q.single_task([=] {
     sycl::float4 A(1.0f, 2.0f, 3.0f, 4.0f);
     sycl::float2 Two(5.0f, 6.0f);
     sycl::float4 B(Two, 7.0f, 8.0f); // mixed construction
     sycl::float4 C = A * B + 1.0f;
     C.xy() = C.yx();                 // swizzle write
     C.w() += 0.5f;
     F[0] = C.x();
     F[1] = C.y();
     F[2] = C.z();
     F[3] = C.w();
     sycl::float2 Lo = B.lo(), Hi = B.hi(), Even = B.even();
     F[4] = Lo.x() + Hi.y() + Even.y();
     sycl::int4 Cmp = A > sycl::float4(2.5f);
     I[0] = Cmp.x();
     I[1] = Cmp.w();
     sycl::int4 Conv = (A * 2.5f).convert<int>();
     I[2] = Conv.y() + Conv.w();
     sycl::int4 Bits = sycl::int4(0x0f0f, 0xff, 3, 8);
     sycl::int4 Shifted = (Bits << 1) | sycl::int4(1);
     I[3] = Shifted.x() + (Bits % 3).w() + (~Bits).z();
     sycl::uint2 Raw = sycl::float2(1.0f, 0.0f).as<sycl::uint2>();
     I[4] = int(Raw.x() == 0x3f800000u);
     sycl::marray<int, 5> M(1, 2, 3, 4, 5);
     sycl::marray<int, 5> N2 = M * M - 1;
     I[5] = N2[4] + N2[0];
     auto Eq = (M == sycl::marray<int, 5>(3));
     I[6] = Eq[2] && !Eq[1];
     // Math built-ins element by element, and geometric functions.
     sycl::float4 Sq = sycl::sqrt(sycl::float4(1.0f, 4.0f, 9.0f, 16.0f));
     sycl::float4 Cl = sycl::clamp(A, sycl::float4(1.5f), sycl::float4(3.5f));
     F[5] = Sq.x() + Sq.y() + Sq.z() + Sq.w() + Cl.x() + Cl.w();
     F[6] = sycl::dot(A, A) + sycl::length(sycl::float3(3.0f, 4.0f, 0.0f));
     sycl::float3 Cr = sycl::cross(sycl::float3(1.0f, 0.0f, 0.0f), sycl::float3(0.0f, 1.0f, 0.0f));
     F[7] = Cr.z() + sycl::fmax(sycl::marray<float, 2>(1.0f, 5.0f), sycl::marray<float, 2>(2.0f, 3.0f))[1];
     I[7] = sycl::max(sycl::int2(3, -7), sycl::int2(-3, 7)).y();
   }).wait();
  std::printf("vec: %.1f %.1f %.1f %.1f | %.1f\n", F[0], F[1], F[2], F[3], F[4]);
  // CHECK: vec: 13.0 6.0 22.0 33.5 | 20.0
  std::printf("ints: %d %d %d %d %d %d %d\n", I[0], I[1], I[2], I[3], I[4], I[5], I[6]);
  // CHECK: ints: 0 -1 15 7709 1 24 1
  std::printf("math: %.1f %.1f %.1f %d\n", F[5], F[6], F[7], I[7]);
  // CHECK: math: 15.0 35.0 6.0 7
  sycl::free(F, Q);
  sycl::free(I, Q);
}
