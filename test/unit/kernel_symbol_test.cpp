// kernel_symbol_test.cpp - the backend symbol rule of runtime/fatbin/kernel_symbol.h,
// shared by smcp-post-link and libsycl: short names stay, long ones become a
// stable, short hash symbol.
#include "kernel_symbol.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

using smcp::fatbin::kernelSymbol;
using smcp::fatbin::MaxKernelSymbolLength;

TEST(KernelSymbol, ShortNamesStay) {
  EXPECT_EQ(kernelSymbol("_ZTSZ4mainE7Squares"), "_ZTSZ4mainE7Squares");
  EXPECT_EQ(kernelSymbol(""), "");
  std::string AtLimit(MaxKernelSymbolLength, 'a');
  EXPECT_EQ(kernelSymbol(AtLimit), AtLimit);
}

TEST(KernelSymbol, LongNamesBecomeAHash) {
  std::string Long(MaxKernelSymbolLength + 1, 'a');
  std::string Symbol = kernelSymbol(Long);
  EXPECT_EQ(Symbol.size(), 8u + 16u);
  EXPECT_EQ(Symbol.rfind("_smcp_k_", 0), 0u);
  EXPECT_EQ(Symbol.find_first_not_of("0123456789abcdef", 8), std::string::npos);
}

TEST(KernelSymbol, IsStableAndTellsNamesApart) {
  std::string A(300, 'x'), B = A;
  B.back() = 'y';
  EXPECT_EQ(kernelSymbol(A), kernelSymbol(std::string(300, 'x')));
  EXPECT_NE(kernelSymbol(A), kernelSymbol(B));
}

TEST(KernelSymbol, IsFnv1a64) {
  // Published FNV-1a 64 test vectors: the rule must not drift between the
  // compiler that names images and the runtimes that read them.
  EXPECT_EQ(smcp::fatbin::fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(smcp::fatbin::fnv1a64("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(smcp::fatbin::fnv1a64("foobar"), 0x85944171f73967e8ull);
  std::string Long = std::string(MaxKernelSymbolLength, 'k') + "!";
  char Hex[17];
  std::snprintf(Hex, sizeof Hex, "%016llx", (unsigned long long)smcp::fatbin::fnv1a64(Long));
  EXPECT_EQ(kernelSymbol(Long), std::string("_smcp_k_") + Hex);
}

TEST(KernelSymbol, ATexturedVariantIsNamedAfterItsKernelsSymbol) {
  using smcp::fatbin::texturedVariantSymbol;
  EXPECT_EQ(texturedVariantSymbol("_ZTS1k"), "_ZTS1k_smcp_textured");
  std::string Long(MaxKernelSymbolLength + 1, 'a');
  EXPECT_EQ(texturedVariantSymbol(Long), kernelSymbol(Long) + "_smcp_textured");
}
