//===- PruneDeviceCode.cpp - Keep only what kernels reach ------------------===//
//
// After the device link, nothing outside the module calls in except the
// runtime, through kernels. Every other definition becomes internal, the
// bookkeeping arrays clang emits for the host's benefit (llvm.used,
// llvm.compiler.used, llvm.global.annotations) go, exception handling goes
// (device code cannot throw: the plugin rejects it, but a noexcept function
// calling one that is not still gets an invoke and the host's personality),
// and GlobalDCE removes whatever kernels do not reach.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"

using namespace llvm;

#define DEBUG_TYPE "smcp-prune"

namespace smcp {

static bool dropBookkeeping(Module &M) {
  bool Changed = false;
  for (const char *Name : {"llvm.used", "llvm.compiler.used", "llvm.global.annotations"})
    if (GlobalVariable *GV = M.getNamedGlobal(Name)) {
      GV->eraseFromParent();
      Changed = true;
    }
  return Changed;
}

static bool internalizeNonKernels(Module &M) {
  bool Changed = false;
  for (Function &F : M)
    if (!F.isDeclaration() && !isKernel(F) && !isTexturedVariant(F) && !F.hasLocalLinkage()) {
      F.setLinkage(GlobalValue::InternalLinkage);
      Changed = true;
    }
  for (GlobalVariable &GV : M.globals())
    if (!GV.isDeclaration() && !GV.hasLocalLinkage()) {
      GV.setLinkage(GlobalValue::InternalLinkage);
      Changed = true;
    }
  return Changed;
}

static bool dropExceptionHandling(Module &M) {
  bool Changed = false;
  for (Function &F : M) {
    if (!F.hasPersonalityFn())
      continue;
    Changed = true;
    SmallVector<InvokeInst *, 8> Invokes;
    for (BasicBlock &BB : F)
      if (auto *II = dyn_cast<InvokeInst>(BB.getTerminator()))
        Invokes.push_back(II);
    for (InvokeInst *II : Invokes)
      changeToCall(II);
    removeUnreachableBlocks(F);
    F.setPersonalityFn(nullptr);
  }
  return Changed;
}

/// Comdats mean nothing once the module is closed, and SPIR-V has none.
static bool dropComdats(Module &M) {
  bool Changed = !M.getComdatSymbolTable().empty();
  for (GlobalObject &GO : M.global_objects())
    GO.setComdat(nullptr);
  M.getComdatSymbolTable().clear();
  return Changed;
}

PreservedAnalyses PruneDeviceCodePass::run(Module &M, ModuleAnalysisManager &MAM) {
  bool Changed = dropBookkeeping(M);
  Changed |= internalizeNonKernels(M);
  Changed |= dropExceptionHandling(M);
  Changed |= dropComdats(M);
  Changed |= !GlobalDCEPass().run(M, MAM).areAllPreserved();
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace smcp
