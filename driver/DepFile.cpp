//===- DepFile.cpp - Dependency files that name only the user's files -----===//

#include "DepFile.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace smcp::driver {

static std::string dependencyFile(const std::vector<std::string> &Flags) {
  for (size_t I = 0; I < Flags.size(); ++I) {
    StringRef F = Flags[I];
    if (F == "-MF" && I + 1 < Flags.size())
      return Flags[I + 1];
    if (F.consume_front("-MF"))
      return F.str();
  }
  return "";
}

Error removeFromDependencyFile(const std::vector<std::string> &DepFlags, StringRef Header) {
  std::string Path = dependencyFile(DepFlags);
  if (Path.empty())
    return Error::success();
  auto Text = MemoryBuffer::getFile(Path);
  if (!Text)
    return Error::success(); // -M without a file: nothing was written
  // clang writes "target: dep dep \" lines, then with -MP "dep:" rules.
  std::string Out;
  SmallVector<StringRef, 64> Lines;
  (*Text)->getBuffer().split(Lines, '\n');
  for (StringRef Line : Lines) {
    if (Line.trim() == (Header + ":").str())
      continue;
    SmallVector<StringRef, 8> Words;
    Line.split(Words, ' ');
    std::string Kept;
    for (StringRef W : Words)
      if (W != Header)
        Kept += (Kept.empty() ? "" : " ") + W.str();
    if (StringRef(Kept).trim() == "\\")
      continue; // the header was alone on its line
    Out += Kept + "\n";
  }
  Out.pop_back(); // split added an empty last line
  std::error_code EC;
  raw_fd_ostream File(Path, EC);
  if (EC)
    return createStringError(EC, "cannot rewrite '" + Path + "': " + EC.message());
  File << Out;
  return Error::success();
}

} // namespace smcp::driver
