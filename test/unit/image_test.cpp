// image_test.cpp - images on the host side: texel conversions against
// hand-computed encodings and the compiler's own binary16, the layouts the
// constructors make and refuse, and the data movement of image accessors
// (the rules of buffers: images are memory objects) on the recording adapter.
#include "accessor_kernels.h"
#include "recording_adapter.h"
#include "recording_gpu_test.h"

#include <sycl/image.hpp>
#include <sycl/queue.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cmath>
#include <cstring>
#include <thread>
#include <vector>

using namespace sycl;
using smcp::test::launch;
namespace rec = smcp::recording;

namespace {

detail::image_layout layout_of(image_channel_order o, image_channel_type t) {
  size_t range[3] = {1, 1, 1};
  return detail::make_image_layout({o, t}, 1, range, nullptr);
}

template <typename E> std::vector<unsigned char> encode(image_channel_order o, image_channel_type t,
                                                        E r, E g, E b, E a) {
  auto l = layout_of(o, t);
  std::vector<unsigned char> bytes(l.texel_bytes, 0xee);
  const E in[4] = {r, g, b, a};
  detail::encode_texel(bytes.data(), l, in);
  return bytes;
}

template <typename E> std::vector<E> decode(image_channel_order o, image_channel_type t,
                                            std::vector<unsigned char> bytes) {
  auto l = layout_of(o, t);
  std::vector<E> out(4);
  detail::decode_texel(bytes.data(), l, out.data());
  return out;
}

using bytes = std::vector<unsigned char>;
using O = image_channel_order;
using T = image_channel_type;

} // namespace

TEST(ImageTexels, HalfToFloatAgreesWithTheCompilerForEveryHalf) {
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    _Float16 h;
    uint16_t b = uint16_t(bits);
    std::memcpy(&h, &b, 2);
    const float want = float(h), got = detail::half_to_float(b);
    if (std::isnan(want))
      EXPECT_TRUE(std::isnan(got)) << bits;
    else
      ASSERT_EQ(std::memcmp(&want, &got, 4), 0) << "half bits " << bits;
  }
}

TEST(ImageTexels, FloatToHalfRoundsLikeTheCompiler) {
  // Every 4099th float, and the values around half's rounding boundaries.
  std::vector<uint32_t> samples;
  for (uint64_t bits = 0; bits <= 0xffffffffu; bits += 4099)
    samples.push_back(uint32_t(bits));
  for (float f : {65504.0f, 65519.99f, 65520.0f, 6.1035156e-05f, 5.9604645e-08f, 2.9802322e-08f,
                  2.9802326e-08f, 1.0009766f, 1.0004883f, 1.0014648f})
    for (float s : {f, -f}) {
      uint32_t b;
      std::memcpy(&b, &s, 4);
      samples.push_back(b);
    }
  for (uint32_t bits : samples) {
    float f;
    std::memcpy(&f, &bits, 4);
    const _Float16 h = _Float16(f);
    uint16_t want;
    std::memcpy(&want, &h, 2);
    const uint16_t got = detail::float_to_half(f);
    if (std::isnan(f))
      EXPECT_TRUE((got & 0x7c00) == 0x7c00 && (got & 0x3ff)) << bits;
    else
      ASSERT_EQ(got, want) << "float bits " << bits;
  }
}

TEST(ImageTexels, NormalizedWritesRoundToNearestEvenAndSaturate) {
  EXPECT_EQ(encode<float>(O::rgba, T::unorm_int8, 0.5f, 2.0f, -1.0f, 1.0f / 255),
            (bytes{128, 255, 0, 1}));
  EXPECT_EQ(encode<float>(O::rgba, T::snorm_int8, -1.0f, -2.0f, 0.5f, 1.0f),
            (bytes{0x81, 0x81, 64, 127}));
  // unorm_int16, little-endian: 0.5 * 65535 = 32767.5 rounds to 32768.
  EXPECT_EQ(encode<float>(O::r, T::unorm_int16, 0.5f, 0, 0, 0), (bytes{0x00, 0x80}));
}

TEST(ImageTexels, IntegerWritesSaturateToTheChannel) {
  EXPECT_EQ(encode<int32_t>(O::rgba, T::signed_int8, 300, -300, -5, 127), (bytes{127, 0x80, 0xfb, 127}));
  EXPECT_EQ(encode<uint32_t>(O::rg, T::unsigned_int16, 70000, 7, 0, 0),
            (bytes{0xff, 0xff, 7, 0}));
}

TEST(ImageTexels, ChannelOrdersPlaceAndFillChannels) {
  // bgra stores blue first; reads give r, g, b, a again.
  EXPECT_EQ(encode<float>(O::bgra, T::unorm_int8, 1.0f, 0.0f, 0.0f, 1.0f), (bytes{0, 0, 255, 255}));
  EXPECT_EQ(encode<float>(O::argb, T::unorm_int8, 1.0f, 0.0f, 0.0f, 0.5f), (bytes{128, 255, 0, 0}));
  EXPECT_EQ(encode<float>(O::abgr, T::unorm_int8, 1.0f, 0.0f, 0.0f, 0.0f), (bytes{0, 0, 0, 255}));
  EXPECT_EQ(decode<float>(O::bgra, T::unorm_int8, {0, 0, 255, 51}),
            (std::vector<float>{1.0f, 0.0f, 0.0f, 0.2f}));
  // Missing colour channels read 0, a missing alpha 1.
  EXPECT_EQ(decode<float>(O::r, T::unorm_int8, {255}), (std::vector<float>{1, 0, 0, 1}));
  EXPECT_EQ(decode<int32_t>(O::a, T::signed_int8, {0xfe}), (std::vector<int32_t>{0, 0, 0, -2}));
  EXPECT_EQ(decode<uint32_t>(O::rg, T::unsigned_int8, {3, 4}), (std::vector<uint32_t>{3, 4, 0, 1}));
  EXPECT_EQ(decode<float>(O::ra, T::unorm_int8, {255, 0}), (std::vector<float>{1, 0, 0, 0}));
  // intensity repeats its channel in all four, luminance in r, g, b.
  EXPECT_EQ(decode<float>(O::intensity, T::unorm_int8, {255}), (std::vector<float>{1, 1, 1, 1}));
  EXPECT_EQ(decode<float>(O::luminance, T::fp32, {0, 0, 0, 0x3f}),
            (std::vector<float>{0.5f, 0.5f, 0.5f, 1.0f}));
  // snorm's most negative code reads -1, not below.
  EXPECT_EQ(decode<float>(O::r, T::snorm_int8, {0x80})[0], -1.0f);
}

TEST(ImageTexels, BorderIsOpaqueBlackOnlyForOrdersWithoutAlphaOrPadding) {
  auto border_alpha = [](O o, T t) {
    auto l = layout_of(o, t);
    float out[4];
    detail::fetch_texel<float>(nullptr, l, -1, 0, 0, out);
    return out[3];
  };
  EXPECT_EQ(border_alpha(O::r, T::fp32), 1.0f);
  EXPECT_EQ(border_alpha(O::rg, T::fp32), 1.0f);
  EXPECT_EQ(border_alpha(O::rgb, T::unorm_short_565), 1.0f);
  EXPECT_EQ(border_alpha(O::luminance, T::fp32), 1.0f);
  EXPECT_EQ(border_alpha(O::rx, T::fp32), 0.0f);
  EXPECT_EQ(border_alpha(O::rgbx, T::unorm_short_565), 0.0f);
  EXPECT_EQ(border_alpha(O::intensity, T::fp32), 0.0f);
  EXPECT_EQ(border_alpha(O::bgra, T::unorm_int8), 0.0f);
}

TEST(ImageTexels, PackedFormatsUseTheirBitFields) {
  // 565: r 5 bits at 11, g 6 bits at 5, b 5 bits at 0 (0.5 * 63 = 31.5 -> 32).
  EXPECT_EQ(encode<float>(O::rgb, T::unorm_short_565, 1.0f, 0.5f, 0.0f, 0.0f),
            (bytes{0x00, 0xfc}));
  EXPECT_EQ(decode<float>(O::rgb, T::unorm_short_555, {0x1f, 0x7c}),
            (std::vector<float>{1.0f, 0.0f, 1.0f, 1.0f}));
  EXPECT_EQ(encode<float>(O::rgbx, T::unorm_int_101010, 0.0f, 0.0f, 1.0f, 0.0f),
            (bytes{0xff, 0x03, 0, 0}));
}

TEST(ImageLayouts, PitchesDefaultToTightRowsAndSlices) {
  size_t range[3] = {5, 3, 2};
  auto l = detail::make_image_layout({O::rgba, T::fp16}, 3, range, nullptr);
  EXPECT_EQ(l.texel_bytes, 8u);
  EXPECT_EQ(l.row_pitch, 40u);
  EXPECT_EQ(l.slice_pitch, 120u);
  size_t pitch[2] = {64, 256};
  l = detail::make_image_layout({O::rgba, T::fp16}, 3, range, pitch);
  EXPECT_EQ(l.offset(1, 2, 1), 256u + 2 * 64 + 8);
}

TEST(ImageLayouts, BadFormatsAndPitchesAreInvalid) {
  auto code = [](auto make) {
    try {
      make();
    } catch (const sycl::exception &e) {
      return e.code();
    }
    return std::error_code();
  };
  size_t dims[3] = {4, 4, 1};
  EXPECT_EQ(code([&] { detail::make_image_layout({O::rgba, T::unorm_short_565}, 2, dims, nullptr); }),
            make_error_code(errc::invalid));
  EXPECT_EQ(code([&] { detail::make_image_layout({O::intensity, T::signed_int8}, 2, dims, nullptr); }),
            make_error_code(errc::invalid));
  size_t narrow[1] = {15}; // 4 texels of 4 bytes
  EXPECT_EQ(code([&] { detail::make_image_layout({O::rgba, T::unorm_int8}, 2, dims, narrow); }),
            make_error_code(errc::invalid));
  size_t odd[1] = {36}; // wide enough, but not a multiple of the 8-byte texel
  EXPECT_EQ(code([&] { detail::make_image_layout({O::rgba, T::fp16}, 2, dims, odd); }),
            make_error_code(errc::invalid));
  size_t empty_row[3] = {4, 0, 1};
  EXPECT_EQ(code([&] { detail::make_image_layout({O::rgba, T::fp32}, 2, empty_row, nullptr); }),
            make_error_code(errc::invalid));
  EXPECT_EQ(code([] { unsampled_image<3>(image_format::r8g8b8a8_unorm, range<3>(2, 2, 0)); }),
            make_error_code(errc::invalid));
  EXPECT_EQ(code([] { unsampled_image<2>(image_format(99), range<2>(2, 2)); }),
            make_error_code(errc::invalid));
  EXPECT_EQ(code([] { image<1>(O::rgba, T::unorm_int8, range<1>(4)); }), std::error_code());
}

namespace {
class Images : public RecordingGpuTest {
protected:
  void SetUp() override {
    RecordingGpuTest::SetUp();
    rec::clear();
  }
  smcp::test::registered_blob blob{{"k1", "k2"}};
};
constexpr image_sampler nearest{addressing_mode::clamp, coordinate_normalization_mode::unnormalized,
                                filtering_mode::nearest};

/// Memory of objects that died with work done on them is freed on the
/// thread pool (mem_object.h), maybe after the test's last line (under
/// TSan, noticeably): waits up to tries x 10 ms for at most `n` live
/// allocations.
bool allocations_settle_to(size_t n, int tries = 500) {
  for (int i = 0; i < tries && rec::live_allocations() > n; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return rec::live_allocations() <= n;
}
} // namespace

TEST_F(Images, SampledImagesAreUploadedOnceAndNeverWrittenBack) {
  allocations_settle_to(0, 20); // earlier tests' objects, if they go soon
  const size_t before = rec::live_allocations();
  std::vector<float> texels(16 * 4, 1.0f);
  {
    sampled_image<2> img(texels.data(), image_format::r32g32b32a32_sfloat, nearest, range<2>(4, 4));
    for (const char *k : {"k1", "k2"})
      q->submit([&](handler &h) { launch(h, sampled_image_accessor<float4, 2>(img, h), k); });
    q->wait();
    EXPECT_EQ(rec::copies("host->device"), 1u);
  }
  EXPECT_EQ(rec::copies("device->host"), 0u);
  EXPECT_TRUE(allocations_settle_to(before)) << rec::live_allocations() << " live, " << before
                                             << " before the image";
}

TEST_F(Images, WrittenImagesGoBackToTheirHostMemoryUnlessTold) {
  std::vector<uint8_t> texels(8 * 4);
  {
    unsampled_image<1> img(texels.data(), image_format::r8g8b8a8_unorm, range<1>(8));
    q->submit([&](handler &h) {
      launch(h, unsampled_image_accessor<float4, 1, access_mode::write>(img, h), "k1");
    });
  }
  EXPECT_EQ(rec::copies("host->device"), 1u); // write keeps the texels it does not write
  EXPECT_EQ(rec::copies("device->host"), 1u);
  rec::clear();
  {
    unsampled_image<1> img(texels.data(), image_format::r8g8b8a8_unorm, range<1>(8));
    img.set_write_back(false);
    q->submit([&](handler &h) {
      launch(h, unsampled_image_accessor<float4, 1, access_mode::write>(img, h,
                                                                        {property::no_init{}}),
             "k1");
    });
  }
  EXPECT_EQ(rec::copies("host->device"), 0u);
  EXPECT_EQ(rec::copies("device->host"), 0u);
}

TEST_F(Images, HostAccessorsWaitForKernelsAndSeeTheirTexels) {
  unsampled_image<2> img(image_format::r32b32g32a32_sint, range<2>(2, 2));
  q->submit([&](handler &h) {
    launch(h, unsampled_image_accessor<int4, 2, access_mode::write>(img, h), "k1");
  });
  host_unsampled_image_accessor<int4, 2> acc(img);
  EXPECT_EQ(rec::copies("device->host"), 1u);
  acc.write(int2(1, 1), int4(1, 2, 3, 4));
  EXPECT_EQ(acc.read(int2(1, 1))[3], 4);
  EXPECT_EQ(acc.size(), 4u);
  // Outside the image: the border colour (this format has alpha: all zero).
  EXPECT_EQ(acc.read(int2(2, 0))[3], 0);
}

TEST_F(Images, ReadAccessorsConvertToConstTexelsAndHashByIdentity) {
  std::vector<float> texels(4 * 4, 0.25f);
  unsampled_image<1> img(texels.data(), image_format::r32g32b32a32_sfloat, range<1>(4));
  host_unsampled_image_accessor<float4, 1, access_mode::read> a(img);
  host_unsampled_image_accessor<const float4, 1, access_mode::read> c = a;
  EXPECT_EQ(c.read(2)[1], 0.25f);
  EXPECT_TRUE((c == host_unsampled_image_accessor<const float4, 1, access_mode::read>(a)));
  EXPECT_EQ(std::hash<decltype(c)>()(c), std::hash<decltype(a)>()(a));
  host_unsampled_image_accessor<float4, 1, access_mode::read> other(img);
  EXPECT_NE(std::hash<decltype(a)>()(a), std::hash<decltype(other)>()(other));
  sampler s1(coordinate_normalization_mode::normalized, addressing_mode::repeat, filtering_mode::linear);
  sampler s2 = s1;
  EXPECT_EQ(std::hash<sampler>()(s1), std::hash<sampler>()(s2));
}

namespace {
/// The texture word libsycl passed with a launch of a sampled image
/// accessor: the first 8 bytes of the value argument after its address.
uint64_t texture_word(const rec::launch &l) {
  uint64_t t = 0;
  std::memcpy(&t, l.value_args.at(1).data(), sizeof(t));
  return t;
}
} // namespace

TEST_F(Images, A2DSampledImageIsReadThroughOneTextureThatDiesBeforeItsMemory) {
  const image_sampler linear{addressing_mode::clamp, coordinate_normalization_mode::normalized,
                             filtering_mode::linear};
  std::vector<uint16_t> texels(64 * 8 * 4); // four 16-bit channels per texel
  {
    sampled_image<2> img(texels.data(), image_format::r16g16b16a16_unorm, linear, range<2>(64, 8));
    for (const char *k : {"k1", "k2", "k1"})
      q->submit([&](handler &h) { launch(h, sampled_image_accessor<float4, 2>(img, h), k); });
    q->wait();
    const auto made = rec::textures();
    ASSERT_EQ(made.size(), 1u); // one texture for every launch over the image
    const smcp_texture_desc &d = made[0].desc;
    EXPECT_EQ(d.channels, 4u);
    EXPECT_EQ(d.type, SMCP_TEXEL_UNORM_INT16);
    EXPECT_EQ(d.width, 64u);
    EXPECT_EQ(d.height, 8u);
    EXPECT_EQ(d.row_pitch, 64u * 8);
    EXPECT_EQ(d.addressing, SMCP_TEXTURE_CLAMP_TO_BORDER);
    EXPECT_TRUE(d.linear && d.normalized);
    const auto launches = rec::launches();
    ASSERT_EQ(launches.size(), 3u);
    for (const auto &l : launches) {
      EXPECT_EQ(l.pointer_args.at(0), d.base); // the texture reads the image's device memory
      EXPECT_EQ(texture_word(l), made[0].handle);
    }
    EXPECT_FALSE(made[0].released);
  }
  // The adapter aborts if the memory goes first.
  for (int i = 0; i < 500 && !rec::textures()[0].released; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_TRUE(rec::textures()[0].released);
}

TEST_F(Images, AKernelsTexturedVariantRunsWhereEverySampledAccessorHasATexture) {
  smcp::test::registered_blob variants{{"kt"}, {}, {"kt"}};
  std::vector<uint8_t> texels(16 * 8 * 4);
  sampled_image<2> img(texels.data(), image_format::r8g8b8a8_unorm, nearest, range<2>(16, 8));
  // The recording adapter refuses this row pitch (5 x 4 bytes).
  sampled_image<2> narrow(texels.data(), image_format::r8g8b8a8_unorm, nearest, range<2>(5, 4));
  q->submit([&](handler &h) { launch(h, sampled_image_accessor<float4, 2>(img, h), "kt"); });
  // A texture of unorm texels returns floats, not the int4 asked for.
  q->submit([&](handler &h) { launch(h, sampled_image_accessor<int4, 2>(img, h), "kt"); });
  q->submit([&](handler &h) { launch(h, sampled_image_accessor<float4, 2>(narrow, h), "kt"); });
  q->submit([&](handler &h) { launch(h, sampled_image_accessor<float4, 2>(img, h), "k1"); });
  q->wait();
  const auto launches = rec::launches();
  ASSERT_EQ(launches.size(), 4u);
  EXPECT_EQ(launches[0].kernel, "kt_smcp_textured");
  EXPECT_NE(texture_word(launches[0]), 0u);
  for (int i : {1, 2}) { // read in code: the kernel itself, told so
    EXPECT_EQ(launches[i].kernel, "kt") << "launch " << i;
    EXPECT_EQ(texture_word(launches[i]), 0u) << "launch " << i;
  }
  EXPECT_EQ(launches[3].kernel, "k1"); // a texture, but no variant to launch
  EXPECT_EQ(texture_word(launches[3]), texture_word(launches[0]));
}

TEST_F(Images, ATexturedVariantThatLaunchesSmallerGroupsThanItsKernelIsNotUsed) {
  smcp::test::registered_blob variants{{"greedy"}, {}, {"greedy"}};
  std::vector<uint8_t> texels(16 * 8 * 4);
  sampled_image<2> img(texels.data(), image_format::r8g8b8a8_unorm, nearest, range<2>(16, 8));
  q->submit([&](handler &h) { launch(h, sampled_image_accessor<float4, 2>(img, h), "greedy"); });
  q->wait();
  const auto launches = rec::launches();
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_EQ(launches[0].kernel, "greedy");
  EXPECT_NE(texture_word(launches[0]), 0u);
}

namespace {
/// Where an image accessor's layout lies in its value argument: after the
/// texture word and its padding.
constexpr uint32_t layout_in_argument = 16;
/// The launch constants LaunchConstantsPass gives a kernel reading one
/// image accessor: its format, texel size and sampler (SpecIds 4 to 7; the
/// image has no other constants).
smcp::test::kernel_launch_constants format_constants(const std::string &kernel) {
  std::vector<smcp::fatbin::LaunchConstant> words;
  uint32_t spec_id = 4;
  for (size_t field : {offsetof(detail::image_layout, order), offsetof(detail::image_layout, type),
                       offsetof(detail::image_layout, texel_bytes),
                       offsetof(detail::image_layout, sampler)})
    words.push_back({spec_id++, 1, layout_in_argument + uint32_t(field)});
  return {{kernel, words}};
}
uint32_t u32_of(const std::vector<unsigned char> &bytes) {
  uint32_t v = 0;
  EXPECT_EQ(bytes.size(), sizeof(v));
  std::memcpy(&v, bytes.data(), std::min(bytes.size(), sizeof(v)));
  return v;
}
} // namespace

TEST_F(Images, AKernelsProgramIsSpecializedOnTheFormatAndSamplerItsAccessorCarries) {
  smcp::test::registered_blob formats{{"kf"}, {}, {}, format_constants("kf")};
  std::vector<float> texels(16 * 8 * 4);
  sampled_image<2> rgba8(texels.data(), image_format::r8g8b8a8_unorm, nearest, range<2>(16, 8));
  sampled_image<2> rgba32(texels.data(), image_format::r32g32b32a32_sfloat, nearest,
                          range<2>(16, 8));
  for (auto *img : {&rgba8, &rgba8, &rgba32, &rgba8})
    q->submit([&](handler &h) { launch(h, sampled_image_accessor<float4, 2>(*img, h), "kf"); });
  q->wait();
  const auto launches = rec::launches();
  ASSERT_EQ(launches.size(), 4u);
  // The words named are the layout's: its width precedes them.
  int32_t width;
  std::memcpy(&width, launches[0].value_args.at(1).data() + layout_in_argument, sizeof(width));
  EXPECT_EQ(width, 16);
  const auto builds = rec::builds(); // one program per format, reused
  ASSERT_EQ(builds.size(), 2u);
  EXPECT_EQ(u32_of(builds[0].at(4)), uint32_t(image_channel_order::rgba));
  EXPECT_EQ(u32_of(builds[0].at(5)), uint32_t(image_channel_type::unorm_int8));
  EXPECT_EQ(u32_of(builds[0].at(6)), 4u);
  EXPECT_EQ(u32_of(builds[0].at(7)), detail::sampler_bits(addressing_mode::clamp,
                                                          filtering_mode::nearest,
                                                          coordinate_normalization_mode::unnormalized));
  EXPECT_EQ(u32_of(builds[1].at(5)), uint32_t(image_channel_type::fp32));
  EXPECT_EQ(u32_of(builds[1].at(6)), 16u);
}

TEST_F(Images, ALaunchConstantOutsideTheKernelsValueArgumentsOrSharingASpecIdIsABrokenImage) {
  // Parameter 0 is the accessor's address, not bytes of the functor; two
  // words cannot share one SpecId.
  smcp::test::registered_blob broken{
      {"kb", "kd"}, {}, {}, {{"kb", {{0, 0, 0}}}, {"kd", {{3, 1, 16}, {3, 1, 20}}}}};
  std::vector<float> texels(4 * 4 * 4);
  sampled_image<2> img(texels.data(), image_format::r32g32b32a32_sfloat, nearest, range<2>(4, 4));
  const std::pair<const char *, const char *> cases[] = {
      {"kb", "kernel 'kb': its device image is broken: launch constant 0 names bytes 0-3 of "
             "parameter 0"},
      {"kd", "kernel 'kd': its device image is broken: launch constant 3 shares its SpecId"}};
  for (const auto &c : cases) {
    const char *kernel = c.first, *message = c.second;
    try {
      q->submit([&](handler &h) { launch(h, sampled_image_accessor<float4, 2>(img, h), kernel); });
      ADD_FAILURE() << kernel << " launched";
    } catch (const sycl::exception &e) {
      EXPECT_EQ(e.code(), errc::kernel);
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(rec::count("enqueue_launch"), 0u);
}

TEST_F(Images, ImagesTheTextureHardwareDoesNotReadAreReadInCode) {
  std::vector<float> texels(4 * 5 * 4 * 3, 0.5f);
  // 3-D and 1-D images, and a swizzled 2-D one: no texture asked for.
  sampled_image<3> cube(texels.data(), image_format::r32g32b32a32_sfloat, nearest,
                        range<3>(4, 4, 2));
  sampled_image<1> line(texels.data(), image_format::r32g32b32a32_sfloat, nearest, range<1>(8));
  sampled_image<2> bgra(texels.data(), image_format::b8g8r8a8_unorm, nearest, range<2>(8, 4));
  // repeat without normalized coordinates is no SYCL sampler.
  const image_sampler repeat{addressing_mode::repeat, coordinate_normalization_mode::unnormalized,
                             filtering_mode::nearest};
  sampled_image<2> odd(texels.data(), image_format::r8g8b8a8_unorm, repeat, range<2>(8, 4));
  q->submit([&](handler &h) { launch(h, sampled_image_accessor<float4, 3>(cube, h), "k1"); });
  q->submit([&](handler &h) { launch(h, sampled_image_accessor<float4, 1>(line, h), "k1"); });
  q->submit([&](handler &h) { launch(h, sampled_image_accessor<float4, 2>(bgra, h), "k1"); });
  q->submit([&](handler &h) { launch(h, sampled_image_accessor<float4, 2>(odd, h), "k1"); });
  q->wait();
  EXPECT_EQ(rec::count("texture_create"), 0u);
  // A texture the adapter refuses (this row pitch, 5 x 4 bytes) is asked
  // for once per sampler; every launch then reads in code.
  unsampled_image<2> plain(texels.data(), image_format::r8g8b8a8_unorm, range<2>(5, 4));
  sampled_image<2> narrow(texels.data(), image_format::r8g8b8a8_unorm, nearest, range<2>(5, 4));
  for (int i = 0; i < 2; ++i)
    q->submit([&](handler &h) { launch(h, sampled_image_accessor<float4, 2>(narrow, h), "k2"); });
  q->submit([&](handler &h) {
    launch(h, unsampled_image_accessor<float4, 2, access_mode::read>(plain, h), "k1");
  });
  q->wait();
  EXPECT_EQ(rec::count("texture_create"), 2u);
  EXPECT_TRUE(rec::textures().empty());
  const auto launches = rec::launches();
  ASSERT_EQ(launches.size(), 7u);
  // The 2-D accessors' words say "read in code" (1-D and 3-D reads have
  // none).
  for (size_t i : {2, 3, 4, 5, 6})
    EXPECT_EQ(texture_word(launches[i]), 0u) << "launch " << i;
}

TEST_F(Images, A2DUnsampledReadIsATextureOfItsTexelsUnlessTheCommandGroupWritesTheImage) {
  std::vector<uint8_t> texels(16 * 8 * 4);
  unsampled_image<2> img(texels.data(), image_format::r8g8b8a8_unorm, range<2>(16, 8));
  using reader = unsampled_image_accessor<float4, 2, access_mode::read>;
  using writer = unsampled_image_accessor<float4, 2, access_mode::write>;
  q->submit([&](handler &h) { launch(h, reader(img, h), "k1"); });
  q->submit([&](handler &h) { launch(h, writer(img, h), "k2"); });
  q->submit([&](handler &h) {
    writer w(img, h); // written in the same command group: read in code
    launch(h, reader(img, h), "k1");
  });
  q->wait();
  const auto made = rec::textures();
  ASSERT_EQ(made.size(), 1u);
  // Texel (x, y) at (x + 0.5, y + 0.5), 0 outside: the texels as they are.
  EXPECT_EQ(made[0].desc.addressing, SMCP_TEXTURE_CLAMP_TO_BORDER);
  EXPECT_FALSE(made[0].desc.linear);
  EXPECT_FALSE(made[0].desc.normalized);
  EXPECT_EQ(made[0].desc.width, 16u);
  const auto launches = rec::launches();
  ASSERT_EQ(launches.size(), 3u);
  EXPECT_EQ(texture_word(launches[0]), made[0].handle);
  EXPECT_EQ(texture_word(launches[2]), 0u);
}
