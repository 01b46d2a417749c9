// Sampled reads of 2-D images (SYCL 2020 4.7.8) of rgba formats read as
// floats (float, unorm, half) and integers, through every sampler SYCL defines,
// at coordinates inside, on the edges and outside the image: the kernel agrees
// with the host_sampled_image_accessor, which images-sampled.cpp checks
// against OpenCL's rules. On CUDA these reads go through texture objects
// (runtime/core/texture_cache.h), in the kernels' textured variants, and the
// texture units' linear filtering weighs with 8-bit fractions, hence the
// tolerance of linear reads; elsewhere they run the host's code and agree
// exactly. On spir64 each program is specialized on the format and sampler
// of the accessor it reads (device-passes/LaunchConstants.cpp).
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %if target-spir64 %{ env SMCP_TRACE=1 SMCP_CACHE_DIR=off %t 2>&1 >/dev/null | FileCheck %s --check-prefix=SPIRV %}
// SPIRV: building image {{[0-9]+}} ({{[0-9]+}} bytes, {{[1-9]}} specialization constant value(s))
// RUN: %if cuda %{ env SMCP_TRACE=1 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=CUDA %}
// CUDA-NOT: sampled image read in code
// CUDA: its textured variant {{.*}}_smcp_textured
// CUDA: cuda.texture_create -> SMCP_SUCCESS
// CUDA-NOT: sampled image read in code
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"
#include "Inputs/samplers.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

using namespace sycl;

namespace {

constexpr int W = 16, H = 8;

/// Coordinates along an axis of n texels: inside at a quarter and three
/// quarters of a texel (clear of the nearest filter's boundaries), on the
/// edges, and outside. `none` takes only those whose taps stay inside.
std::vector<float> axis(int n, addressing_mode m, bool normalized, bool linear) {
  std::vector<float> u = {0.25f,  1.75f,     0.5f * n + 0.25f, n - 0.75f,       -0.75f,
                          -2.25f, n + 0.25f, n + 3.75f,        2.0f * n + 1.25f};
  std::vector<float> out;
  for (float x : u) {
    if (m == addressing_mode::none && (linear ? (x < 0.5f || x > n - 0.5f) : (x < 0 || x >= n)))
      continue;
    out.push_back(normalized ? x / float(n) : x);
  }
  return out;
}

/// Image bytes of W x H texels: channel c of texel (x, y) from a pattern
/// that makes neighbours differ.
template <typename T> std::vector<T> pattern(T lo, T hi) {
  std::vector<T> v(4 * W * H);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = T(lo + (hi - lo) * ((i * 37 + 11) % 101) / 100);
  return v;
}

/// Reads every coordinate pair of every sampler through a kernel and the host
/// accessor; returns the cases that differ by more than the tolerance.
template <typename DataT, typename T>
int compare(queue &Q, const char *name, image_format format, std::vector<T> texels, int &cases) {
  using E = typename DataT::element_type;
  int wrong = 0;
  for (const image_sampler &smp : every_sampler()) {
    const addressing_mode m = smp.addressing;
    const bool normalized = smp.coordinate == coordinate_normalization_mode::normalized;
    const bool linear = smp.filtering == filtering_mode::linear;
    std::vector<float2> at;
    for (float x : axis(W, m, normalized, linear))
      for (float y : axis(H, m, normalized, linear))
        at.push_back(float2(x, y));
    sampled_image<2> img(texels.data(), format, smp, range<2>(W, H));
    std::vector<DataT> got(at.size());
    {
      buffer<float2> coords(at.data(), range<1>(at.size()));
      buffer<DataT> out(got.data(), range<1>(at.size()));
      Q.submit([&](handler &h) {
        sampled_image_accessor<DataT, 2> acc(img, h);
        accessor c(coords, h, read_only);
        accessor o(out, h, write_only, no_init);
        h.parallel_for(range<1>(at.size()), [=](id<1> i) { o[i] = acc.read(c[i]); });
      });
    }
    host_sampled_image_accessor<DataT, 2> host(img);
    // Linear filtering on the GPU: weights of 8-bit fractions.
    const double tolerance = std::is_integral_v<E> ? 0.0 : linear ? 1.0 / 128 : 1e-6;
    for (size_t k = 0; k < at.size(); ++k) {
      const DataT want = host.read(at[k]);
      for (int c = 0; c < 4; ++c) {
        ++cases;
        const double d = std::fabs(double(got[k][c]) - double(want[c]));
        if (d > tolerance * (1 + std::fabs(double(want[c])))) {
          if (++wrong <= 5)
            std::printf("%s: mode %d normalized %d linear %d at (%g, %g) "
                        "channel %d: %g, "
                        "want %g\n",
                        name, int(m), normalized, linear, at[k][0], at[k][1], c, double(got[k][c]),
                        double(want[c]));
        }
      }
    }
  }
  return wrong;
}

} // namespace

int main() {
  queue Q;
  int cases = 0, wrong = 0;
  wrong += compare<float4>(Q, "rgba32f", image_format::r32g32b32a32_sfloat,
                           pattern<float>(-2.0f, 3.0f), cases);
  wrong += compare<float4>(Q, "rgba8 unorm", image_format::r8g8b8a8_unorm, pattern<uint8_t>(0, 255),
                           cases);
  wrong += compare<float4>(Q, "rgba16 unorm", image_format::r16g16b16a16_unorm,
                           pattern<uint16_t>(0, 65535), cases);
  wrong += compare<float4>(Q, "rgba16f", image_format::r16b16g16a16_sfloat,
                           pattern<uint16_t>(0x3800, 0x4400), cases); // 0.5 to 4.0
  wrong +=
      compare<uint4>(Q, "rgba8 uint", image_format::r8g8b8a8_uint, pattern<uint8_t>(0, 250), cases);
  wrong += compare<int4>(Q, "rgba32 sint", image_format::r32b32g32a32_sint,
                         pattern<int32_t>(-100000, 100000), cases);
  EXPECT(wrong == 0 && cases > 5000);
  std::printf("2-D sampled reads: %d cases, %d wrong\n", cases, wrong);
  // CHECK: 2-D sampled reads: {{[0-9]+}} cases, 0 wrong
  std::printf("failures: %d\n", expect_failures());
  // CHECK: failures: 0
  return expect_failures() != 0;
}
