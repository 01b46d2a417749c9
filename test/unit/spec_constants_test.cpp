// spec_constants_test.cpp - specialization-constant values: the value map's
// conversion to SpecId values (sizes, defaults, padding, unused constants),
// the cache key, and the program cache keyed on the values (the recording
// adapter counts builds).
#include "core/impl_access.h"
#include "core/launch_constants.h"
#include "core/spec_constants.h"
#include "fatbin.h"
#include "recording_adapter.h"
#include "test_images.h"
#include "spec_constants.h"

#include <sycl/kernel_bundle.hpp>
#include <sycl/queue.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

extern "C" void __smcp_register_images(const unsigned char *blob, size_t size);
extern "C" void __smcp_unregister_images(const unsigned char *blob);

using sycl::detail::image_spec_constants;
using sycl::detail::spec_cache_key;
using sycl::detail::spec_leaf_values;
using sycl::detail::spec_value_map;

namespace {

/// A padded struct { char; int; } with default {'a', 5}: SpecIds 3 and 4.
smcp::fatbin::SpecConstantDesc padded_desc() {
  smcp::fatbin::SpecConstantDesc d;
  d.SymbolicId = "tu____padded";
  d.Leaves = {{3, 0, 1}, {smcp::fatbin::PaddingSpecId, 1, 3}, {4, 4, 4}};
  d.Default = {'a', 0, 0, 0, 5, 0, 0, 0};
  return d;
}

smcp::fatbin::SpecConstantDesc int_desc(const std::string &id, uint32_t spec_id, int def) {
  smcp::fatbin::SpecConstantDesc d;
  d.SymbolicId = id;
  d.Leaves = {{spec_id, 0, 4}};
  d.Default.resize(4);
  std::memcpy(d.Default.data(), &def, 4);
  return d;
}

smcp::fatbin::DeviceImage image_with(std::vector<smcp::fatbin::SpecConstantDesc> descs,
                                     const std::string &kernel = "k") {
  smcp::fatbin::DeviceImage img;
  img.Format = smcp::fatbin::ImageFormat::SPIRV;
  img.Target = "spir64";
  img.Kernels = {kernel};
  img.Bytes.assign(kernel.begin(), kernel.end());
  for (const auto &d : descs)
    img.set(smcp::fatbin::SpecConstantsSet).Properties.push_back(smcp::fatbin::encodeSpecConstant(d));
  return img;
}

std::vector<unsigned char> bytes_of(const void *p, size_t n) {
  const auto *b = static_cast<const unsigned char *>(p);
  return {b, b + n};
}

} // namespace

TEST(SpecConstantProperty, RoundTrips) {
  auto d = padded_desc();
  smcp::fatbin::SpecConstantDesc back;
  std::string error;
  ASSERT_TRUE(smcp::fatbin::decodeSpecConstant(smcp::fatbin::encodeSpecConstant(d), back, error));
  EXPECT_EQ(back.SymbolicId, d.SymbolicId);
  ASSERT_EQ(back.Leaves.size(), 3u);
  EXPECT_EQ(back.Leaves[1].SpecId, smcp::fatbin::PaddingSpecId);
  EXPECT_EQ(back.Leaves[2].Offset, 4u);
  EXPECT_EQ(back.Default, d.Default);
}

TEST(SpecConstantProperty, MalformedLeafIsAnError) {
  auto d = int_desc("x", 0, 1);
  d.Leaves[0].Size = 8; // beyond the 4-byte default
  smcp::fatbin::SpecConstantDesc back;
  std::string error;
  EXPECT_FALSE(smcp::fatbin::decodeSpecConstant(smcp::fatbin::encodeSpecConstant(d), back, error));
  EXPECT_NE(error.find("outside its 4-byte default"), std::string::npos) << error;
}

TEST(SpecValues, LeavesSkipPaddingDefaultsAndUnusedIds) {
  auto img = image_spec_constants::parse(image_with({padded_desc(), int_desc("tu____w", 7, 9)}));
  spec_value_map values;
  values["tu____padded"] = {'b', 0xEE, 0xEE, 0xEE, 5, 0, 0, 0}; // padding bytes differ: ignored
  values["not_in_image"] = {1, 2, 3, 4};
  auto leaves = spec_leaf_values(img, values);
  ASSERT_EQ(leaves.size(), 1u); // the int leaf equals its default
  EXPECT_EQ(leaves[0].spec_id, 3u);
  EXPECT_EQ(leaves[0].bytes, std::vector<unsigned char>{'b'});

  int w = 11;
  values["tu____w"] = bytes_of(&w, 4);
  leaves = spec_leaf_values(img, values);
  ASSERT_EQ(leaves.size(), 2u);
  EXPECT_EQ(leaves[1].spec_id, 7u); // sorted by SpecId
}

TEST(SpecValues, CacheKeyDependsOnValuesOnly) {
  auto img = image_spec_constants::parse(image_with({int_desc("a", 0, 1), int_desc("b", 1, 2)}));
  int one = 1, five = 5, six = 6;
  spec_value_map none, defaults{{"a", bytes_of(&one, 4)}}, v5{{"a", bytes_of(&five, 4)}},
      v6{{"a", bytes_of(&six, 4)}}, b5{{"b", bytes_of(&five, 4)}};
  EXPECT_EQ(spec_cache_key(spec_leaf_values(img, none)), "");
  EXPECT_EQ(spec_cache_key(spec_leaf_values(img, defaults)), ""); // default = unset
  EXPECT_NE(spec_cache_key(spec_leaf_values(img, v5)), spec_cache_key(spec_leaf_values(img, v6)));
  EXPECT_NE(spec_cache_key(spec_leaf_values(img, v5)), spec_cache_key(spec_leaf_values(img, b5)));
  EXPECT_EQ(spec_cache_key(spec_leaf_values(img, v5)), spec_cache_key(spec_leaf_values(img, v5)));
}

// PTX images read their values from the spec-constant buffer: SpecId k in
// slot k, defaults where nothing is set; programs are built without values.
TEST(SpecValues, BufferHoldsDefaultsAndValuesBySlot) {
  smcp::fatbin::DeviceImage ptx = image_with({padded_desc(), int_desc("tu____w", 7, 9)});
  ptx.Format = smcp::fatbin::ImageFormat::PTX;
  auto img = image_spec_constants::parse(ptx);
  EXPECT_FALSE(img.native);
  int w = 11;
  spec_value_map values{{"tu____w", bytes_of(&w, 4)}};
  EXPECT_TRUE(sycl::detail::spec_build_values(img, values).empty());
  auto buffer = sycl::detail::spec_constant_buffer(img, spec_leaf_values(img, values));
  constexpr size_t slot = smcp::abi::spec_constant_slot;
  ASSERT_EQ(buffer.size(), 8 * slot); // SpecIds 3, 4 and 7
  EXPECT_EQ(buffer[3 * slot], 'a');    // defaults of the padded struct
  int leaf4 = 0, leaf7 = 0;
  std::memcpy(&leaf4, &buffer[4 * slot], 4);
  std::memcpy(&leaf7, &buffer[7 * slot], 4);
  EXPECT_EQ(leaf4, 5);
  EXPECT_EQ(leaf7, 11); // the value set
  EXPECT_FALSE(image_spec_constants::parse(image_with({int_desc("a", 0, 1)})).native == false);
}

TEST(SpecValues, WrongSizeIsInvalid) {
  auto img = image_spec_constants::parse(image_with({int_desc("a", 0, 1)}));
  spec_value_map values{{"a", {1, 2}}};
  try {
    spec_leaf_values(img, values);
    FAIL() << "no exception";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
  }
}

// Launch constants follow the image's own SpecIds (3 and 4 here), one each,
// and name words of by-value parameters; a launch adds its words' values.
TEST(LaunchConstants, FollowTheImagesSpecIdsAndAddTheLaunchsWords) {
  using smcp::fatbin::LaunchConstant;
  const std::vector<smcp::abi::kernel_param_desc> params{
      {smcp::abi::param_kind::pointer, 0, 0}, {smcp::abi::param_kind::std_layout, 8, 8}};
  auto with = [](std::vector<LaunchConstant> words) {
    auto img = image_with({padded_desc()}, "lc");
    img.PropertySets.push_back(smcp::fatbin::encodeLaunchConstants({{"lc", words}}));
    return img;
  };
  const auto spec = image_spec_constants::parse(image_with({padded_desc()}));
  const auto good = with({{6, 1, 4}, {5, 1, 0}});
  const auto words = sycl::detail::launch_constants_of(good, spec, "lc", params);
  ASSERT_EQ(words.size(), 2u);
  EXPECT_EQ(words[0].SpecId, 5u);
  const uint32_t functor[4] = {0, 0, 7, smcp::abi::launch_constant_unset};
  std::vector<sycl::detail::spec_leaf_value> leaves{{4, {1, 0, 0, 0}}};
  sycl::detail::add_launch_values(words, params, reinterpret_cast<const unsigned char *>(functor),
                                  leaves);
  ASSERT_EQ(leaves.size(), 2u); // the unset word adds nothing
  EXPECT_EQ(leaves[1].spec_id, 5u);
  EXPECT_EQ(leaves[1].bytes, bytes_of(&functor[2], 4));
  for (const auto &[bad, why] : std::vector<std::pair<std::vector<LaunchConstant>, std::string>>{
           {{{4, 1, 0}}, "launch constant 4 shares its SpecId"},
           {{{5, 1, 0}, {5, 1, 4}}, "launch constant 5 shares its SpecId"},
           {{{5, 1, 6}}, "launch constant 5 names bytes 6-9 of parameter 1"},
           {{{5, 2, 0}}, "launch constant 5 names bytes 0-3 of parameter 2"}}) {
    try {
      sycl::detail::launch_constants_of(with(bad), spec, "lc", params);
      ADD_FAILURE() << why;
    } catch (const sycl::exception &e) {
      EXPECT_EQ(e.code(), sycl::errc::kernel);
      EXPECT_NE(std::string(e.what()).find("kernel 'lc': its device image is broken: " + why),
                std::string::npos)
          << e.what();
    }
  }
}

namespace {

class SpecLaunch : public testing::Test {
protected:
  void SetUp() override {
    if (std::getenv("ONEAPI_DEVICE_SELECTOR"))
      GTEST_SKIP() << "runs without ONEAPI_DEVICE_SELECTOR";
    blob = test_fat_binary({image_with({int_desc("tu____w", 0, 7)}, "spec_k")});
    __smcp_register_images(blob.data(), blob.size());
    q = std::make_unique<sycl::queue>(sycl::gpu_selector_v);
    smcp::recording::clear();
  }
  void TearDown() override {
    if (!blob.empty())
      __smcp_unregister_images(blob.data());
  }
  /// A launch of spec_k with w set to value (or unset).
  void launch(const int *value) {
    static const smcp::detail::kernel_info info{"spec_k", 1};
    char functor = 0;
    q->submit([&](sycl::handler &h) {
       if (value) { // what handler::set_specialization_constant records
         const auto *bytes = reinterpret_cast<const unsigned char *>(value);
         sycl::detail::impl_access::impl(h)
             .spec_values[sycl::detail::spec_symbolic_id("tu", "w")]
             .assign(bytes, bytes + sizeof(int));
       }
       sycl::detail::header_access::launch(h, &info, &functor, 1, {});
     }).wait();
  }
  std::vector<uint8_t> blob;
  std::unique_ptr<sycl::queue> q;
};

} // namespace

TEST_F(SpecLaunch, SameValuesHitTheCacheNewValuesBuild) {
  int five = 5, six = 6, seven = 7;
  launch(nullptr);
  EXPECT_EQ(smcp::recording::count("program_create"), 1u);
  launch(&seven); // the default: the same program
  EXPECT_EQ(smcp::recording::count("program_create"), 1u);
  launch(&five);
  launch(&five);
  EXPECT_EQ(smcp::recording::count("program_create"), 2u);
  launch(&six);
  EXPECT_EQ(smcp::recording::count("program_create"), 3u);
  launch(&five); // re-used values: cached
  launch(nullptr);
  EXPECT_EQ(smcp::recording::count("program_create"), 3u);
}

// SC-13: the kernel's work-group size comes from the backend (the recording
// adapter answers 128, below its device's 256), and the bundle's images
// name the image that holds the kernel.
TEST_F(SpecLaunch, KernelInfoAsksTheAdapterAndImagesHoldTheKernel) {
  auto id = sycl::detail::header_access::make<sycl::kernel_id>("spec_k");
  auto exe = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q->get_context(), {id});
  sycl::kernel k = exe.get_kernel(id);
  EXPECT_EQ(k.get_info<sycl::info::kernel_device_specific::work_group_size>(q->get_device()), 128u);
  EXPECT_EQ(smcp::recording::count("kernel_get_info"), 1u);
  EXPECT_TRUE(k.get_kernel_bundle().has_kernel(id));
  EXPECT_TRUE(k.get_context() == q->get_context());
  EXPECT_TRUE(k == exe.get_kernel(id));
  size_t holding = 0;
  for (const auto &img : exe)
    holding += img.has_kernel(id) && img.has_kernel(id, q->get_device());
  EXPECT_EQ(holding, 1u);
}
