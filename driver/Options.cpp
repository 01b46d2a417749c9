//===- Options.cpp - Routing clang's options to syclcc's compiles ----------===//

#include "Options.h"

#include "device_targets.h"

#include "clang/Driver/Options.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

using namespace llvm;
using namespace llvm::opt;
namespace clang_opts = clang::driver::options;

namespace smcp::driver {
namespace {

Error fail(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// DPC++'s target names for -fsycl-targets, mapped to ours: its SPIR-V
/// variants all run as spir64 images; nvidia_gpu_sm_XX also names the GPU.
struct MappedTarget {
  std::string Name;
  std::string CudaGpuArch; // "" when the target names no GPU
};
Optional<MappedTarget> mapDpcppTarget(StringRef T) {
  if (T == "spir64_x86_64" || T == "spir64_gen" || T == "spir64_fpga" || T.startswith("intel_gpu_"))
    return MappedTarget{"spir64", ""};
  if (T.consume_front("nvidia_gpu_"))
    return MappedTarget{"nvptx64", T.str()};
  if (T == "nvptx64-nvidia-cuda-sycldevice")
    return MappedTarget{"nvptx64", ""};
  return None;
}

std::string supportedTargets() {
  std::string List;
  for (const auto &T : fatbin::DeviceTargets)
    List += (List.empty() ? "" : ", ") + std::string(T.Name);
  return List;
}

Error parseTargets(StringRef Value, CommandLine &CL) {
  DriverOptions &O = CL.Options;
  O.Targets.clear();
  SmallVector<StringRef, 4> Parts;
  Value.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef T : Parts) {
    if (const auto *Known = fatbin::findDeviceTarget({T.data(), T.size()})) {
      O.Targets.emplace_back(Known->Name);
    } else if (auto Mapped = mapDpcppTarget(T)) {
      CL.Notes.push_back(("using target " + Mapped->Name + " for DPC++'s '" + T + "'").str());
      O.Targets.push_back(Mapped->Name);
      if (!Mapped->CudaGpuArch.empty())
        O.CudaGpuArch = Mapped->CudaGpuArch;
    } else {
      return fail("unknown SYCL target '" + T + "' in -fsycl-targets (supported: " +
                  supportedTargets() + ")");
    }
  }
  if (O.Targets.empty())
    return fail("-fsycl-targets needs at least one target");
  return Error::success();
}

/// The device link's level for a clang -O option (it knows -O0..-O3), or
/// None for a level clang does not know either.
Optional<std::string> deviceOptLevel(const Arg &A) {
  const Option &Opt = A.getOption();
  if (Opt.matches(clang_opts::OPT_O0))
    return std::string("-O0");
  if (Opt.matches(clang_opts::OPT_O4) || Opt.matches(clang_opts::OPT_Ofast))
    return std::string("-O3");
  StringRef V = A.getNumValues() ? A.getValue() : "1";
  std::string Level = StringSwitch<std::string>(V)
                          .Cases("", "1", "g", "-O1")
                          .Case("0", "-O0")
                          .Cases("2", "s", "z", "-O2")
                          .Case("3", "-O3")
                          .Default("");
  if (Level.empty())
    return None;
  return Level;
}

/// Options that change code generation and the link alike: the host
/// compile and the link get them.
bool compilesAndLinks(const Arg &A) {
  const Option &O = A.getOption();
  StringRef Name = O.getName();
  return O.matches(clang_opts::OPT_pthread) || O.matches(clang_opts::OPT_fopenmp) ||
         O.matches(clang_opts::OPT_fopenmp_EQ) || O.matches(clang_opts::OPT_coverage) ||
         O.matches(clang_opts::OPT_stdlib_EQ) || O.matches(clang_opts::OPT__sysroot_EQ) ||
         O.matches(clang_opts::OPT_gcc_toolchain) || Name.startswith("fsanitize") ||
         Name.startswith("fno-sanitize") || Name.startswith("fprofile");
}

bool linksOnly(const Arg &A) {
  const Option &O = A.getOption();
  return O.matches(clang_opts::OPT_Link_Group) || O.hasFlag(clang_opts::LinkerInput) ||
         O.hasFlag(clang_opts::LinkOption) || O.matches(clang_opts::OPT_u_Group) ||
         O.matches(clang_opts::OPT_rtlib_EQ) || O.matches(clang_opts::OPT_static_libstdcxx) ||
         O.matches(clang_opts::OPT_static_libgcc);
}

Expected<InputKind> inputKind(StringRef Path, StringRef Language) {
  if (!Language.empty() && Language != "none")
    return Language == "c++" ? InputKind::SyclSource : InputKind::HostSource;
  StringRef Ext = sys::path::extension(Path);
  static const StringRef CxxExts[] = {".cpp", ".cc", ".cxx", ".c++", ".C", ".cp", ".CPP"};
  static const StringRef OtherSourceExts[] = {".c", ".s", ".S", ".i"};
  if (is_contained(CxxExts, Ext))
    return InputKind::SyclSource;
  if (is_contained(OtherSourceExts, Ext))
    return InputKind::HostSource;
  if (Ext == ".o" || Ext == ".obj")
    return InputKind::Object;
  if (Ext == ".a")
    return InputKind::Archive;
  if (Ext == ".so" || Path.contains(".so."))
    return InputKind::SharedLibrary;
  return fail("'" + Path + "': unknown input type (expected a C++ source or an object)");
}

/// -fsycl-device-code-split[=mode]: how many device images the device link
/// makes (tools/post-link/DeviceCodeSplit.h); without a mode, DPC++'s auto.
Error parseDeviceCodeSplit(StringRef Spelling, CommandLine &CL) {
  StringRef Mode = "auto";
  if (Spelling.consume_front("-fsycl-device-code-split="))
    Mode = Spelling;
  else if (Spelling != "-fsycl-device-code-split")
    return fail("unknown option '" + Spelling + "' (see syclcc --help)");
  static const StringRef Modes[] = {"per_kernel", "per_source", "off", "auto"};
  if (!is_contained(Modes, Mode))
    return fail("-fsycl-device-code-split=" + Mode +
                ": expected per_kernel, per_source, off or auto");
  CL.Options.DeviceCodeSplit = Mode.str();
  return Error::success();
}

/// DPC++'s -fsycl-* options SMCP has no use for: the reason each changes
/// nothing here, said once in a note.
std::string ignoredDpcppOption(StringRef Name) {
  if (Name.contains("unnamed-lambda"))
    return "SMCP always accepts unnamed kernel lambdas";
  return "no SMCP equivalent";
}

/// DPC++'s -Xsycl-target-{backend,frontend,linker}[=<triple>] <arg>: the
/// CUDA GPU it names is honoured, other arguments noted and dropped. Done
/// before clang's table sees the command line, which would take <arg> as an
/// option of its own.
void takeSyclTargetArgs(SmallVectorImpl<const char *> &Argv, CommandLine &CL) {
  SmallVector<const char *, 32> Kept;
  for (size_t I = 0; I < Argv.size(); ++I) {
    StringRef A = Argv[I];
    if (!A.startswith("-Xsycl-target-") || I + 1 == Argv.size()) {
      Kept.push_back(Argv[I]);
      continue;
    }
    StringRef Value = Argv[++I];
    for (StringRef Prefix : {"--cuda-gpu-arch=", "--offload-arch="})
      if (Value.startswith(Prefix)) {
        CL.Options.CudaGpuArch = Value.drop_front(Prefix.size()).str();
        Value = "";
      }
    if (!Value.empty())
      CL.Notes.push_back(("ignoring '" + A + " " + Value + "' (no SMCP equivalent)").str());
  }
  Argv.assign(Kept.begin(), Kept.end());
}

/// Handles an option clang's table does not know: SMCP's own and DPC++'s.
Error unknownOption(StringRef Spelling, CommandLine &CL) {
  if (Spelling.consume_front("-fsycl-targets="))
    return parseTargets(Spelling, CL);
  if (Spelling.startswith("-fsycl-device-code-split"))
    return parseDeviceCodeSplit(Spelling, CL);
  if (Spelling.startswith("-fsycl-") || Spelling.startswith("-fno-sycl-") ||
      Spelling.startswith("-sycl-std=")) {
    CL.Notes.push_back(("ignoring '" + Spelling + "' (" + ignoredDpcppOption(Spelling) + ")").str());
    return Error::success();
  }
  return fail("unknown option '" + Spelling + "' (see syclcc --help)");
}

class Router {
public:
  Router(const InputArgList &Args, CommandLine &CL) : Args(Args), CL(CL), O(CL.Options) {}

  Error route(const Arg &A) {
    const Option &Opt = A.getOption();
    if (Opt.hasFlag(clang_opts::Unsupported))
      return unknownOption(A.getAsString(Args), CL);
    switch (Opt.getID()) {
    case clang_opts::OPT_print_targets:
      CL.What = CommandLine::Action::PrintTargets;
      return Error::success();
    case clang_opts::OPT_INPUT:
      return addInput(A.getValue());
    case clang_opts::OPT_UNKNOWN:
      return unknownOption(A.getAsString(Args), CL);
    case clang_opts::OPT_x:
      Language = A.getValue();
      return Error::success();
    case clang_opts::OPT_o:
      O.Output = A.getValue();
      return Error::success();
    case clang_opts::OPT_c:
      return stopAt(Phase::Compile);
    case clang_opts::OPT_S:
      return stopAt(Phase::Assemble);
    case clang_opts::OPT_fsyntax_only:
      return stopAt(Phase::SyntaxOnly);
    case clang_opts::OPT_E:
      return stopAt(Phase::Preprocess);
    case clang_opts::OPT__HASH_HASH_HASH:
      O.DryRun = true;
      return Error::success();
    case clang_opts::OPT_v:
      O.Verbose = true;
      return Error::success();
    case clang_opts::OPT_save_temps:
    case clang_opts::OPT_save_temps_EQ:
      O.SaveTemps = true;
      return Error::success();
    case clang_opts::OPT_help:
      CL.What = CommandLine::Action::PrintHelp;
      return Error::success();
    case clang_opts::OPT__version:
      CL.What = CommandLine::Action::PrintVersion;
      return Error::success();
    case clang_opts::OPT_cuda_gpu_arch_EQ:
    case clang_opts::OPT_offload_arch_EQ:
      O.CudaGpuArch = A.getValue();
      return Error::success();
    case clang_opts::OPT_fsycl:
      return Error::success();
    case clang_opts::OPT_sycl_std_EQ:
      CL.Notes.push_back("ignoring '" + A.getAsString(Args) + "' (SMCP compiles SYCL 2020)");
      return Error::success();
    case clang_opts::OPT_fno_sycl:
      CL.Notes.push_back("ignoring '-fno-sycl': syclcc always compiles SYCL");
      return Error::success();
    case clang_opts::OPT_std_EQ:
      render(A, O.BothCompiles);
      return Error::success();
    }
    if (Opt.matches(clang_opts::OPT_M_Group)) {
      if (Opt.matches(clang_opts::OPT_M) || Opt.matches(clang_opts::OPT_MM))
        O.Stop = Phase::Preprocess;
      render(A, O.Dependencies);
      return Error::success();
    }
    if (Opt.matches(clang_opts::OPT_O_Group)) {
      auto Level = deviceOptLevel(A);
      if (!Level)
        return fail("invalid optimisation level '" + A.getSpelling() +
                    (A.getNumValues() ? A.getValue() : "") + "'");
      O.DeviceOptLevel = *Level;
      render(A, O.HostCompile);
      return Error::success();
    }
    // Warning options: the device compile warns about the same code.
    if (Opt.matches(clang_opts::OPT_Preprocessor_Group) || Opt.matches(clang_opts::OPT_W_Group) ||
        Opt.matches(clang_opts::OPT_w)) {
      render(A, O.BothCompiles);
      return Error::success();
    }
    if (compilesAndLinks(A)) {
      render(A, O.HostCompile);
      renderLink(A);
      return Error::success();
    }
    if (linksOnly(A)) {
      renderLink(A);
      return Error::success();
    }
    render(A, O.HostCompile);
    return Error::success();
  }

private:
  Error addInput(StringRef Path) {
    auto Kind = inputKind(Path, Language);
    if (!Kind)
      return Kind.takeError();
    O.Link.push_back({Path.str(), int(O.Inputs.size())});
    O.Inputs.push_back({Path.str(), *Kind, Language});
    return Error::success();
  }

  Error stopAt(Phase P) {
    O.Stop = std::min(O.Stop, P);
    return Error::success();
  }

  /// As clang renders A, except -Dx, -Ix, -lx, ... stay joined, as users
  /// write them.
  void render(const Arg &A, std::vector<std::string> &Out) {
    if (A.getOption().getKind() == Option::JoinedOrSeparateClass && A.getNumValues() == 1 &&
        A.getSpelling().size() == 2) {
      Out.push_back((A.getSpelling() + A.getValue()).str());
      return;
    }
    ArgStringList Rendered;
    A.render(Args, Rendered);
    Out.insert(Out.end(), Rendered.begin(), Rendered.end());
  }

  void renderLink(const Arg &A) {
    std::vector<std::string> Rendered;
    render(A, Rendered);
    for (std::string &R : Rendered)
      O.Link.push_back({std::move(R), -1});
  }

  const InputArgList &Args;
  CommandLine &CL;
  DriverOptions &O;
  std::string Language;
};

Error checkCombination(const CommandLine &CL) {
  const DriverOptions &O = CL.Options;
  if (CL.What != CommandLine::Action::Compile)
    return Error::success();
  if (O.Inputs.empty())
    return fail("no input files");
  size_t Sources = count_if(O.Inputs, [](const Input &I) {
    return I.Kind == InputKind::SyclSource || I.Kind == InputKind::HostSource;
  });
  if (O.Stop < Phase::Link && !O.Output.empty() && Sources > 1 && O.Stop != Phase::SyntaxOnly)
    return fail("cannot use -o with -c, -S or -E and several sources");
  return Error::success();
}

} // namespace

Expected<CommandLine> parseCommandLine(ArrayRef<const char *> RawArgs, bool AsClang) {
  CommandLine CL{CommandLine::Action::Compile, {}, {}};
  CL.Options.Targets.emplace_back(fatbin::DeviceTargets[0].Name);

  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 64> Argv(RawArgs.begin(), RawArgs.end());
  if (!cl::ExpandResponseFiles(Saver, cl::TokenizeGNUCommandLine, Argv))
    return fail("cannot read a response file (@file) of the command line");
  if (AsClang && !is_contained(Argv, StringRef("-fsycl"))) {
    CL.What = CommandLine::Action::RunClang;
    return CL;
  }
  takeSyclTargetArgs(Argv, CL);

  const OptTable &Table = clang::driver::getDriverOptTable();
  unsigned MissingIndex = 0, MissingCount = 0;
  InputArgList Args = Table.ParseArgs(Argv, MissingIndex, MissingCount, 0,
                                      clang_opts::CLOption | clang_opts::NoDriverOption |
                                          clang_opts::FlangOnlyOption);
  if (MissingCount)
    return fail(Twine("argument to '") + Args.getArgString(MissingIndex) + "' is missing (expected " +
                Twine(MissingCount) + (MissingCount == 1 ? " value)" : " values)"));
  Router R(Args, CL);
  for (const Arg *A : Args)
    if (Error E = R.route(*A))
      return std::move(E);
  // `syclcc -v` alone prints the version, as clang does.
  if (CL.Options.Inputs.empty() && CL.Options.Verbose && CL.What == CommandLine::Action::Compile)
    CL.What = CommandLine::Action::PrintVersion;
  if (Error E = checkCombination(CL))
    return std::move(E);
  // Strings the options point into live in Alloc: copy what survives.
  return CL;
}

} // namespace smcp::driver
