// EXPECT(cond) for e2e tests that check many values: prints each failed
// condition with its line and counts it; the test prints expect_failures()
// for FileCheck and returns non-zero when any failed.
#pragma once

#include <cstdio>

inline int &expect_failures() {
  static int Failures = 0;
  return Failures;
}

#define EXPECT(C)                                                                                  \
  do {                                                                                             \
    if (!(C)) {                                                                                    \
      std::printf("FAILED line %d: %s\n", __LINE__, #C);                                           \
      ++expect_failures();                                                                         \
    }                                                                                              \
  } while (0)
