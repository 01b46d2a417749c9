// test_main.cpp - runs the tests against the adapter named at build time
// (SMCP_TEST_ADAPTER) unless SMCP_ADAPTERS already says otherwise.
#include <gtest/gtest.h>

#include <cstdlib>

int main(int argc, char **argv) {
  setenv("SMCP_ADAPTERS", SMCP_TEST_ADAPTER, /*overwrite=*/0);
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
