// test_main.cpp - runs the tests against the adapter named at build time
// (SMCP_TEST_ADAPTER) unless SMCP_ADAPTERS already says otherwise.
#include <gtest/gtest.h>

#include <cstdlib>

int main(int argc, char **argv) {
  setenv("SMCP_ADAPTERS", SMCP_TEST_ADAPTER, /*overwrite=*/0);
  // The tests count the builds the adapter sees: no program from an earlier
  // run's cache (disk_cache_test.cpp tests the cache on folders of its own).
  setenv("SMCP_CACHE_DIR", "off", /*overwrite=*/1);
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
