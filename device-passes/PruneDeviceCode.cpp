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
      F.setComdat(nullptr);
      Changed = true;
    }
  for (GlobalVariable &GV : M.globals())
    if (!GV.isDeclaration() && !GV.hasLocalLinkage()) {
      GV.setLinkage(GlobalValue::InternalLinkage);
      GV.setComdat(nullptr);
      Changed = true;
    }
  return Changed;
}

PreservedAnalyses PruneDeviceCodePass::run(Module &M, ModuleAnalysisManager &MAM) {
  bool Changed = dropBookkeeping(M);
  Changed |= internalizeNonKernels(M);
  GlobalDCEPass().run(M, MAM);
  // Comdats nobody refers to any more are meaningless in SPIR-V.
  M.getComdatSymbolTable().clear();
  return PreservedAnalyses::none();
}

} // namespace smcp
