// The persistent program cache (SMCP_CACHE_DIR): the first run builds the
// program and stores the backend's native binary, the second builds nothing
// and loads it; an entry flipped, truncated, replaced by garbage or carrying
// another program's key is ignored with its reason and rebuilt, and the
// program still computes the right result; SMCP_CACHE_DIR=off builds every
// time and writes nothing; six processes at once share an empty folder.
// CUDA keeps its own JIT cache (the adapter says
// "unsupported"), so the test runs where the adapter has native binaries.
// UNSUPPORTED: cuda
// RUN: %syclcc -O2 %s -o %t
// RUN: rm -rf %t.cache
// RUN: env SMCP_CACHE_DIR=%t.cache SMCP_TRACE=1 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,FIRST
// RUN: env SMCP_CACHE_DIR=%t.cache SMCP_TRACE=1 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,CACHED
// RUN: python3 %S/Inputs/damage_cache.py flip %t.cache
// RUN: env SMCP_CACHE_DIR=%t.cache SMCP_TRACE=1 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,DAMAGED -DWHY="payload checksum mismatch"
// RUN: env SMCP_CACHE_DIR=%t.cache SMCP_TRACE=1 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,CACHED
// RUN: python3 %S/Inputs/damage_cache.py truncate %t.cache
// RUN: env SMCP_CACHE_DIR=%t.cache SMCP_TRACE=1 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,DAMAGED -DWHY=truncated
// RUN: python3 %S/Inputs/damage_cache.py garbage %t.cache
// RUN: env SMCP_CACHE_DIR=%t.cache SMCP_TRACE=1 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,DAMAGED -DWHY="not a program cache entry (bad magic)"
// RUN: python3 %S/Inputs/damage_cache.py foreign %t.cache
// RUN: env SMCP_CACHE_DIR=%t.cache SMCP_TRACE=1 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,DAMAGED -DWHY="the entry of another program (key mismatch)"
// RUN: env SMCP_CACHE_DIR=%t.cache SMCP_TRACE=1 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,CACHED
// An unwritable folder: the program runs, built, and says why nothing is stored.
// RUN: rm -rf %t.file && touch %t.file
// RUN: env SMCP_CACHE_DIR=%t.file/sub SMCP_TRACE=1 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,UNWRITABLE
// RUN: env SMCP_CACHE_DIR=off SMCP_TRACE=1 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,OFF
// Six processes at once on an empty folder: each runs right, and the folder
// ends with one whole entry (writers rename their own temporary files).
// RUN: rm -rf %t.par %t.out && mkdir %t.out
// RUN: sh -c 'for i in 1 2 3 4 5 6; do SMCP_CACHE_DIR=%t.par %t > %t.out/$i & done; wait'
// RUN: cat %t.out/* | FileCheck %s --check-prefix=PARALLEL
// RUN: ls -a %t.par | FileCheck %s --check-prefix=FOLDER
// RUN: env SMCP_CACHE_DIR=%t.par SMCP_TRACE=1 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,CACHED
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  sycl::queue q;
  constexpr int n = 256;
  int *data = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] = int(i[0]) * 3 + 1; }).wait();
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += data[i] != i * 3 + 1;
  std::printf("wrong elements: %d\n", wrong);
  sycl::free(data, q);
  return wrong != 0;
}

// FIRST: program cache: no entry {{.*}}.bin
// FIRST: building image
// FIRST: program cache: stored {{.*}}.bin
// CACHED-NOT: building image
// CACHED: loaded from cache
// CACHED-NOT: building image
// CACHED-NOT: .program_create ->
// DAMAGED: program cache: entry {{.*}}.bin ignored: [[WHY]]
// DAMAGED: building image
// DAMAGED: program cache: stored
// UNWRITABLE: building image
// UNWRITABLE: program cache: cannot create the folder
// OFF-NOT: program cache
// OFF: building image
// OFF-NOT: program cache
// CHECK: wrong elements: 0
// PARALLEL-COUNT-6: wrong elements: 0
// FOLDER-NOT: tmp
// FOLDER: {{^[0-9a-f]+\.bin$}}
// FOLDER-NOT: tmp
