//===- NVPTXTarget.cpp - nvptx64: PTX through LLVM's NVPTX backend ---------===//
//
// PTX for sm_80 (ptx70), the newest LLVM 15 emits; the CUDA driver compiles
// it for the device it loads on (sm_90 on the H100). Built-ins: the neutral
// ones are lowered by LowerToNVPTXPass; math comes from NVIDIA's libdevice,
// linked --only-needed after MathToLibdevicePass renamed the calls, with its
// __nvvm_reflect queries answered here (no flush-to-zero, __CUDA_ARCH 800).
// Where libdevice is: $SMCP_LIBDEVICE, else $CUDA_PATH/nvvm/libdevice,
// else the CUDA found when SMCP was configured.
//
// With --cuda-gpu-arch=sm_XX the image is a CUDA fat binary holding a cubin
// for that architecture, compiled by NVIDIA's ptxas, beside the PTX: the
// driver loads the cubin on a matching GPU (no JIT, about 50 ms per module)
// and JIT-compiles the PTX elsewhere. ptxas also validates the PTX, so its
// errors fail the link. The tools come from --cuda-bin-dir, else
// $CUDA_PATH/bin, else the CUDA found when SMCP was configured, else $PATH.
//
//===----------------------------------------------------------------------===//

#include "DeviceTarget.h"
#include "Passes.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#ifndef SMCP_DEFAULT_LIBDEVICE
#define SMCP_DEFAULT_LIBDEVICE "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"
#endif

using namespace llvm;

namespace smcp {
namespace {

constexpr const char *NVPTXTriple = "nvptx64-nvidia-cuda";
constexpr const char *GPU = "sm_80";
constexpr const char *PTXFeatures = "+ptx70";
constexpr unsigned CudaArch = 800; // __CUDA_ARCH as libdevice asks for it

cl::opt<std::string> CudaGpuArch("cuda-gpu-arch",
                                  cl::desc("nvptx64: also embed a cubin for this GPU (sm_90)"));
cl::opt<std::string> CudaBinDir("cuda-bin-dir",
                                cl::desc("nvptx64: where ptxas and fatbinary are"));
cl::opt<std::string> CudaKeep("cuda-keep",
                              cl::desc("nvptx64: keep <prefix>.ptx and <prefix>.cubin"));

Error error(const Twine &Msg) { return createStringError(inconvertibleErrorCode(), Msg); }

std::string libdevicePath() {
  if (Optional<std::string> P = sys::Process::GetEnv("SMCP_LIBDEVICE"))
    return *P;
  if (Optional<std::string> Cuda = sys::Process::GetEnv("CUDA_PATH"))
    return *Cuda + "/nvvm/libdevice/libdevice.10.bc";
  return SMCP_DEFAULT_LIBDEVICE;
}

/// A CUDA tool (ptxas, fatbinary) by the search order of the file comment.
Expected<std::string> cudaTool(StringRef Name) {
  SmallVector<std::string, 3> Dirs;
  if (!CudaBinDir.empty())
    Dirs.push_back(CudaBinDir);
  else if (Optional<std::string> Cuda = sys::Process::GetEnv("CUDA_PATH"))
    Dirs.push_back(*Cuda + "/bin");
  else
    Dirs.push_back(
        sys::path::parent_path(sys::path::parent_path(sys::path::parent_path(SMCP_DEFAULT_LIBDEVICE)))
            .str() +
        "/bin");
  SmallVector<StringRef, 3> Paths(Dirs.begin(), Dirs.end());
  if (ErrorOr<std::string> P = sys::findProgramByName(Name, Paths))
    return *P;
  if (ErrorOr<std::string> P = sys::findProgramByName(Name))
    return *P;
  return error("--cuda-gpu-arch needs NVIDIA's " + Name + ", found neither in '" + Dirs.front() +
               "' nor on PATH (set CUDA_PATH, or leave the cubin out)");
}

/// Runs a CUDA tool; its output is the error when it fails.
Error runTool(StringRef Tool, ArrayRef<std::string> Args, StringRef Step) {
  SmallString<128> Log;
  if (std::error_code EC = sys::fs::createTemporaryFile("smcp-cuda", "log", Log))
    return error("cannot create a temporary file: " + EC.message());
  FileRemover RemoveLog(Log);
  SmallVector<StringRef, 8> Argv{Tool};
  Argv.append(Args.begin(), Args.end());
  Optional<StringRef> Redirects[] = {None, StringRef(Log), StringRef(Log)};
  std::string ExecError;
  int RC = sys::ExecuteAndWait(Tool, Argv, None, Redirects, 0, 0, &ExecError);
  if (RC == 0)
    return Error::success();
  ErrorOr<std::unique_ptr<MemoryBuffer>> Out = MemoryBuffer::getFile(Log);
  std::string Text = Out ? (*Out)->getBuffer().trim().str() : ExecError;
  return error(Step + " failed (" + Tool + ", exit " + Twine(RC) + "): " + Text);
}

Expected<std::string> readFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return error("cannot read '" + Path + "': " + Buf.getError().message());
  return (*Buf)->getBuffer().str();
}

/// PTX plus a cubin for --cuda-gpu-arch, as one CUDA fat binary.
Expected<std::string> packWithCubin(StringRef PTX) {
  StringRef Arch = CudaGpuArch;
  if (!Arch.startswith("sm_") || Arch.size() < 5 ||
      !all_of(Arch.drop_front(3), [](char C) { return isDigit(C); }))
    return error("--cuda-gpu-arch='" + Arch + "' is not a CUDA architecture like sm_90");
  Expected<std::string> Ptxas = cudaTool("ptxas");
  if (!Ptxas)
    return Ptxas.takeError();
  Expected<std::string> Fatbinary = cudaTool("fatbinary");
  if (!Fatbinary)
    return Fatbinary.takeError();
  SmallString<128> Prefix;
  if (!CudaKeep.empty())
    Prefix = CudaKeep;
  else if (std::error_code EC = sys::fs::createTemporaryFile("smcp-nvptx", "", Prefix))
    return error("cannot create a temporary file: " + EC.message());
  const std::string PtxFile = (Prefix + ".ptx").str(), Cubin = (Prefix + ".cubin").str(),
                    Fatbin = (Prefix + ".fatbin").str();
  Optional<FileRemover> Removers[] = {None, None, None, None};
  if (CudaKeep.empty()) {
    Removers[0].emplace(Prefix);
    Removers[1].emplace(PtxFile);
    Removers[2].emplace(Cubin);
  }
  Removers[3].emplace(Fatbin);
  std::error_code EC;
  {
    raw_fd_ostream OS(PtxFile, EC);
    OS << PTX;
  }
  if (EC)
    return error("cannot write '" + PtxFile + "': " + EC.message());
  if (Error E = runTool(*Ptxas, {"-arch=" + Arch.str(), "-O3", PtxFile, "-o", Cubin},
                        "compiling the PTX for " + Arch.str()))
    return std::move(E);
  const std::string PtxArch = StringRef(GPU).drop_front(3).str();
  if (Error E = runTool(*Fatbinary,
                        {"--64", "--create=" + Fatbin,
                         "--image3=kind=elf,sm=" + Arch.drop_front(3).str() + ",file=" + Cubin,
                         "--image3=kind=ptx,sm=" + PtxArch + ",file=" + PtxFile},
                        "packing the cubin and the PTX"))
    return std::move(E);
  return readFile(Fatbin);
}

/// Answers libdevice's __nvvm_reflect("__CUDA_FTZ") and friends, so that the
/// optimiser folds its branches away.
void resolveReflect(Module &M) {
  Function *Reflect = M.getFunction("__nvvm_reflect");
  if (!Reflect)
    return;
  for (User *U : make_early_inc_range(Reflect->users())) {
    auto *CI = dyn_cast<CallInst>(U);
    if (!CI)
      continue;
    StringRef Query;
    if (auto *GV = dyn_cast<GlobalVariable>(CI->getArgOperand(0)->stripPointerCasts()))
      if (auto *Str = dyn_cast_or_null<ConstantDataSequential>(GV->getInitializer()))
        Query = Str->isCString() ? Str->getAsCString() : Str->getAsString();
    unsigned Answer = Query == "__CUDA_ARCH" ? CudaArch : 0; // FTZ and the rest: off
    CI->replaceAllUsesWith(ConstantInt::get(CI->getType(), Answer));
    CI->eraseFromParent();
  }
  if (Reflect->use_empty())
    Reflect->eraseFromParent();
}

/// The __nv_* functions device code calls and nothing defines yet.
std::vector<std::string> libdeviceCalls(const Module &M) {
  std::vector<std::string> Names;
  for (const Function &F : M)
    if (F.isDeclaration() && !F.use_empty() && F.getName().startswith("__nv_"))
      Names.push_back(F.getName().str());
  return Names;
}

Error linkLibdevice(Module &M) {
  std::vector<std::string> Needed = libdeviceCalls(M);
  if (Needed.empty())
    return Error::success();
  std::string Path = libdevicePath();
  SMDiagnostic Diag;
  std::unique_ptr<Module> Lib =
      sys::fs::exists(Path) ? parseIRFile(Path, Diag, M.getContext()) : nullptr;
  if (!Lib)
    return error("device code calls '" + StringRef(Needed.front()).drop_front(5) +
                 "', which the nvptx64 target takes from NVIDIA's libdevice, but '" + Path +
                 "' " + (sys::fs::exists(Path) ? "cannot be read" : "does not exist") +
                 " (set CUDA_PATH to a CUDA toolkit, or SMCP_LIBDEVICE to libdevice.10.bc)");
  Lib->setTargetTriple(M.getTargetTriple());
  Lib->setDataLayout(M.getDataLayout());
  if (Linker::linkModules(M, std::move(Lib), Linker::Flags::LinkOnlyNeeded))
    return error("cannot link libdevice '" + Path + "' into the device code");
  for (Function &F : M)
    if (!F.isDeclaration() && F.getName().startswith("__nv_"))
      F.setLinkage(GlobalValue::InternalLinkage);
  resolveReflect(M);
  return Error::success();
}

/// Functions PTX declares extern and ptxas resolves itself, as system calls
/// (printf's lowering calls vprintf).
bool isPTXSystemCall(const Function &F) { return F.getName() == "vprintf"; }

/// What the NVPTX backend would leave unresolved: a call of a function no TU
/// defines (PTX has no linker at load time).
Error checkUndefinedFunctions(const Module &M) {
  for (const Function &F : M)
    if (F.isDeclaration() && !F.isIntrinsic() && !F.use_empty() && !isPTXSystemCall(F))
      return error("device code calls '" + demangle(F.getName().str()) +
                   "', which no translation unit of this link defines and the nvptx64 "
                   "target does not provide");
  return Error::success();
}

TargetMachine *createMachine() {
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget(NVPTXTriple, Err);
  if (!T)
    return nullptr;
  return T->createTargetMachine(NVPTXTriple, GPU, PTXFeatures, TargetOptions(), None, None,
                                CodeGenOpt::Aggressive);
}

class NVPTXTarget final : public DeviceTarget {
public:
  NVPTXTarget() : DeviceTarget("nvptx64") {}
  bool accepts(const llvm::Triple &T) const override {
    return T.getArch() == llvm::Triple::nvptx64;
  }
  Error linkBuiltins(Module &M) const override {
    foldSubGroupWidth(M, 32); // a warp
    ModuleAnalysisManager Unused;
    MathToLibdevicePass().run(M, Unused);
    FoldGlobalOffsetPass().run(M, Unused); // CUDA launches have no offset
    return linkLibdevice(M);
  }
  void addLoweringPasses(ModulePassManager &MPM) const override {
    MPM.addPass(TexturedKernelVariantsPass());
    MPM.addPass(LowerToNVPTXPass());
  }
  /// Loops of a known small trip count unrolled fully, as nvcc does: at
  /// LLVM's threshold for -O2 (150) a 5x5 stencil kept both its loops, a
  /// division per tap for its weights and a branch per read, and ran 1.5
  /// times as long as CUDA's (bench/gpu/image_conv.cpp on an H200).
  void tuneOptimizer() const override {
    auto &Options = cl::getRegisteredOptions();
    auto It = Options.find("unroll-threshold");
    if (It != Options.end() && It->second->getNumOccurrences() == 0)
      It->second->addOccurrence(0, "unroll-threshold", "1000");
  }
  Error check(const Module &M) const override { return checkUndefinedFunctions(M); }
  Expected<std::string> emit(Module &M) const override {
    TargetMachine *TM = targetMachine();
    if (!TM)
      return error("this LLVM has no NVPTX backend");
    M.setDataLayout(TM->createDataLayout());
    SmallString<0> PTX;
    raw_svector_ostream OS(PTX);
    legacy::PassManager PM;
    if (TM->addPassesToEmitFile(PM, OS, nullptr, CGFT_AssemblyFile))
      return error("the NVPTX backend cannot emit PTX");
    PM.run(M);
    if (CudaGpuArch.empty())
      return std::string(PTX.str());
    return packWithCubin(PTX);
  }
  TargetMachine *targetMachine() const override {
    static std::unique_ptr<TargetMachine> TM(createMachine());
    return TM.get();
  }
};

} // namespace

const DeviceTarget &nvptxTarget() {
  static const NVPTXTarget Target;
  return Target;
}

} // namespace smcp
