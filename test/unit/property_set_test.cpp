// Typed property sets (runtime/fatbin/property_set.h): they round-trip
// through the blob, and truncated or corrupt sets are errors that name the
// image, the set and the property - never a crash - in the blob parser and
// in the runtime, which raises them as sycl::exception at kernel lookup.
#include "fatbin.h"
#include "implicit_args.h"
#include "kernel_requirements.h"
#include "launch_constants.h"
#include "spec_constants.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace smcp::fatbin;

namespace {

DeviceImage sample_image() {
  DeviceImage img;
  img.Target = "spir64";
  img.Kernels = {"k"};
  img.Bytes = {1, 2, 3};
  PropertySet &set = img.set("test.set");
  set.Properties.push_back({"a", PropertyValue::u32(7)});
  set.Properties.push_back({"b", PropertyValue::u64(0x123456789abcull)});
  set.Properties.push_back({"c", PropertyValue::bytes({0, 255})});
  set.Properties.push_back({"d", PropertyValue::string("text")});
  set.Properties.push_back(
      {"e", PropertyValue::list({PropertyValue::u32(1), PropertyValue::list({})})});
  return img;
}

bool same(const PropertyValue &a, const PropertyValue &b) {
  if (a.Type != b.Type || a.Number != b.Number || a.Bytes != b.Bytes ||
      a.Items.size() != b.Items.size())
    return false;
  for (size_t i = 0; i < a.Items.size(); ++i)
    if (!same(a.Items[i], b.Items[i]))
      return false;
  return true;
}

/// The offset of the first byte of property `name`'s value in blob.
size_t value_offset(const std::vector<uint8_t> &blob, const std::string &name) {
  std::vector<uint8_t> key = {uint8_t(name.size()), 0, 0, 0};
  key.insert(key.end(), name.begin(), name.end());
  auto it = std::search(blob.begin(), blob.end(), key.begin(), key.end());
  return size_t(it - blob.begin()) + key.size();
}

std::string parse_error(const std::vector<uint8_t> &blob) {
  std::vector<DeviceImage> images;
  std::string error;
  EXPECT_FALSE(parseFatBinary(blob.data(), blob.size(), images, error));
  return error;
}

} // namespace

TEST(PropertySets, RoundTripThroughTheBlob) {
  DeviceImage img = sample_image();
  std::vector<uint8_t> blob = writeFatBinary({img});
  std::vector<DeviceImage> back;
  std::string error;
  ASSERT_TRUE(parseFatBinary(blob.data(), blob.size(), back, error)) << error;
  ASSERT_EQ(back.size(), 1u);
  const PropertySet *set = back[0].findSet("test.set");
  ASSERT_NE(set, nullptr);
  ASSERT_EQ(set->Properties.size(), img.PropertySets[0].Properties.size());
  for (size_t i = 0; i < set->Properties.size(); ++i) {
    EXPECT_EQ(set->Properties[i].Name, img.PropertySets[0].Properties[i].Name);
    EXPECT_TRUE(same(set->Properties[i].Value, img.PropertySets[0].Properties[i].Value)) << i;
  }
  EXPECT_EQ(back[0].Bytes, img.Bytes);
}

TEST(PropertySets, PrintsEveryType) {
  const DeviceImage img = sample_image();
  const PropertySet &set = img.PropertySets[0];
  EXPECT_EQ(printValue(set.Properties[0].Value), "u32 7");
  EXPECT_EQ(printValue(set.Properties[1].Value), "u64 20015998343868");
  EXPECT_EQ(printValue(set.Properties[2].Value), "bytes 00ff");
  EXPECT_EQ(printValue(set.Properties[3].Value), "string \"text\"");
  EXPECT_EQ(printValue(set.Properties[4].Value), "list(u32 1, list())");
}

TEST(PropertySets, EveryTruncationIsAnError) {
  std::vector<uint8_t> blob = writeFatBinary({sample_image()});
  for (size_t size = 0; size < blob.size(); ++size) {
    std::vector<DeviceImage> images;
    std::string error;
    EXPECT_FALSE(parseFatBinary(blob.data(), size, images, error)) << size;
    EXPECT_FALSE(error.empty()) << size;
  }
}

TEST(PropertySets, CorruptTypeNamesImageSetAndProperty) {
  std::vector<uint8_t> blob = writeFatBinary({sample_image()});
  blob[value_offset(blob, "c")] = 99; // the type of property "c"
  std::string error = parse_error(blob);
  EXPECT_NE(error.find("image 0 (spir64): property set 'test.set': property 'c': unknown "
                       "property type 99"),
            std::string::npos)
      << error;
}

TEST(PropertySets, HugeLengthsAreErrors) {
  std::vector<uint8_t> blob = writeFatBinary({sample_image()});
  const size_t e = value_offset(blob, "e");
  std::memset(&blob[e + 4], 0xff, 4); // the list's item count
  EXPECT_NE(parse_error(blob).find("property 'e': truncated"), std::string::npos);
  blob = writeFatBinary({sample_image()});
  std::memset(&blob[value_offset(blob, "c") + 4], 0xff, 4); // the bytes' length
  EXPECT_NE(parse_error(blob).find("property 'c': truncated"), std::string::npos);
}

TEST(PropertySets, DeepNestingIsAnError) {
  PropertyValue v = PropertyValue::u32(0);
  for (unsigned i = 0; i <= MaxListDepth; ++i)
    v = PropertyValue::list({v});
  DeviceImage img = sample_image();
  img.PropertySets[0].Properties.push_back({"deep", v});
  std::vector<uint8_t> blob = writeFatBinary({img});
  EXPECT_NE(parse_error(blob).find("nested deeper"), std::string::npos);
}

TEST(PropertySets, RequiredWorkGroupSizesRoundTrip) {
  DeviceImage img = sample_image();
  img.PropertySets.push_back(encodeKernelWorkGroupSizes({{"a", {8, 4}}, {"b", {}}}));
  std::vector<uint32_t> size;
  std::string error;
  ASSERT_TRUE(decodeKernelWorkGroupSize(img, "a", size, error)) << error;
  EXPECT_EQ(size, (std::vector<uint32_t>{8, 4}));
  ASSERT_TRUE(decodeKernelWorkGroupSize(img, "b", size, error)) << error;
  EXPECT_TRUE(size.empty()); // no attribute, no property
  EXPECT_EQ(img.findSet(KernelWorkGroupSizeSet)->Properties.size(), 1u);
}

TEST(PropertySets, KernelVariantsRoundTripAndABrokenOneNamesItsKernel) {
  DeviceImage img = sample_image();
  img.PropertySets.push_back(encodeKernelVariants({{"a", TexturedVariant}, {"b", 0}}));
  uint32_t bits = 7;
  std::string error;
  ASSERT_TRUE(decodeKernelVariants(img, "a", bits, error)) << error;
  EXPECT_EQ(bits, uint32_t(TexturedVariant));
  ASSERT_TRUE(decodeKernelVariants(img, "b", bits, error)) << error;
  EXPECT_EQ(bits, 0u); // no variant, no property
  EXPECT_EQ(img.findSet(KernelVariantsSet)->Properties.size(), 1u);
  img.set(KernelVariantsSet).Properties.push_back({"c", PropertyValue::list({})});
  EXPECT_FALSE(decodeKernelVariants(img, "c", bits, error));
  EXPECT_NE(error.find("set 'smcp.kernel_variants', kernel 'c': expected u32"), std::string::npos)
      << error;
}

TEST(PropertySets, LaunchConstantsRoundTripSortedAndMalformedOnesNameTheKernel) {
  DeviceImage img = sample_image();
  img.PropertySets.push_back(encodeLaunchConstants({{"a", {{9, 1, 40}, {8, 3, 28}}}, {"b", {}}}));
  std::vector<LaunchConstant> words{{1, 1, 1}};
  std::string error;
  ASSERT_TRUE(decodeLaunchConstants(img, "a", words, error)) << error;
  ASSERT_EQ(words.size(), 2u);
  EXPECT_EQ(words[0].SpecId, 8u); // sorted by SpecId
  EXPECT_EQ(words[0].Param, 3u);
  EXPECT_EQ(words[0].Offset, 28u);
  EXPECT_EQ(words[1].SpecId, 9u);
  ASSERT_TRUE(decodeLaunchConstants(img, "b", words, error)) << error;
  EXPECT_TRUE(words.empty()); // none, no property
  EXPECT_EQ(img.findSet(LaunchConstantsSet)->Properties.size(), 1u);
  const PropertyValue u = PropertyValue::u32(1),
                      unset = PropertyValue::u32(smcp::abi::launch_constant_unset);
  for (PropertyValue bad :
       {u, PropertyValue::list({}), PropertyValue::list({u}),
        PropertyValue::list({PropertyValue::list({u, u})}),
        PropertyValue::list({PropertyValue::list({u, PropertyValue::string("x"), u})}),
        PropertyValue::list({PropertyValue::list({unset, u, u})})}) {
    DeviceImage broken = sample_image();
    broken.set(LaunchConstantsSet).Properties.push_back({"k", bad});
    EXPECT_FALSE(decodeLaunchConstants(broken, "k", words, error)) << printValue(bad);
    EXPECT_NE(error.find("set 'smcp.launch_constants', kernel 'k'"), std::string::npos) << error;
  }
}

TEST(PropertySets, MalformedWorkGroupSizesNameTheKernel) {
  std::vector<uint32_t> size;
  std::string error;
  for (PropertyValue bad : {PropertyValue::u32(8), PropertyValue::list({}),
                            PropertyValue::list({PropertyValue::u32(0)}),
                            PropertyValue::list({PropertyValue::u32(1), PropertyValue::u32(1),
                                                 PropertyValue::u32(1), PropertyValue::u32(1)})}) {
    DeviceImage img = sample_image();
    img.set(KernelWorkGroupSizeSet).Properties.push_back({"k", bad});
    EXPECT_FALSE(decodeKernelWorkGroupSize(img, "k", size, error)) << printValue(bad);
    EXPECT_NE(error.find("set 'smcp.kernel_reqd_work_group_size', kernel 'k'"), std::string::npos)
        << error;
  }
}

TEST(PropertySets, WrongShapesAreErrorsOfTheirSet) {
  DeviceImage img = sample_image();
  img.set(KernelRequirementsSet).Properties.push_back({"k", PropertyValue::string("fp64")});
  uint32_t aspects;
  std::string error;
  EXPECT_FALSE(decodeKernelRequirements(img, "k", aspects, error));
  EXPECT_NE(error.find("set 'smcp.kernel_requirements', kernel 'k': expected u32"),
            std::string::npos)
      << error;

  SpecConstantDesc d;
  EXPECT_FALSE(decodeSpecConstant({"id", PropertyValue::list({PropertyValue::u32(1)})}, d, error));
  EXPECT_NE(error.find("spec constant 'id' default value: expected bytes"), std::string::npos)
      << error;
  EXPECT_FALSE(decodeSpecConstant(
      {"id", PropertyValue::list({PropertyValue::bytes({0, 0, 0, 0}), PropertyValue::u32(1)})},
      d, error));
  EXPECT_NE(error.find("leaf 0: expected list(u32 SpecId"), std::string::npos) << error;
}

TEST(ImplicitArgs, RoundTripAndBadKinds) {
  DeviceImage img = sample_image();
  img.PropertySets.push_back(encodeImplicitArgs(
      {{"k",
        {{smcp::abi::implicit_arg_kind::device_global, "g"},
         {smcp::abi::implicit_arg_kind::global_offset, ""}}}}));
  std::vector<KernelImplicitArgs> back;
  std::string error;
  ASSERT_TRUE(decodeImplicitArgs(img, back, error)) << error;
  ASSERT_EQ(back.size(), 1u);
  ASSERT_EQ(back[0].Args.size(), 2u);
  EXPECT_EQ(back[0].Args[0].Kind, smcp::abi::implicit_arg_kind::device_global);
  EXPECT_EQ(back[0].Args[0].Payload, "g");
  EXPECT_EQ(back[0].Args[1].Kind, smcp::abi::implicit_arg_kind::global_offset);

  img.PropertySets.back().Properties[0].Value.Items[1].Items[0] = PropertyValue::u32(77);
  EXPECT_FALSE(decodeImplicitArgs(img, back, error));
  EXPECT_NE(error.find("set 'smcp.implicit_args', kernel 'k' argument 1: expected list(u32 "
                       "kind, string payload) with a known kind, found list(u32 77"),
            std::string::npos)
      << error;
}
