// The ABI headers (include/sycl/detail/abi/): every encoder round-trips
// through its decoder, and malformed text is a clear error, never a crash.
#include <sycl/detail/abi/aspects.h>
#include <sycl/detail/abi/backends.h>
#include <sycl/detail/abi/hex.h>
#include <sycl/detail/abi/kernel_abi.h>

#include <gtest/gtest.h>

// Inside smcp, abi:: is smcp::abi (<cxxabi.h> has a global ::abi).
namespace smcp {
namespace {

abi::kernel_annotation sample_kernel() {
  return {"_ZTSZ4mainE3Add",
          80,
          {{abi::param_kind::accessor, abi::accessor_info(2014, 2), 0},
           {abi::param_kind::std_layout, 32, 8},
           {abi::param_kind::accessor, abi::accessor_info(abi::local_target, 1), 40},
           {abi::param_kind::pointer, 8, 48},
           {abi::param_kind::std_layout, 4, 72}}};
}

TEST(KernelAbi, AnnotationRoundTrips) {
  abi::kernel_annotation k = sample_kernel(), back;
  std::string text = abi::encode_kernel_annotation(k), error;
  EXPECT_EQ(text, "smcp.kernel _ZTSZ4mainE3Add 80 0:6110:0 1:32:8 0:4064:40 3:8:48 1:4:72");
  ASSERT_TRUE(abi::decode_kernel_annotation(text, back, error)) << error;
  EXPECT_EQ(back, k);
}

TEST(KernelAbi, AnnotationWithoutParameters) {
  abi::kernel_annotation k{"_ZTS5Empty", 1, {}}, back;
  std::string error;
  ASSERT_TRUE(abi::decode_kernel_annotation(abi::encode_kernel_annotation(k), back, error));
  EXPECT_EQ(back, k);
}

TEST(KernelAbi, MalformedAnnotationsAreErrors) {
  const char *bad[] = {"",
                       "smcp.kernel",
                       "smcp.kernel name",
                       "smcp.kernels name 8",
                       "smcp.kernel name eight",
                       "smcp.kernel name 8 1:4",
                       "smcp.kernel name 8 1:4:0:0",
                       "smcp.kernel name 8 9:4:0",
                       "smcp.kernel name 8 1:x:0",
                       "smcp.kernel name 8 1:4:-8",
                       "smcp.kernel name 8 1:99999999999:0",
                       "smcp.kernel name 99999999999999999999999"};
  for (const char *text : bad) {
    abi::kernel_annotation out;
    std::string error;
    EXPECT_FALSE(abi::decode_kernel_annotation(text, out, error)) << text;
    EXPECT_FALSE(error.empty()) << text;
  }
}

TEST(KernelAbi, HeaderEntriesRoundTrip) {
  for (const abi::kernel_param_desc &p : sample_kernel().params) {
    std::string text = abi::encode_header_param(p), error;
    abi::kernel_param_desc back{};
    ASSERT_TRUE(abi::decode_header_param(text, back, error)) << text << ": " << error;
    EXPECT_EQ(back, p);
  }
  EXPECT_EQ(abi::encode_header_param({abi::param_kind::std_layout, 4, 72}),
            "{param_kind(1), 4, 72}");
}

TEST(KernelAbi, MalformedHeaderEntriesAreErrors) {
  for (const char *text : {"", "{", "{param_kind(1), 4}", "{param_kind(7), 4, 0}",
                           "{param_kind(1),4,0}", "{param_kind(1), 4, 0", "param_kind(1), 4, 0}",
                           "{param_kind(), 4, 0}", "{param_kind(1), 4, 0, 1}"}) {
    abi::kernel_param_desc out{};
    std::string error;
    EXPECT_FALSE(abi::decode_header_param(text, out, error)) << text;
    EXPECT_FALSE(error.empty()) << text;
  }
}

TEST(KernelAbi, AccessorInfoWord) {
  const int info = abi::accessor_info(abi::local_target, 3);
  EXPECT_EQ(abi::accessor_target(info), abi::local_target);
  EXPECT_EQ(abi::accessor_dims(info), 3);
  EXPECT_TRUE(abi::is_local_accessor({abi::param_kind::accessor, info, 0}));
  EXPECT_FALSE(abi::is_local_accessor({abi::param_kind::accessor, abi::accessor_info(2014, 3), 0}));
  EXPECT_FALSE(abi::is_local_accessor({abi::param_kind::std_layout, info, 0}));
}

TEST(KernelAbi, KindNames) {
  EXPECT_STREQ(abi::param_kind_name(abi::param_kind::pointer), "pointer");
  EXPECT_STREQ(abi::param_kind_name(abi::param_kind(42)), "unknown");
}

TEST(Aspects, SetsRoundTrip) {
  for (uint32_t bits = 0; bits <= abi::all_aspect_bits; ++bits) {
    uint32_t back = ~0u;
    std::string error;
    ASSERT_TRUE(abi::decode_aspect_set(abi::encode_aspect_set(bits), back, error)) << error;
    EXPECT_EQ(back, bits);
  }
  EXPECT_EQ(abi::encode_aspect_set(abi::aspect_fp64 | abi::aspect_atomic64), "fp64,atomic64");
}

TEST(Aspects, UnknownAspectIsAnError) {
  uint32_t bits;
  std::string error;
  EXPECT_FALSE(abi::decode_aspect_set("fp64,quantum", bits, error));
  EXPECT_NE(error.find("quantum"), std::string::npos);
  EXPECT_EQ(abi::encode_aspect_set(16), "16"); // nothing is lost
}

TEST(Backends, NamesRoundTrip) {
  for (const abi::backend_info &b : abi::backends) {
    abi::backend_id id{};
    ASSERT_TRUE(abi::parse_backend_name(abi::backend_name(b.id), id));
    EXPECT_EQ(id, b.id);
  }
  abi::backend_id id{};
  EXPECT_FALSE(abi::parse_backend_name("hip", id));
  EXPECT_STREQ(abi::backend_name(abi::backend_id(9)), "unknown");
}

TEST(Hex, RoundTrips) {
  std::vector<uint8_t> bytes;
  for (int i = 0; i < 256; ++i)
    bytes.push_back(uint8_t(i));
  std::vector<uint8_t> back;
  std::string error;
  ASSERT_TRUE(abi::from_hex(abi::to_hex(bytes), back, error)) << error;
  EXPECT_EQ(back, bytes);
  EXPECT_EQ(abi::to_hex(0xcbf29ce484222325ull, 16), "cbf29ce484222325");
  ASSERT_TRUE(abi::from_hex("ABcd", back, error));
  EXPECT_EQ(back, (std::vector<uint8_t>{0xab, 0xcd}));
}

TEST(Hex, MalformedTextIsAnError) {
  std::vector<uint8_t> out;
  std::string error;
  EXPECT_FALSE(abi::from_hex("abc", out, error));
  EXPECT_NE(error.find("odd"), std::string::npos);
  EXPECT_FALSE(abi::from_hex("zz", out, error));
  EXPECT_NE(error.find("position 0"), std::string::npos);
}

} // namespace
} // namespace smcp
