//===- Pch.h - A precompiled <sycl/sycl.hpp>, cached on disk ---------------===//
//
// Parsing <sycl/sycl.hpp> (and instantiating what its inline functions use)
// is most of a small TU's compile, and every TU pays it twice: once per
// device target, once on the host. A compile may instead load the header
// precompiled with its own flags, built on first use and kept in the cache
// folder the runtime's program cache uses (SMCP_CACHE_DIR, else
// $XDG_CACHE_HOME/smcp, else ~/.cache/smcp; "off" or "" turns both off).
//
// Safe only where loading the PCH first is what the TU would have done: the
// source starts with `#include <sycl/sycl.hpp>` (after comments and blank
// lines), so no `#define` of the file precedes it, and the command line's
// -D/-U are among the PCH's own flags, hence in its key. Beside each PCH, a
// stamp: its checksum and the size and date of every file it was built
// from; a PCH whose stamp fails (damaged, or a header changed) is rebuilt,
// never loaded.
//
//===----------------------------------------------------------------------===//

#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class SHA1;
} // namespace llvm

namespace smcp::driver {

/// Whether Text's first directive, after comments and blank lines, is
/// `#include <sycl/sycl.hpp>`.
bool startsWithSyclInclude(llvm::StringRef Text);

/// The cache folder of precompiled headers ("" when the cache is off).
std::string pchFolder();

/// Adds what changes when the file or folder Path is replaced (its name,
/// size and date) to Hash: keys of cached files that depend on Path.
void hashStat(llvm::SHA1 &Hash, llvm::StringRef Path);

/// One precompiled header: where it is, and whether it must be built first.
struct PchEntry {
  std::string Path;   // <folder>/<key>.pch
  std::string Source; // <folder>/<key>.hpp: `#include <sycl/sycl.hpp>`
  bool Ready = false; // present, whole, and its inputs unchanged
};

/// The entry for a compile with Flags (its language flags: target, -std,
/// -D, -I, -O ...). The key covers the compiler, every file under
/// SyclIncludeDir, the system include folders' dates and Flags.
llvm::Expected<PchEntry> findPch(llvm::StringRef Folder, llvm::StringRef Clang,
                                 llvm::StringRef SyclIncludeDir,
                                 llvm::ArrayRef<std::string> SystemIncludeDirs,
                                 llvm::ArrayRef<std::string> Flags);

/// The arguments that build E (after clang and Flags); the output goes to
/// TmpOut, which finishPch moves into place.
std::vector<std::string> pchBuildArgs(const PchEntry &E, const std::string &TmpOut);
/// Checksums TmpOut and renames it to E.Path (atomic: readers see a whole
/// old entry, a whole new one, or none).
llvm::Error finishPch(const PchEntry &E, const std::string &TmpOut);

/// The arguments that make a compile load E.
std::vector<std::string> pchUseArgs(const PchEntry &E);

/// The header a TU that loads a PCH includes after it: its TU prefix
/// (include/sycl/specialization_id.hpp), which the shared PCH cannot hold.
llvm::Error writeTuPrefixHeader(const std::string &Path, llvm::StringRef Prefix);

/// The macro the PCH and the compiles that load it define.
constexpr llvm::StringLiteral PchMacro = "-D__SMCP_TU_PREFIX_AFTER_PCH";

} // namespace smcp::driver
