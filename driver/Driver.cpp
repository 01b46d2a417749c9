//===- Driver.cpp - syclcc's compiles and links ----------------------------===//

#include "Driver.h"

#include "DeviceCode.h"
#include "Pch.h"

#include "device_targets.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace smcp::driver {
namespace {

Error fail(const Twine &Message) { return createStringError(inconvertibleErrorCode(), Message); }

/// Flags of one target's device compile: clang-15 has no _Float16 for
/// NVPTX, so sycl::half is __fp16 there with native half arithmetic
/// (include/sycl/half.hpp).
std::vector<std::string> targetCompileFlags(StringRef Target) {
  if (Target == "nvptx64")
    return {"-Xclang", "-fnative-half-type", "-Xclang", "-fnative-half-arguments-and-returns"};
  return {};
}

/// Whether clang adds its own resource folder to the target's device
/// compile (it does for spir64, not for nvptx64).
bool clangAddsOwnIncludes(StringRef Target) { return Target == "spir64"; }

constexpr StringLiteral DefaultCudaGpuArch = "sm_90"; // the H100 (DESIGN.md)

/// The TU prefix: the same in every compile of a TU, it tells apart
/// internal-linkage specialization_ids and device_globals of different TUs
/// that mangle alike (include/sycl/specialization_id.hpp,
/// clang-plugin/DeviceGlobals.cpp).
std::string tuPrefix(StringRef Source) {
  SmallString<256> Abs(Source);
  sys::fs::make_absolute(Abs);
  SHA1 Hash;
  Hash.update(Abs);
  return toHex(Hash.final(), /*LowerCase=*/true).substr(0, 16);
}

/// objcopy options that give each internal-linkage device_global's host
/// symbol its unique id and make it global, for the link step's
/// registration (tools/wrapper). Lines of Symbols: "<local> <unique>".
Error writeSymbolRenames(const std::string &Symbols, const std::string &Renames) {
  std::error_code EC;
  raw_fd_ostream Out(Renames, EC);
  if (EC)
    return fail("cannot write '" + Renames + "': " + EC.message());
  auto Text = MemoryBuffer::getFile(Symbols);
  if (!Text)
    return Error::success(); // no device_globals
  SmallVector<StringRef, 16> Lines;
  (*Text)->getBuffer().split(Lines, '\n', -1, false);
  for (StringRef Line : Lines) {
    auto [Local, Unique] = Line.trim().split(' ');
    if (!Local.empty() && !Unique.empty())
      Out << "--globalize-symbol " << Local << " --redefine-sym " << Local << "=" << Unique << "\n";
  }
  return Error::success();
}

bool isSource(const Input &In) {
  return In.Kind == InputKind::SyclSource || In.Kind == InputKind::HostSource;
}

} // namespace

/// The files of one TU's compiles.
struct Driver::TUFiles {
  std::string Base, Prefix, KernelList, Symbols, Renames;
  std::string PrefixHeader; // set when the compiles load a precompiled <sycl/sycl.hpp>
  std::map<std::string, PchEntry> Pch; // by target, "" for the host compile
  const PchEntry *pchFor(const std::string &Target) const {
    auto It = Pch.find(Target);
    return It == Pch.end() ? nullptr : &It->second;
  }
  std::vector<std::pair<std::string, std::string>> Bitcode; // target, file
};

Driver::Driver(DriverOptions Options, Toolchain Tools)
    : O(std::move(Options)), Tools(std::move(Tools)), Jobs(O.DryRun, O.Verbose),
      PchFolder(pchFolder()) {}

Driver::~Driver() {
  if (!O.SaveTemps && !TempDir.empty() && !O.DryRun)
    sys::fs::remove_directories(TempDir);
}

std::string Driver::temp(const Twine &Name) const {
  SmallString<256> P(TempDir);
  sys::path::append(P, Name);
  return std::string(P);
}

std::string Driver::finalOutput(const Input &In) const {
  if (!O.Output.empty())
    return O.Output;
  StringRef Stem = sys::path::stem(In.Path);
  switch (O.Stop) {
  case Phase::Assemble:
    return (Stem + ".s").str();
  case Phase::Compile:
    return (Stem + ".o").str();
  default:
    return "a.out";
  }
}

std::vector<std::string> Driver::dependencyFlags(const Input &In, const std::string &Out) const {
  std::vector<std::string> Flags = O.Dependencies;
  auto Has = [&](StringRef F) { return is_contained(Flags, F); };
  bool WritesFile = Has("-MD") || Has("-MMD");
  if (!WritesFile)
    return Flags;
  // clang's defaults name the object; ours is a temporary until the end.
  bool NamesFile = any_of(Flags, [](StringRef F) { return F.startswith("-MF"); });
  bool NamesTarget = any_of(Flags, [](StringRef F) { return F.startswith("-MT") || F.startswith("-MQ"); });
  if (!NamesFile) {
    SmallString<256> D(O.Output.empty() ? sys::path::stem(In.Path) : StringRef(O.Output));
    sys::path::replace_extension(D, ".d");
    Flags.push_back("-MF");
    Flags.push_back(std::string(D));
  }
  if (!NamesTarget) {
    Flags.push_back("-MT");
    Flags.push_back(Out);
  }
  return Flags;
}

std::vector<std::string> Driver::deviceLanguageFlags(const std::string &Target) const {
  const auto *T = fatbin::findDeviceTarget(Target);
  std::vector<std::string> Flags = {"--target=" + std::string(T->Triple),
                                    "-Xclang", "-fsycl-is-device", "-Xclang", "-aux-triple", "-Xclang",
                                    "x86_64-pc-linux-gnu", "-D__GCC_ATOMIC_TEST_AND_SET_TRUEVAL=1",
                                    "-Wno-unknown-attributes"};
  for (std::string &Flag : targetCompileFlags(Target))
    Flags.push_back(std::move(Flag));
  for (const std::string &D : IncludeDirs)
    if (!clangAddsOwnIncludes(Target) || D.find("/lib/clang/") == std::string::npos)
      Flags.insert(Flags.end(), {"-isystem", D});
  Flags.insert(Flags.end(), {"-std=c++17", O.DeviceOptLevel, "-I" + Tools.IncludeDir});
  Flags.insert(Flags.end(), O.BothCompiles.begin(), O.BothCompiles.end());
  return Flags;
}

/// Flags that give a compile its TU prefix: a macro, or, where the compile
/// loads a shared PCH, a header included after it (driver/Pch.h).
static std::vector<std::string> tuPrefixFlags(const std::string &Prefix,
                                              const std::string &PrefixHeader) {
  if (PrefixHeader.empty())
    return {"-D__SMCP_TU_PREFIX=\"" + Prefix + "\""};
  return {"-include", PrefixHeader};
}

size_t Driver::addDeviceCompile(const Input &In, const std::string &Target, const TUFiles &F) {
  Command C;
  C.Step = "device compile of '" + In.Path + "' for " + Target;
  C.Argv = {Tools.Clang, "-c", "-emit-llvm"};
  std::vector<std::string> Flags = deviceLanguageFlags(Target);
  if (const PchEntry *P = F.pchFor(Target))
    addPchUse(C, Flags, Flags, *P, "device compiles for " + Target);
  C.Argv.insert(C.Argv.end(), Flags.begin(), Flags.end());
  for (std::string &A : tuPrefixFlags(F.Prefix, F.PrefixHeader))
    C.Argv.push_back(std::move(A));
  C.Argv.push_back("-fplugin=" + Tools.Plugin);
  std::vector<std::string> PluginArgs = {"tu-prefix=" + F.Prefix};
  bool First = Target == O.Targets.front();
  if (First) // one kernel list and one symbol list per TU: every target's are alike
    PluginArgs.insert(PluginArgs.begin(),
                      {"kernel-list=" + F.KernelList, "host-symbols=" + F.Symbols});
  for (const std::string &A : PluginArgs)
    C.Argv.insert(C.Argv.end(), {"-Xclang", "-plugin-arg-smcp", "-Xclang", A});
  std::string Bitcode = temp(F.Base + "." + Target + ".bc");
  C.Argv.insert(C.Argv.end(), {In.Path, "-o", Bitcode});
  if (First)
    C.After = [Symbols = F.Symbols, Renames = F.Renames] {
      return writeSymbolRenames(Symbols, Renames);
    };
  return Jobs.add(std::move(C));
}

std::vector<std::string> Driver::hostLanguageFlags() const {
  std::vector<std::string> Flags = {"-Xclang", "-fsycl-is-host", "-fplugin=" + Tools.HostPlugin,
                                    "-std=c++17", "-I" + Tools.IncludeDir};
  Flags.insert(Flags.end(), O.BothCompiles.begin(), O.BothCompiles.end());
  Flags.insert(Flags.end(), O.HostCompile.begin(), O.HostCompile.end());
  return Flags;
}

/// Whether In's compiles may load a precompiled <sycl/sycl.hpp> (Pch.h):
/// nothing may come before the header that the PCH did not see.
bool Driver::mayUsePch(const Input &In) const {
  if (PchFolder.empty() || O.DryRun || O.Stop == Phase::Preprocess || !O.Dependencies.empty())
    return false; // dependency files must name the headers, not a PCH
  if (!In.Language.empty() && In.Language != "c++")
    return false;
  auto IncludesFirst = [](StringRef A) {
    return A.startswith("-include") || A.startswith("-imacros") || A.startswith("--include");
  };
  if (any_of(O.BothCompiles, IncludesFirst) || any_of(O.HostCompile, IncludesFirst))
    return false;
  auto Text = MemoryBuffer::getFile(In.Path);
  return Text && startsWithSyclInclude((*Text)->getBuffer());
}

/// Finds the PCH of every compile of In (host and each target); all or none.
void Driver::planPch(const Input &In, TUFiles &F) {
  if (!mayUsePch(In))
    return;
  std::map<std::string, PchEntry> Found;
  auto Find = [&](const std::string &Key, std::vector<std::string> Flags) {
    Flags.push_back(PchMacro.str());
    auto E = findPch(PchFolder, Tools.Clang, Tools.IncludeDir, IncludeDirs, Flags);
    if (!E) {
      if (O.Verbose)
        errs() << "syclcc: no precompiled <sycl/sycl.hpp>: " << toString(E.takeError()) << "\n";
      else
        consumeError(E.takeError());
      return false;
    }
    Found[Key] = std::move(*E);
    return true;
  };
  if (!Find("", hostLanguageFlags()))
    return;
  for (const std::string &Target : O.Targets)
    if (!Find(Target, deviceLanguageFlags(Target)))
      return;
  F.PrefixHeader = temp(F.Base + ".prefix.h");
  if (Error E = writeTuPrefixHeader(F.PrefixHeader, F.Prefix)) {
    consumeError(std::move(E));
    F.PrefixHeader.clear();
    return;
  }
  F.Pch = std::move(Found);
}

/// Makes C, a compile with Flags, load P, built with C's language flags
/// Language: adds the flags to Flags, and the command that builds P first if
/// no whole one is on disk (one per batch).
void Driver::addPchUse(Command &C, std::vector<std::string> &Flags,
                       std::vector<std::string> Language, const PchEntry &P,
                       const std::string &What) {
  Flags.push_back(PchMacro.str());
  Language.push_back(PchMacro.str());
  if (!P.Ready) {
    auto [It, New] = PchJobs.try_emplace(P.Path, 0);
    if (New) {
      Command Build;
      Build.Step = "precompiling <sycl/sycl.hpp> for " + What;
      SmallString<256> Tmp;
      sys::fs::createUniquePath(P.Path + ".%%%%%%.tmp", Tmp, /*MakeAbsolute=*/false);
      Build.Argv = {Tools.Clang};
      Build.Argv.insert(Build.Argv.end(), Language.begin(), Language.end());
      for (std::string &A : pchBuildArgs(P, std::string(Tmp)))
        Build.Argv.push_back(std::move(A));
      Build.After = [P, Tmp = std::string(Tmp)] { return finishPch(P, Tmp); };
      It->second = Jobs.add(std::move(Build));
    }
    C.Deps.push_back(It->second);
  }
  for (std::string &A : pchUseArgs(P))
    Flags.push_back(std::move(A));
}

Error Driver::runJobs() {
  PchJobs.clear(); // job numbers start again with the next batch
  return Jobs.run();
}

std::vector<std::string> Driver::hostCompileFlags(Command &C, const TUFiles &F) {
  std::vector<std::string> Flags = {"-Xclang", "-fsycl-is-host", "-fplugin=" + Tools.HostPlugin,
                                    "-std=c++17", "-I" + Tools.IncludeDir};
  Flags.insert(Flags.end(), O.BothCompiles.begin(), O.BothCompiles.end());
  for (std::string &A : tuPrefixFlags(F.Prefix, F.PrefixHeader))
    Flags.push_back(std::move(A));
  Flags.insert(Flags.end(), O.HostCompile.begin(), O.HostCompile.end());
  if (const PchEntry *P = F.pchFor(""))
    addPchUse(C, Flags, hostLanguageFlags(), *P, "host compiles");
  if (O.Verbose)
    Flags.push_back("-v");
  return Flags;
}

/// The flag that stops clang where the driver stops.
static const char *phaseFlag(Phase P) {
  switch (P) {
  case Phase::Preprocess:
    return "-E";
  case Phase::SyntaxOnly:
    return "-fsyntax-only";
  case Phase::Assemble:
    return "-S";
  default:
    return "-c";
  }
}

size_t Driver::addSourceCommands(const Input &In, const std::string &Out, bool Final) {
  static StringSet<> Bases;
  TUFiles F;
  F.Base = sys::path::stem(In.Path).str();
  for (int N = 2; !Bases.insert(F.Base).second; ++N)
    F.Base = sys::path::stem(In.Path).str() + "-" + std::to_string(N);
  F.Prefix = tuPrefix(In.Path);
  F.KernelList = temp(F.Base + ".kernels");
  F.Symbols = temp(F.Base + "." + O.Targets.front() + ".dgsyms");
  F.Renames = temp(F.Base + ".renames");

  Command Host;
  Host.Step = "host compile of '" + In.Path + "'";
  if (In.Kind == InputKind::HostSource) {
    Host.Argv = {Tools.ClangC, phaseFlag(O.Stop)};
    if (!In.Language.empty())
      Host.Argv.insert(Host.Argv.end(), {"-x", In.Language});
    for (const std::string &A : O.BothCompiles)
      if (!StringRef(A).startswith("-std="))
        Host.Argv.push_back(A);
    Host.Argv.insert(Host.Argv.end(), O.HostCompile.begin(), O.HostCompile.end());
  } else {
    planPch(In, F);
    Host.Argv = {Tools.Clang, phaseFlag(O.Stop)};
    auto Flags = hostCompileFlags(Host, F);
    Host.Argv.insert(Host.Argv.end(), Flags.begin(), Flags.end());
  }
  std::vector<std::string> Deps = dependencyFlags(In, Final ? finalOutput(In) : Out);
  Host.Argv.insert(Host.Argv.end(), Deps.begin(), Deps.end());
  Host.Argv.push_back(In.Path);

  bool Device = In.Kind == InputKind::SyclSource && O.Stop != Phase::Preprocess;
  bool Embeds = Device && O.Stop >= Phase::Compile;
  std::string HostOut = Embeds ? temp(F.Base + ".host.o") : Out;
  if (O.Stop != Phase::SyntaxOnly && !HostOut.empty())
    Host.Argv.insert(Host.Argv.end(), {"-o", HostOut});
  if (!Device)
    return Jobs.add(std::move(Host));

  std::vector<size_t> DeviceJobs;
  for (const std::string &Target : O.Targets) {
    DeviceJobs.push_back(addDeviceCompile(In, Target, F));
    F.Bitcode.emplace_back(Target, temp(F.Base + "." + Target + ".bc"));
  }
  // Beside the device compiles, which say what it would say about the same
  // source: its diagnostics show only when the first target's succeeded.
  Host.QuietUnless = DeviceJobs.front();
  Host.StderrFile = temp(F.Base + ".host.stderr");
  size_t HostJob = Jobs.add(std::move(Host));
  if (!Embeds)
    return HostJob;

  Command Embed;
  Embed.Step = "embedding device code into '" + (Final ? finalOutput(In) : Out) + "'";
  Embed.Argv = {Tools.Objcopy};
  for (const auto &[Target, Bitcode] : F.Bitcode) {
    std::string Section = DeviceSection.str() + Target;
    Embed.Argv.insert(Embed.Argv.end(), {"--add-section", Section + "=" + Bitcode,
                                         "--set-section-flags", Section + "=exclude"});
  }
  Embed.Argv.insert(Embed.Argv.end(), {"--set-section-flags", kernelUsesSection().str() + "=exclude",
                                       "@" + F.Renames, HostOut, Out});
  // The host object's kernels against the device compile's, before the
  // object counts as written (the check reads the host object, which the
  // embedding leaves as it is).
  Embed.After = [HostOut, List = F.KernelList, Source = In.Path] {
    return checkKernelUses(HostOut, List, Source);
  };
  Embed.Deps = DeviceJobs;
  Embed.Deps.push_back(HostJob);
  return Jobs.add(std::move(Embed));
}

/// Writes Out whole or not at all: the commands write a temporary beside it,
/// renamed into place once every step succeeded.
static Error produceAtomically(const std::string &Out, bool DryRun,
                               const std::function<Error(const std::string &)> &Produce) {
  if (DryRun)
    return Produce(Out);
  SmallString<256> Tmp(sys::path::parent_path(Out));
  sys::path::append(Tmp, "." + sys::path::filename(Out) + ".syclcc-tmp");
  Error E = Produce(std::string(Tmp));
  if (!E)
    if (std::error_code EC = sys::fs::rename(Tmp, Out))
      E = fail("cannot write '" + Out + "': " + EC.message());
  sys::fs::remove(Tmp);
  return E;
}

Error Driver::compileAll(std::vector<std::string> &Objects) {
  for (const Input &In : O.Inputs) {
    if (!isSource(In)) {
      Objects.push_back(In.Path);
      continue;
    }
    if (!O.DryRun && !sys::fs::is_regular_file(In.Path))
      return fail("no such file: '" + In.Path + "'");
    std::string Obj = temp(sys::path::stem(In.Path) + "." + std::to_string(Objects.size()) + ".o");
    addSourceCommands(In, Obj, /*Final=*/false);
    Objects.push_back(Obj);
  }
  return runJobs();
}

std::vector<std::string> Driver::deviceLinkFlags(const std::string &Target, const std::string &Base) {
  std::vector<std::string> Flags;
  std::string Suffix(fatbin::findDeviceTarget(Target)->ImageSuffix);
  if (Target == "nvptx64" && O.CudaGpuArch != "none") {
    std::string Bin = Tools.cudaBinDir();
    std::string Arch = O.CudaGpuArch == "auto" ? (Bin.empty() ? "" : DefaultCudaGpuArch.str())
                                               : O.CudaGpuArch;
    if (!Arch.empty()) {
      Flags.push_back("--cuda-gpu-arch=" + Arch);
      if (!Bin.empty())
        Flags.push_back("--cuda-bin-dir=" + Bin);
      if (O.SaveTemps)
        Flags.push_back("--cuda-keep=" + temp(Base + "." + Target));
      Suffix = ".fatbin"; // the .ptx and .cubin are kept too
    }
  }
  if (O.SaveTemps) {
    Flags.push_back("--image-bytes=" + temp(Base + "." + Target + Suffix));
    Flags.push_back("--ir=" + temp(Base + "." + Target + ".device.ll"));
  }
  return Flags;
}

std::vector<std::string> Driver::linkImages(const std::vector<std::string> &Objects) {
  std::vector<std::string> Archives, LibDirs;
  std::vector<std::string> FatObjects;
  for (const LinkItem &L : O.Link) {
    StringRef A = L.Arg;
    if (A.startswith("-L"))
      LibDirs.push_back(A.drop_front(2).str());
  }
  for (size_t I = 0; I < O.Link.size(); ++I) {
    const LinkItem &L = O.Link[I];
    if (L.InputIndex >= 0) {
      const Input &In = O.Inputs[L.InputIndex];
      if (In.Kind == InputKind::Archive)
        Archives.push_back(In.Path);
      else if (In.Kind != InputKind::SharedLibrary)
        FatObjects.push_back(Objects[L.InputIndex]);
    } else if (StringRef(L.Arg).startswith("-l")) {
      std::string Lib = findStaticLibrary(StringRef(L.Arg).drop_front(2), LibDirs);
      if (!Lib.empty())
        Archives.push_back(Lib);
    }
  }
  DeviceCode Code;
  if (O.DryRun) {
    for (const std::string &T : O.Targets)
      Code[T] = {temp("<device code of each object>." + T + ".bc")};
  } else {
    auto Collected = collectDeviceCode(FatObjects, Archives, [&](size_t I, StringRef Target) {
      return temp("link" + std::to_string(I) + "." + Target + ".bc");
    });
    if (!Collected) {
      DeviceCodeError = toString(Collected.takeError());
      return {};
    }
    Code = std::move(*Collected);
  }
  std::string Base = sys::path::filename(O.Output.empty() ? "a.out" : O.Output).str();
  std::vector<std::string> Images;
  for (const auto &[Target, Bitcode] : Code) {
    if (!fatbin::findDeviceTarget(Target)) {
      DeviceCodeError = "an object carries device code for an unknown target '" + Target + "'";
      return {};
    }
    Command C;
    C.Step = "device link for " + Target;
    std::string Image = temp(Base + "." + Target + ".img");
    C.Argv = {Tools.PostLink, O.DeviceOptLevel, "-o", Image};
    if (O.DeviceCodeSplit == "per_source" || O.DeviceCodeSplit == "per_kernel")
      C.Argv.push_back("--split=" + O.DeviceCodeSplit);
    C.Argv.insert(C.Argv.end(), Bitcode.begin(), Bitcode.end());
    for (std::string &F : deviceLinkFlags(Target, Base))
      C.Argv.push_back(std::move(F));
    Jobs.add(std::move(C));
    Images.push_back(Image);
  }
  return Images;
}

Error Driver::link(const std::vector<std::string> &Objects, const std::string &Out) {
  std::vector<std::string> Images = linkImages(Objects);
  if (!DeviceCodeError.empty())
    return fail(DeviceCodeError);
  if (Error E = runJobs())
    return E;
  Command C;
  C.Step = "host link";
  C.Argv = {Tools.Clang};
  for (const LinkItem &L : O.Link)
    C.Argv.push_back(L.InputIndex >= 0 ? Objects[L.InputIndex] : L.Arg);
  if (!Images.empty()) {
    std::string Wrapped = temp(sys::path::filename(O.Output.empty() ? "a.out" : O.Output) + ".images.o");
    Command W;
    W.Step = "device image wrapping";
    W.Argv = {Tools.Wrap, "-o", Wrapped};
    W.Argv.insert(W.Argv.end(), Images.begin(), Images.end());
    Jobs.add(std::move(W));
    C.Argv.push_back(Wrapped);
  }
  C.Argv.insert(C.Argv.end(), {"-L" + Tools.LibDir, "-lsycl", "-Wl,-rpath," + Tools.LibDir});
  if (O.Verbose)
    C.Argv.push_back("-v");
  C.Argv.insert(C.Argv.end(), {"-o", Out});
  if (!Images.empty())
    C.Deps = {0}; // the wrapping, first of this batch
  Jobs.add(std::move(C));
  return runJobs();
}

Error Driver::run() {
  if (O.SaveTemps) {
    TempDir = ".";
  } else if (O.DryRun) {
    TempDir = "/tmp/syclcc-XXXXXX";
  } else {
    SmallString<128> Dir;
    if (std::error_code EC = sys::fs::createUniqueDirectory("syclcc", Dir))
      return fail("cannot create a temporary folder: " + EC.message());
    TempDir = std::string(Dir);
  }
  bool NeedsDevice = O.Stop != Phase::Preprocess &&
                     any_of(O.Inputs, [](const Input &I) { return I.Kind == InputKind::SyclSource; });
  if (NeedsDevice && !O.DryRun) {
    auto Dirs = Tools.hostIncludeDirs(PchFolder);
    if (!Dirs)
      return Dirs.takeError();
    IncludeDirs = std::move(*Dirs);
  }
  if (O.Stop == Phase::Link) {
    std::vector<std::string> Objects;
    if (Error E = compileAll(Objects))
      return E;
    std::string Out = O.Output.empty() ? "a.out" : O.Output;
    return produceAtomically(Out, O.DryRun, [&](const std::string &Tmp) { return link(Objects, Tmp); });
  }
  for (const Input &In : O.Inputs) {
    if (!isSource(In)) {
      if (O.Stop == Phase::Compile)
        errs() << "syclcc: warning: " << In.Path << ": linker input unused with -c\n";
      continue;
    }
    if (!O.DryRun && !sys::fs::is_regular_file(In.Path))
      return fail("no such file: '" + In.Path + "'");
    if (O.Stop == Phase::Preprocess || O.Stop == Phase::SyntaxOnly) {
      addSourceCommands(In, O.Stop == Phase::Preprocess ? O.Output : "", /*Final=*/true);
      if (Error E = runJobs())
        return E;
      continue;
    }
    Error E = produceAtomically(finalOutput(In), O.DryRun, [&](const std::string &Tmp) {
      addSourceCommands(In, Tmp, /*Final=*/true);
      return runJobs();
    });
    if (E)
      return E;
  }
  return Error::success();
}

} // namespace smcp::driver
