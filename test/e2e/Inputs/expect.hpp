// EXPECT(cond) for e2e programs that check many values: prints each failed
// condition with its line and counts it in Failures; the program prints the
// count at the end for FileCheck.
#pragma once
#include <cstdio>

inline int Failures = 0;
#define EXPECT(Cond)                                                                               \
  do {                                                                                             \
    if (!(Cond)) {                                                                                 \
      std::printf("FAILED: %s (line %d)\n", #Cond, __LINE__);                                      \
      ++Failures;                                                                                  \
    }                                                                                              \
  } while (0)
