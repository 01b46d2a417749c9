//===- DepFile.h - Dependency files that name only the user's files -------===//
//
// The host compile includes the integration header, a temporary file; a
// dependency file naming it would make every build system rebuild forever.
//
//===----------------------------------------------------------------------===//

#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace smcp::driver {

/// Removes Header from the dependency file that DepFlags (-MD -MF <file>
/// ...) had clang write; nothing to do when they write none.
llvm::Error removeFromDependencyFile(const std::vector<std::string> &DepFlags,
                                     llvm::StringRef Header);

} // namespace smcp::driver
