//===- InlineIntoKernels.cpp - Every device function into its kernels -----===//
//
// Every device function is inlined into its kernels, at every level (and
// despite the optnone/noinline of -O0): OpenCL CPU runtimes such as PoCL
// build work-group functions only from fully inlined kernels. A call left
// in place fails to link when it reaches work-item built-ins ("undefined
// symbol: _group_id_x") or, worse, runs a barrier inside it without
// synchronising the work-group (seen as intermittently wrong group
// algorithms). The pass marks the functions always-inline; the pipeline's
// inliner does the rest. Recursion is rejected by the plugin, so inlining
// terminates.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace smcp {

PreservedAnalyses InlineIntoKernelsPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || isKernel(F) || F.hasFnAttribute(Attribute::AlwaysInline))
      continue;
    F.removeFnAttr(Attribute::OptimizeNone);
    F.removeFnAttr(Attribute::NoInline);
    F.addFnAttr(Attribute::AlwaysInline);
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace smcp
