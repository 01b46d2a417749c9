// Sampled images (SYCL 2020 4.7.3, 4.7.6.11, 4.7.8): every addressing mode
// with nearest and linear filtering, normalized and unnormalized coordinates,
// read in a kernel and compared with a reference written here from OpenCL 1.2
// 8.2 (which SYCL's samplers follow); the host_sampled_image_accessor
// agrees; 2-D and 3-D linear filtering; integer images sample the nearest
// texel.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"
#include "Inputs/samplers.hpp"

#include <cmath>
#include <vector>

using namespace sycl;

namespace {

constexpr int W = 5; // texels of the 1-D image

/// Red channel of texel i of the 1-D image; outside: the border colour's 0.
float texel(int i) { return i < 0 || i >= W ? 0.0f : float(1 + 10 * i); }

struct taps {
  int i0, i1;
  float a;
};

/// OpenCL 1.2 8.2: the texels a coordinate s reaches along an axis of n.
taps reference_taps(float s, int n, addressing_mode m, bool normalized, bool linear) {
  const float off = linear ? 0.5f : 0.0f;
  float u;
  if (m == addressing_mode::repeat) {
    u = (s - std::floor(s)) * n;
  } else if (m == addressing_mode::mirrored_repeat) {
    const float s2 = std::fabs(s - 2.0f * std::rint(0.5f * s));
    u = s2 * n;
  } else {
    u = normalized ? s * n : s;
  }
  int i0 = int(std::floor(u - off)), i1 = i0 + 1;
  const float a = (u - off) - std::floor(u - off);
  switch (m) {
  case addressing_mode::repeat:
    if (!linear)
      return {i0 > n - 1 ? i0 - n : i0, 0, 0.0f};
    return {i0 < 0 ? i0 + n : i0, i1 > n - 1 ? i1 - n : i1, a};
  case addressing_mode::mirrored_repeat:
    if (!linear)
      return {std::min(i0, n - 1), 0, 0.0f};
    return {std::max(i0, 0), std::min(i1, n - 1), a};
  case addressing_mode::clamp_to_edge:
    return {std::clamp(i0, 0, n - 1), std::clamp(i1, 0, n - 1), linear ? a : 0.0f};
  case addressing_mode::clamp:
    return {std::clamp(i0, -1, n), std::clamp(i1, -1, n), linear ? a : 0.0f};
  case addressing_mode::none:
    return {i0, i1, linear ? a : 0.0f};
  }
  return {0, 0, 0};
}

float reference_1d(float s, image_sampler smp) {
  const bool linear = smp.filtering == filtering_mode::linear;
  taps t = reference_taps(s, W, smp.addressing,
                          smp.coordinate == coordinate_normalization_mode::normalized, linear);
  return linear ? (1 - t.a) * texel(t.i0) + t.a * texel(t.i1) : texel(t.i0);
}

/// Coordinates where the mode's result is defined (none: every tap inside).
std::vector<float> coordinates(addressing_mode m, bool normalized, bool linear) {
  std::vector<float> all =
      normalized
          ? std::vector<float>{-0.63f, -0.1f, 0.0f, 0.13f, 0.5f, 0.74f, 0.99f, 1.0f, 1.37f, 2.21f}
          : std::vector<float>{-1.3f, -0.4f, 0.0f, 0.5f, 1.2f, 2.5f, 4.7f, 5.0f, 6.3f};
  if (m != addressing_mode::none)
    return all;
  std::vector<float> inside;
  for (float s : all) {
    const float u = normalized ? s * W : s;
    if (linear ? (u >= 0.5f && u <= W - 0.5f) : (u >= 0.0f && u < W))
      inside.push_back(s);
  }
  return inside;
}

void every_sampler_1d(queue &Q) {
  std::vector<float> data(4 * W, 0.5f);
  for (int i = 0; i < W; ++i)
    data[4 * i] = texel(i);
  int cases = 0, wrong = 0, host_disagrees = 0;
  for (const image_sampler &smp : every_sampler()) {
    const addressing_mode m = smp.addressing;
    const bool normalized = smp.coordinate == coordinate_normalization_mode::normalized;
    const bool linear = smp.filtering == filtering_mode::linear;
    const std::vector<float> s = coordinates(m, normalized, linear);
    sampled_image<1> img(data.data(), image_format::r32g32b32a32_sfloat, smp, range<1>(W));
    buffer<float> coords(s.data(), range<1>(s.size()));
    buffer<float4> out(range<1>(s.size()));
    Q.submit([&](handler &h) {
      sampled_image_accessor<float4, 1> acc(img, h);
      accessor c(coords, h, read_only);
      accessor o(out, h, write_only);
      h.parallel_for(range<1>(s.size()), [=](id<1> i) { o[i] = acc.read(c[i]); });
    });
    host_accessor o(out);
    host_sampled_image_accessor<float4, 1> host(img);
    for (size_t k = 0; k < s.size(); ++k) {
      ++cases;
      const float want = reference_1d(s[k], smp);
      if (std::fabs(o[k][0] - want) > 1e-4f * (1 + std::fabs(want))) {
        ++wrong;
        std::printf("mode %d normalized %d linear %d at %g: %g, want %g\n", int(m), normalized,
                    linear, s[k], o[k][0], want);
      }
      host_disagrees += std::fabs(host.read(s[k])[0] - o[k][0]) > 1e-5f;
    }
  }
  EXPECT(wrong == 0 && host_disagrees == 0 && cases > 100);
  std::printf("1-D samplers: %d cases, %d wrong, host accessor disagrees %d\n", cases, wrong,
              host_disagrees);
}

/// Linear filtering of a linear function gives the function itself, at the
/// coordinate less half a texel, anywhere inside the image.
void linear_2d_and_3d(queue &Q) {
  const image_sampler smp{addressing_mode::clamp_to_edge,
                          coordinate_normalization_mode::unnormalized, filtering_mode::linear};
  constexpr int X = 6, Y = 4, Z = 3;
  std::vector<float> vol(4 * X * Y * Z);
  for (int z = 0; z < Z; ++z)
    for (int y = 0; y < Y; ++y)
      for (int x = 0; x < X; ++x)
        vol[4 * ((z * Y + y) * X + x)] = float(x + 10 * y + 100 * z);
  sampled_image<3> img3(vol.data(), image_format::r32g32b32a32_sfloat, smp, range<3>(X, Y, Z));
  sampled_image<2> img2(vol.data(), image_format::r32g32b32a32_sfloat, smp, range<2>(X, Y));
  buffer<float> out(range<1>(2));
  Q.submit([&](handler &h) {
    sampled_image_accessor<float4, 3> a3(img3, h);
    sampled_image_accessor<float4, 2> a2(img2, h);
    accessor o(out, h, write_only);
    h.single_task([=] {
      o[0] = a3.read(float4(2.25f, 1.75f, 2.0f, 0.0f))[0];
      o[1] = a2.read(float2(4.5f, 3.125f))[0];
    });
  });
  host_accessor o(out);
  const float want3 = 1.75f + 10 * 1.25f + 100 * 1.5f, want2 = 4.0f + 10 * 2.625f;
  const bool ok = std::fabs(o[0] - want3) < 1e-3f && std::fabs(o[1] - want2) < 1e-3f;
  EXPECT(ok);
  std::printf("2-D and 3-D linear: %s\n", ok ? "ok" : "WRONG");
}

/// Integer images take the nearest texel even with a linear sampler.
void integer_images(queue &Q) {
  std::vector<int32_t> data = {1, 2, 3, 4, -5, -6, -7, -8};
  const image_sampler smp{addressing_mode::clamp_to_edge, coordinate_normalization_mode::normalized,
                          filtering_mode::linear};
  sampled_image<1> img(data.data(), image_format::r32b32g32a32_sint, smp, range<1>(2));
  buffer<int4> out(range<1>(2));
  Q.submit([&](handler &h) {
    sampled_image_accessor<int4, 1> acc(img, h);
    accessor o(out, h, write_only);
    h.single_task([=] {
      o[0] = acc.read(0.3f);
      o[1] = acc.read(0.9f);
    });
  });
  host_accessor o(out);
  const bool ok = o[0][0] == 1 && o[0][3] == 4 && o[1][0] == -5 && o[1][3] == -8;
  EXPECT(ok);
  std::printf("integer images: %s\n", ok ? "ok" : "WRONG");
}

} // namespace

int main() {
  queue Q;
  every_sampler_1d(Q);
  // CHECK: 1-D samplers: {{[0-9]+}} cases, 0 wrong, host accessor disagrees 0
  linear_2d_and_3d(Q);
  // CHECK: 2-D and 3-D linear: ok
  integer_images(Q);
  // CHECK: integer images: ok
  std::printf("failures: %d\n", expect_failures());
  // CHECK: failures: 0
  return expect_failures() != 0;
}
