//===- Toolchain.h - Where syclcc finds what it drives ---------------------===//
//
// SMCP's own pieces are found relative to the driver's executable, so that a
// build tree and an installed tree (bin/, lib/, include/) work from anywhere:
// bin/smcp-post-link, bin/smcp-wrap, lib/smcp-plugin.so, lib/smcp-attributes.so,
// lib/libsycl.so and include/. clang-15 and llvm-objcopy are the system's (configured at build).
//
//===----------------------------------------------------------------------===//

#pragma once

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace smcp::driver {

struct Toolchain {
  std::string Clang;   // clang++-15
  std::string ClangC;  // clang-15, for C and assembly inputs
  std::string Objcopy; // llvm-objcopy-15
  std::string Plugin, PostLink, Wrap, IncludeDir, LibDir;
  std::string HostPlugin; // SYCL's attributes alone, for the host compile
  /// The host's C++ include folders, clang's own among them: device
  /// compiles need them too. Queried from clang, or read from CacheFolder
  /// where an earlier query left them ("" : no cache): keyed by clang and
  /// the include variables, kept while the folders' parents are unchanged
  /// (a new libstdc++ version is a new sibling folder).
  llvm::Expected<std::vector<std::string>> hostIncludeDirs(llvm::StringRef CacheFolder) const;
  llvm::Expected<std::vector<std::string>> queryIncludeDirs() const;
  /// Where NVIDIA's ptxas and fatbinary are: $CUDA_PATH/bin,
  /// /usr/local/cuda/bin or PATH; "" without them.
  std::string cudaBinDir() const;
};

/// The toolchain around the executable Argv0 (the running driver).
Toolchain locateToolchain(const char *Argv0);

} // namespace smcp::driver
