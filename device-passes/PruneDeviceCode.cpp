//===- PruneDeviceCode.cpp - Keep only what kernels reach ------------------===//
//
// After the device link, nothing outside the module calls in except the
// runtime, through kernels. Every other definition becomes internal, the
// bookkeeping arrays clang emits for the host's benefit (llvm.used,
// llvm.compiler.used, llvm.global.annotations) go, and GlobalDCE removes
// whatever kernels do not reach.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/IR/Module.h"
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
    if (!F.isDeclaration() && !isKernel(F) && !F.hasLocalLinkage()) {
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

/// Comdats mean nothing once the module is closed, and SPIR-V has none.
static void dropComdats(Module &M) {
  for (GlobalObject &GO : M.global_objects())
    GO.setComdat(nullptr);
  M.getComdatSymbolTable().clear();
}

PreservedAnalyses PruneDeviceCodePass::run(Module &M, ModuleAnalysisManager &MAM) {
  bool Changed = dropBookkeeping(M);
  Changed |= internalizeNonKernels(M);
  dropComdats(M);
  GlobalDCEPass().run(M, MAM);
  return PreservedAnalyses::none();
}

} // namespace smcp
