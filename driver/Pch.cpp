//===- Pch.cpp - A precompiled <sycl/sycl.hpp>, cached on disk -------------===//

#include "Pch.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

using namespace llvm;

namespace smcp::driver {
namespace {

Error fail(const Twine &Message) { return createStringError(inconvertibleErrorCode(), Message); }

/// Text after leading blank space and comments.
StringRef skipComments(StringRef Text) {
  while (true) {
    Text = Text.ltrim();
    if (Text.startswith("//"))
      Text = Text.drop_until([](char C) { return C == '\n'; });
    else if (Text.startswith("/*"))
      Text = Text.drop_front(2).split("*/").second;
    else
      return Text;
  }
}

/// Every file under Dir: relative name and content, in name order.
Error hashTree(SHA1 &Hash, StringRef Dir) {
  std::vector<std::string> Files;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator I(Dir, EC), E; I != E && !EC; I.increment(EC))
    if (sys::fs::is_regular_file(I->path()))
      Files.push_back(I->path());
  if (EC)
    return fail("cannot list '" + Dir + "': " + EC.message());
  std::sort(Files.begin(), Files.end());
  for (const std::string &F : Files) {
    auto Text = MemoryBuffer::getFile(F);
    if (!Text)
      return fail("cannot read '" + F + "'");
    Hash.update(StringRef(F).drop_front(Dir.size()));
    Hash.update(StringRef("\0", 1));
    Hash.update((*Text)->getBuffer());
  }
  return Error::success();
}

std::string checksumPath(const PchEntry &E) { return E.Path + ".sum"; }

std::string checksumOf(StringRef Path) {
  auto Bytes = MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Bytes)
    return "";
  return std::to_string((*Bytes)->getBufferSize()) + " " +
         utohexstr(xxHash64((*Bytes)->getBuffer()));
}

/// One input file as the stamp records it: replaced or edited, it differs.
std::string statLine(StringRef Path) {
  sys::fs::file_status St;
  if (sys::fs::status(Path, St))
    return (Path + "\t-").str();
  return (Path + "\t" + Twine(St.getSize()) + "\t" +
          Twine(St.getLastModificationTime().time_since_epoch().count()))
      .str();
}

/// The files a dependency file (make syntax) names after its target.
std::vector<std::string> dependencies(StringRef DepFile) {
  std::vector<std::string> Files;
  auto Text = MemoryBuffer::getFile(DepFile);
  if (!Text)
    return Files;
  StringRef Rest = (*Text)->getBuffer().split(": ").second;
  std::string Current;
  for (size_t I = 0; I < Rest.size(); ++I) {
    char C = Rest[I];
    if (C == '\\' && I + 1 < Rest.size() && (Rest[I + 1] == ' ' || Rest[I + 1] == '\n')) {
      if (Rest[I + 1] == ' ')
        Current += ' '; // an escaped space; a backslash-newline only continues the line
      ++I;
    } else if (C == ' ' || C == '\n' || C == '\t') {
      if (!Current.empty())
        Files.push_back(std::move(Current));
      Current.clear();
    } else {
      Current += C;
    }
  }
  if (!Current.empty())
    Files.push_back(std::move(Current));
  return Files;
}

/// Whether Stamp (the checksum line, then a statLine per input file) still
/// describes Pch and its inputs.
bool stampHolds(StringRef Stamp, StringRef Pch) {
  SmallVector<StringRef, 512> Lines;
  Stamp.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  if (Lines.empty() || Lines.front() != checksumOf(Pch))
    return false;
  return all_of(ArrayRef<StringRef>(Lines).drop_front(),
                [](StringRef L) { return L == statLine(L.split('\t').first); });
}

/// Writes Text to Path through a rename, unless Path already holds it.
Error writeOnce(const std::string &Path, StringRef Text) {
  if (auto Old = MemoryBuffer::getFile(Path); Old && (*Old)->getBuffer() == Text)
    return Error::success();
  return writeFileAtomically(Path + ".%%%%%%.tmp", Path, Text);
}

} // namespace

void hashStat(SHA1 &Hash, StringRef Path) {
  sys::fs::file_status St;
  Hash.update(Path);
  if (!sys::fs::status(Path, St)) {
    Hash.update(std::to_string(St.getSize()));
    Hash.update(std::to_string(St.getLastModificationTime().time_since_epoch().count()));
  }
  Hash.update(StringRef("\0", 1));
}

bool startsWithSyclInclude(StringRef Text) {
  StringRef Rest = skipComments(Text);
  if (!Rest.consume_front("#"))
    return false;
  Rest = Rest.ltrim(" \t");
  if (!Rest.consume_front("include"))
    return false;
  Rest = Rest.ltrim(" \t");
  return Rest.startswith("<sycl/sycl.hpp>");
}

std::string pchFolder() {
  // The runtime's rule (runtime/core/disk_cache.cpp), one folder below.
  std::string Base;
  if (Optional<std::string> Dir = sys::Process::GetEnv("SMCP_CACHE_DIR"))
    Base = *Dir == "off" ? "" : *Dir;
  else if (Optional<std::string> Xdg = sys::Process::GetEnv("XDG_CACHE_HOME"); Xdg && !Xdg->empty())
    Base = *Xdg + "/smcp";
  else if (Optional<std::string> Home = sys::Process::GetEnv("HOME"); Home && !Home->empty())
    Base = *Home + "/.cache/smcp";
  return Base.empty() ? "" : Base + "/pch";
}

Expected<PchEntry> findPch(StringRef Folder, StringRef Clang, StringRef SyclIncludeDir,
                           ArrayRef<std::string> SystemIncludeDirs, ArrayRef<std::string> Flags) {
  SHA1 Hash;
  Hash.update("smcp-pch-2"); // the stamp lists the inputs
  SmallString<256> RealClang;
  if (sys::fs::real_path(Clang, RealClang))
    RealClang = Clang;
  hashStat(Hash, RealClang);
  SmallString<256> Sycl;
  if (sys::fs::real_path(SyclIncludeDir, Sycl))
    return fail("cannot find '" + SyclIncludeDir + "'");
  if (Error E = hashTree(Hash, Sycl))
    return std::move(E);
  for (const std::string &D : SystemIncludeDirs)
    hashStat(Hash, D);
  for (const std::string &F : Flags) {
    Hash.update(F);
    Hash.update(StringRef("\0", 1));
  }
  if (std::error_code EC = sys::fs::create_directories(Folder))
    return fail("cannot create '" + Folder + "': " + EC.message());
  std::string Key = toHex(Hash.final(), /*LowerCase=*/true);
  PchEntry E;
  E.Path = (Folder + "/" + Key + ".pch").str();
  E.Source = (Folder + "/" + Key + ".hpp").str();
  if (Error Err = writeOnce(E.Source, "#include <sycl/sycl.hpp>\n"))
    return std::move(Err);
  auto Stamp = MemoryBuffer::getFile(checksumPath(E));
  E.Ready = Stamp && stampHolds((*Stamp)->getBuffer(), E.Path);
  return E;
}

std::vector<std::string> pchBuildArgs(const PchEntry &E, const std::string &TmpOut) {
  // Instantiations the header's own inline functions need are done once,
  // in the PCH, instead of in every TU.
  return {"-fpch-instantiate-templates", "-fpch-validate-input-files-content",
          "-MD", "-MF", TmpOut + ".d", "-x", "c++-header", E.Source, "-o", TmpOut};
}

Error finishPch(const PchEntry &E, const std::string &TmpOut) {
  std::string Stamp = checksumOf(TmpOut) + "\n";
  if (Stamp.size() == 1)
    return fail("cannot read the precompiled header '" + TmpOut + "'");
  // Its inputs as they are now: a header edited or replaced later (a
  // libstdc++ update keeps the folder's date) makes the PCH stale.
  for (const std::string &F : dependencies(TmpOut + ".d"))
    Stamp += statLine(F) + "\n";
  sys::fs::remove(TmpOut + ".d");
  if (std::error_code EC = sys::fs::rename(TmpOut, E.Path)) {
    sys::fs::remove(TmpOut);
    return fail("cannot write '" + E.Path + "': " + EC.message());
  }
  return writeOnce(checksumPath(E), Stamp);
}

std::vector<std::string> pchUseArgs(const PchEntry &E) {
  return {"-fpch-validate-input-files-content", "-include-pch", E.Path};
}

Error writeTuPrefixHeader(const std::string &Path, StringRef Prefix) {
  std::error_code EC;
  raw_fd_ostream Out(Path, EC);
  if (EC)
    return fail("cannot write '" + Path + "': " + EC.message());
  Out << "// This TU's prefix, defined after the precompiled <sycl/sycl.hpp> (driver/Pch.h).\n"
      << "namespace sycl::detail {\n"
      << "template <typename TU> struct tu_prefix {\n"
      << "  static constexpr char value[] = \"" << Prefix << "\";\n"
      << "};\n"
      << "} // namespace sycl::detail\n";
  return Error::success();
}

} // namespace smcp::driver
