// The deprecated image class of SYCL 1.2.1 and its accessors (target::image,
// target::image_array, target::host_image) with the legacy sampler: every
// channel order, the packed channel types, reads with and without a sampler,
// writes, and layers of image arrays. Expected texels are written out by
// hand from OpenCL 1.2 5.3.1.1 and 8.3 (missing channels, channel orders,
// normalization).
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"

#include <cmath>
#include <cstring>
#include <vector>

using namespace sycl;

namespace {

using O = image_channel_order;
using T = image_channel_type;

/// Reads texel 1 of a 2-texel 1-D image (texel 0 is zeros) in a kernel.
template <typename DataT>
DataT read_texel(queue &Q, O order, T type, std::vector<unsigned char> texel) {
  std::vector<unsigned char> bytes(texel.size(), 0);
  bytes.insert(bytes.end(), texel.begin(), texel.end());
  image<1> img(static_cast<const void *>(bytes.data()), order, type, range<1>(2));
  buffer<DataT> out(range<1>(1));
  Q.submit([&](handler &h) {
    accessor<DataT, 1, access_mode::read, target::image> acc(img, h);
    accessor o(out, h, write_only);
    h.single_task([=] { o[0] = acc.read(1); });
  });
  return host_accessor(out)[0];
}

template <typename DataT> bool equal(const DataT &A, const DataT &B) {
  for (int C = 0; C < 4; ++C)
    if (A[C] != B[C])
      return false;
  return true;
}

template <typename DataT>
void check(queue &Q, const char *what, O order, T type, std::vector<unsigned char> texel,
           DataT want) {
  const DataT got = read_texel<DataT>(Q, order, type, std::move(texel));
  if (!equal(got, want))
    std::printf("%s: read (%g, %g, %g, %g)\n", what, double(got[0]), double(got[1]),
                double(got[2]), double(got[3]));
  EXPECT(equal(got, want));
}

std::vector<unsigned char> bytes_of(std::initializer_list<float> values) {
  std::vector<unsigned char> b(values.size() * 4);
  std::memcpy(b.data(), values.begin(), b.size());
  return b;
}

void channel_orders_and_types(queue &Q) {
  check(Q, "r unorm8", O::r, T::unorm_int8, {51}, float4(0.2f, 0, 0, 1));
  check(Q, "a fp32", O::a, T::fp32, bytes_of({2.5f}), float4(0, 0, 0, 2.5f));
  check(Q, "rg sint16", O::rg, T::signed_int16, {0xff, 0xff, 5, 0}, int4(-1, 5, 0, 1));
  check(Q, "ra fp32", O::ra, T::fp32, bytes_of({1.5f, -2.0f}), float4(1.5f, 0, 0, -2.0f));
  check(Q, "rx uint32", O::rx, T::unsigned_int32, {7, 0, 0, 0, 9, 0, 0, 0}, uint4(7, 0, 0, 1));
  check(Q, "rgb 565", O::rgb, T::unorm_short_565, {0xe0, 0x07}, float4(0, 1, 0, 1));
  check(Q, "rgbx 101010", O::rgbx, T::unorm_int_101010, {0, 0, 0xf0, 0x3f}, float4(1, 0, 0, 1));
  check(Q, "argb uint8", O::argb, T::unsigned_int8, {4, 1, 2, 3}, uint4(1, 2, 3, 4));
  check(Q, "bgra sint8", O::bgra, T::signed_int8, {3, 2, 0xff, 4}, int4(-1, 2, 3, 4));
  check(Q, "abgr snorm8", O::abgr, T::snorm_int8, {127, 0x81, 0, 127}, float4(1, 0, -1, 1));
  check(Q, "intensity unorm16", O::intensity, T::unorm_int16, {0xff, 0xff}, float4(1, 1, 1, 1));
  check(Q, "luminance fp16", O::luminance, T::fp16, {0x00, 0x38}, float4(0.5f, 0.5f, 0.5f, 1));
  check(Q, "rgba snorm16", O::rgba, T::snorm_int16, {0xff, 0x7f, 0x00, 0x80, 0, 0, 0, 0},
        float4(1, -1, 0, 0));
  std::printf("channel orders: %d failures\n", expect_failures());
}

/// Writes through target::image (write and discard_write) and a host_image
/// accessor reading them.
void writes_and_host_access(queue &Q) {
  std::vector<uint16_t> texels(3, 0x1234);
  {
    image<1> img(texels.data(), O::rgb, T::unorm_short_565, range<1>(3));
    Q.submit([&](handler &h) {
      auto acc = img.get_access<float4, access_mode::write>(h);
      h.single_task([=] { acc.write(1, float4(1.0f, 0.5f, 0.0f, 1.0f)); });
    });
    auto host = img.get_access<float4, access_mode::read>();
    const float4 v = host.read(1);
    EXPECT(v[0] == 1.0f && std::fabs(v[1] - 32.0f / 63) < 1e-6f && v[2] == 0.0f);
  }
  EXPECT(texels[0] == 0x1234 && texels[1] == 0xfc00 && texels[2] == 0x1234);
  std::vector<int32_t> whole(2 * 4, -1);
  {
    image<2> img(whole.data(), O::rgba, T::signed_int32, range<2>(1, 2));
    Q.submit([&](handler &h) {
      accessor<int4, 2, access_mode::discard_write, target::image> acc(img, h);
      h.parallel_for(range<1>(2), [=](id<1> y) { acc.write(int2(0, int(y[0])), int4(int(y[0]))); });
    });
  }
  EXPECT(whole[0] == 0 && whole[7] == 1);
  std::printf("writes: %s\n", texels[1] == 0xfc00 && whole[7] == 1 ? "ok" : "WRONG");
}

/// read(coords, sampler): float coordinates through a linear, normalized
/// sampler, integer ones through an unnormalized, nearest one; the sampler
/// is captured by the kernel as plain data.
void reads_with_samplers(queue &Q) {
  std::vector<float> texels = {0, 1, 2, 3}; // r of (x, y) is x + 2y
  image<2> img(texels.data(), O::r, T::fp32, range<2>(2, 2));
  sampler linear(coordinate_normalization_mode::normalized, addressing_mode::clamp_to_edge,
                 filtering_mode::linear);
  sampler nearest(coordinate_normalization_mode::unnormalized, addressing_mode::none,
                  filtering_mode::nearest);
  EXPECT(linear.get_filtering_mode() == filtering_mode::linear &&
         nearest.get_coordinate_normalization_mode() ==
             coordinate_normalization_mode::unnormalized &&
         nearest.get_addressing_mode() == addressing_mode::none && !(linear == nearest));
  buffer<float> out(range<1>(2));
  Q.submit([&](handler &h) {
    auto acc = img.get_access<float4, access_mode::read>(h);
    accessor o(out, h, write_only);
    h.single_task([=] {
      o[0] = acc.read(float2(0.5f, 0.5f), linear)[0];
      o[1] = acc.read(int2(1, 1), nearest)[0];
    });
  });
  host_accessor o(out);
  EXPECT(o[0] == 1.5f && o[1] == 3.0f);
  std::printf("samplers: %s\n", o[0] == 1.5f && o[1] == 3.0f ? "ok" : "WRONG");
}

/// Image arrays: layers of a 2-D image as 1-D images, of a 3-D image as
/// 2-D images; reads, sampled reads and writes of one layer.
void image_arrays(queue &Q) {
  std::vector<float> rows(4 * 3 * 2); // 3 texels x 2 layers, r = x + 10 * layer
  for (int l = 0; l < 2; ++l)
    for (int x = 0; x < 3; ++x)
      rows[4 * (l * 3 + x)] = float(x + 10 * l);
  std::vector<float> slices(4 * 2 * 2 * 2, 0.0f);
  buffer<float> out(range<1>(3));
  {
    image<2> lines(rows.data(), O::rgba, T::fp32, range<2>(3, 2));
    image<3> planes(slices.data(), O::rgba, T::fp32, range<3>(2, 2, 2));
    sampler smp(coordinate_normalization_mode::unnormalized, addressing_mode::clamp_to_edge,
                filtering_mode::linear);
    Q.submit([&](handler &h) {
      accessor<float4, 1, access_mode::read, target::image_array> acc(lines, h);
      accessor<float4, 2, access_mode::write, target::image_array> planes_acc(planes, h);
      accessor o(out, h, write_only);
      h.single_task([=] {
        o[0] = acc[1].read(2)[0];
        o[1] = acc[1].read(2.0f, smp)[0];
        o[2] = float(acc.get_range()[1]);
        planes_acc[1].write(int2(1, 0), float4(7.0f));
      });
    });
  }
  host_accessor o(out);
  const float layer1_texel = slices[4 * (1 * 4 + 0 * 2 + 1)];
  const bool ok = o[0] == 12.0f && o[1] == 11.5f && o[2] == 2.0f && layer1_texel == 7.0f;
  EXPECT(ok);
  std::printf("image arrays: %s\n", ok ? "ok" : "WRONG");
}

} // namespace

int main() {
  queue Q;
  channel_orders_and_types(Q);
  // CHECK: channel orders: 0 failures
  writes_and_host_access(Q);
  // CHECK: writes: ok
  reads_with_samplers(Q);
  // CHECK: samplers: ok
  image_arrays(Q);
  // CHECK: image arrays: ok
  std::printf("failures: %d\n", expect_failures());
  // CHECK: failures: 0
  return expect_failures() != 0;
}
