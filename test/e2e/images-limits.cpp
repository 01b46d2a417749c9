// The image limits a device reports are SMCP's own, on every backend: an image
// is a memory object its accessors read in code (or through CUDA textures over
// the same memory), so an axis may hold up to 2^31 - 1 texels within one
// allocation, and an image accessor is kernel argument bytes. Checked: every
// image query is answered (none raises feature_not_supported where aspect::image
// is claimed), meets the spec's minimum where the backend's kernel arguments
// allow, and a 1-D image wider than PoCL's own image limit (16384) works.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

using namespace sycl;
namespace di = sycl::info::device;

using read_accessor = unsampled_image_accessor<uint4, 2, access_mode::read>;

static void limits_are_smcps(const device &D) {
  EXPECT(D.has(aspect::image) && D.get_info<di::image_support>());
  const uint64_t axis = std::min<uint64_t>(INT32_MAX, D.get_info<di::max_mem_alloc_size>());
  for (size_t limit :
       {D.get_info<di::image2d_max_width>(), D.get_info<di::image2d_max_height>(),
        D.get_info<di::image3d_max_width>(), D.get_info<di::image3d_max_height>(),
        D.get_info<di::image3d_max_depth>(), D.get_info<di::image_max_buffer_size>()})
    EXPECT(limit == axis && limit >= 65536);

  const uint32_t reads = D.get_info<di::max_read_image_args>();
  EXPECT(reads >= 1 && reads == D.get_info<di::max_write_image_args>() &&
         reads == D.get_info<di::max_samplers>());
  const size_t parameters = D.get_info<di::max_parameter_size>();
  EXPECT(reads * sizeof(read_accessor) <= parameters &&
         (reads + 1) * sizeof(read_accessor) > parameters);
}

/// A 1-D rgba8 image of 17,500 texels (beyond PoCL's own 16384), written by a
/// kernel and checked on the host; the bytes past the last texel are never touched.
static void wide_image(queue &Q) {
  constexpr int Width = 70000; // bytes
  std::vector<uint8_t> bytes(Width + 16, 0xAB);
  {
    unsampled_image<1> img(bytes.data(), image_format::r8g8b8a8_uint, range<1>(Width / 4));
    Q.submit([&](handler &h) {
      unsampled_image_accessor<uint4, 1, access_mode::write> acc(img, h);
      h.parallel_for(range<1>(Width / 4), [=](id<1> i) {
        const unsigned x = unsigned(i[0]);
        acc.write(int(x), uint4(x & 255, (x >> 8) & 255, (x >> 16) & 255, 7));
      });
    });
  }
  int wrong = 0;
  for (int x = 0; x < Width / 4; ++x)
    wrong += bytes[4 * x] != (x & 255) || bytes[4 * x + 1] != ((x >> 8) & 255) ||
             bytes[4 * x + 2] != ((x >> 16) & 255) || bytes[4 * x + 3] != 7;
  for (int i = Width; i < Width + 16; ++i)
    wrong += bytes[i] != 0xAB;
  EXPECT(wrong == 0);
}

int main() {
  queue Q;
  limits_are_smcps(Q.get_device());
  for (const device &D : device::get_devices())
    limits_are_smcps(D);
  wide_image(Q);
  std::printf("failures: %d\n", expect_failures());
  // CHECK: failures: 0
  return expect_failures() != 0;
}
