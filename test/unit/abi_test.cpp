// The ABI headers (include/sycl/detail/abi/): every encoder round-trips
// through its decoder, and malformed text is a clear error, never a crash.
#include <sycl/detail/abi/aspects.h>
#include <sycl/detail/abi/backends.h>
#include <sycl/detail/abi/hex.h>
#include <sycl/detail/abi/kernel_abi.h>
#include <sycl/detail/kernel_desc.hpp>

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

/// The bytes of records as the host compile lays them out in its section
/// (sycl/detail/kernel_desc.hpp builds them with the same template).
template <size_t N> std::string record_bytes(uint32_t functor_size, const char (&name)[N]) {
  auto record = smcp::detail::make_kernel_use_record<N>(functor_size, name,
                                                        std::make_index_sequence<N>());
  return std::string(reinterpret_cast<const char *>(&record), sizeof(record));
}

TEST(KernelAbi, KernelUseRecordsDecode) {
  // Names of each length modulo 4 (padding of 0 to 3 bytes), and zero words
  // between records as a section's alignment may leave.
  std::string bytes = record_bytes(24, "_ZTS1a") + record_bytes(1, "_ZTS12") +
                      std::string(8, '\0') + record_bytes(80, "_ZTS123") +
                      record_bytes(16, "_ZTS1234");
  std::vector<abi::kernel_use> uses;
  std::string error;
  ASSERT_TRUE(abi::decode_kernel_uses(bytes, uses, error)) << error;
  ASSERT_EQ(uses.size(), 4u);
  EXPECT_EQ(uses[0].name, "_ZTS1a");
  EXPECT_EQ(uses[0].functor_size, 24u);
  EXPECT_EQ(uses[1].name, "_ZTS12");
  EXPECT_EQ(uses[2].name, "_ZTS123");
  EXPECT_EQ(uses[2].functor_size, 80u);
  EXPECT_EQ(uses[3].name, "_ZTS1234");
  EXPECT_EQ(sizeof(abi::kernel_use_record<9>) % 4, 0u);
}

TEST(KernelAbi, CutKernelUseRecordsAreErrors) {
  const std::string whole = record_bytes(24, "_ZTS1a");
  for (size_t cut = 1; cut < whole.size(); ++cut) {
    std::vector<abi::kernel_use> uses;
    std::string error;
    EXPECT_FALSE(abi::decode_kernel_uses(whole.substr(0, cut), uses, error)) << cut;
    EXPECT_FALSE(error.empty()) << cut;
  }
  std::string no_nul = whole;
  no_nul[8 + 6] = 'x'; // the name's NUL
  std::vector<abi::kernel_use> uses;
  std::string error;
  EXPECT_FALSE(abi::decode_kernel_uses(no_nul, uses, error));
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
