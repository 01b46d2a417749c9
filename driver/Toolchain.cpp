//===- Toolchain.cpp - Where syclcc finds what it drives -------------------===//

#include "Toolchain.h"

#include "Pch.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA1.h"

using namespace llvm;

namespace smcp::driver {

static std::string join(StringRef Dir, StringRef Name) {
  SmallString<256> P(Dir);
  sys::path::append(P, Name);
  return std::string(P);
}

Toolchain locateToolchain(const char *Argv0) {
  static int Anchor;
  std::string Exe = sys::fs::getMainExecutable(Argv0, &Anchor);
  StringRef BinDir = sys::path::parent_path(Exe);
  StringRef Prefix = sys::path::parent_path(BinDir);
  Toolchain T;
  T.Clang = SMCP_CLANG;
  T.ClangC = join(sys::path::parent_path(SMCP_CLANG), "clang");
  T.Objcopy = SMCP_LLVM_OBJCOPY;
  T.PostLink = join(BinDir, "smcp-post-link");
  T.Wrap = join(BinDir, "smcp-wrap");
  T.LibDir = join(Prefix, "lib");
  T.Plugin = join(T.LibDir, "smcp-plugin.so");
  T.HostPlugin = join(T.LibDir, "smcp-attributes.so");
  T.IncludeDir = join(Prefix, "include");
  return T;
}

/// What the cached list of Dirs stays valid for: their parents' dates.
static std::string parentsStamp(ArrayRef<std::string> Dirs) {
  SHA1 Hash;
  for (const std::string &D : Dirs)
    hashStat(Hash, sys::path::parent_path(D));
  return toHex(Hash.final(), /*LowerCase=*/true);
}

/// The cache file of the query, named by what the answer depends on.
static std::string includeDirsCacheFile(StringRef Folder, StringRef Clang) {
  SHA1 Hash;
  SmallString<256> Real;
  if (sys::fs::real_path(Clang, Real))
    Real = Clang;
  hashStat(Hash, Real);
  for (const char *Var : {"CPATH", "CPLUS_INCLUDE_PATH", "C_INCLUDE_PATH"}) {
    Hash.update(sys::Process::GetEnv(Var).value_or("<unset>"));
    Hash.update(StringRef("\0", 1));
  }
  return (Folder + "/include-dirs-" + toHex(Hash.final(), /*LowerCase=*/true) + ".txt").str();
}

/// Lines: the parents' stamp, then one folder each.
static Optional<std::vector<std::string>> readIncludeDirs(const std::string &File) {
  auto Text = MemoryBuffer::getFile(File);
  if (!Text)
    return None;
  SmallVector<StringRef, 16> Lines;
  (*Text)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
  if (Lines.empty())
    return None;
  std::vector<std::string> Dirs(Lines.begin() + 1, Lines.end());
  if (Lines.front() != parentsStamp(Dirs))
    return None;
  return Dirs;
}

Expected<std::vector<std::string>> Toolchain::hostIncludeDirs(StringRef CacheFolder) const {
  std::string File = CacheFolder.empty() ? "" : includeDirsCacheFile(CacheFolder, Clang);
  if (!File.empty())
    if (Optional<std::vector<std::string>> Cached = readIncludeDirs(File))
      return std::move(*Cached);
  auto Dirs = queryIncludeDirs();
  if (Dirs && !File.empty() && !sys::fs::create_directories(CacheFolder)) {
    std::string Text = parentsStamp(*Dirs) + "\n";
    for (const std::string &D : *Dirs)
      Text += D + "\n";
    consumeError(writeFileAtomically(File + ".%%%%%%.tmp", File, Text)); // a cache: best effort
  }
  return Dirs;
}

Expected<std::vector<std::string>> Toolchain::queryIncludeDirs() const {
  SmallString<128> ErrFile;
  if (std::error_code EC = sys::fs::createTemporaryFile("syclcc-includes", "txt", ErrFile))
    return createStringError(EC, "cannot create a temporary file: " + EC.message());
  Optional<StringRef> Redirects[] = {StringRef(""), StringRef(""), StringRef(ErrFile)};
  StringRef Args[] = {Clang, "-xc++", "-E", "-v", "/dev/null"};
  sys::ExecuteAndWait(Clang, Args, None, Redirects);
  auto Text = MemoryBuffer::getFile(ErrFile);
  sys::fs::remove(ErrFile);
  std::vector<std::string> Dirs;
  bool In = false;
  SmallVector<StringRef, 64> Lines;
  if (Text)
    (*Text)->getBuffer().split(Lines, '\n');
  for (StringRef L : Lines) {
    if (L.startswith("End of search list."))
      return Dirs;
    if (In) {
      SmallString<128> D(L.trim());
      sys::path::remove_dots(D, /*remove_dot_dot=*/true);
      Dirs.push_back(std::string(D));
    }
    In |= L.startswith("#include <...> search starts here:");
  }
  return createStringError(inconvertibleErrorCode(),
                           "cannot query the include folders of '" + Clang + "'");
}

static bool hasCudaTools(StringRef Dir) {
  return sys::fs::can_execute(join(Dir, "ptxas")) && sys::fs::can_execute(join(Dir, "fatbinary"));
}

std::string Toolchain::cudaBinDir() const {
  if (Optional<std::string> Cuda = sys::Process::GetEnv("CUDA_PATH"))
    if (hasCudaTools(join(*Cuda, "bin")))
      return join(*Cuda, "bin");
  if (hasCudaTools("/usr/local/cuda/bin"))
    return "/usr/local/cuda/bin";
  if (ErrorOr<std::string> Ptxas = sys::findProgramByName("ptxas")) {
    StringRef Dir = sys::path::parent_path(*Ptxas);
    if (hasCudaTools(Dir))
      return Dir.str();
  }
  return "";
}

} // namespace smcp::driver
