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
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
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

Error error(const Twine &Msg) { return createStringError(inconvertibleErrorCode(), Msg); }

std::string libdevicePath() {
  if (Optional<std::string> P = sys::Process::GetEnv("SMCP_LIBDEVICE"))
    return *P;
  if (Optional<std::string> Cuda = sys::Process::GetEnv("CUDA_PATH"))
    return *Cuda + "/nvvm/libdevice/libdevice.10.bc";
  return SMCP_DEFAULT_LIBDEVICE;
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

/// What the NVPTX backend would leave unresolved: a call of a function no TU
/// defines (PTX has no linker at load time).
Error checkUndefinedFunctions(const Module &M) {
  for (const Function &F : M)
    if (F.isDeclaration() && !F.isIntrinsic() && !F.use_empty())
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
  StringRef name() const override { return "nvptx64"; }
  StringRef triple() const override { return NVPTXTriple; }
  bool accepts(const llvm::Triple &T) const override {
    return T.getArch() == llvm::Triple::nvptx64;
  }
  fatbin::ImageFormat format() const override { return fatbin::ImageFormat::PTX; }
  Error linkBuiltins(Module &M) const override {
    foldSubGroupWidth(M, 32); // a warp
    ModuleAnalysisManager Unused;
    MathToLibdevicePass().run(M, Unused);
    FoldGlobalOffsetPass().run(M, Unused); // CUDA launches have no offset
    return linkLibdevice(M);
  }
  void addLoweringPasses(ModulePassManager &MPM) const override {
    MPM.addPass(LowerToNVPTXPass());
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
    return std::string(PTX.str());
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
