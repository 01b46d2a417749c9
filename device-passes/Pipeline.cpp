//===- Pipeline.cpp - The post-link device pipeline -------------------------===//

#include "Passes.h"

#include "llvm/ADT/Triple.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace smcp {
namespace {

/// Every device function is inlined into its kernels, at every level (and
/// despite the optnone/noinline of -O0): OpenCL CPU runtimes such as PoCL
/// build work-group functions only from fully inlined kernels. A call left
/// in place fails to link when it reaches work-item built-ins ("undefined
/// symbol: _group_id_x") or, worse, runs a barrier inside it without
/// synchronising the work-group (seen as intermittently wrong group
/// algorithms). Recursion is rejected by the plugin, so this terminates.
struct InlineIntoKernelsPass : PassInfoMixin<InlineIntoKernelsPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    for (Function &F : M) {
      if (F.isDeclaration() || isKernel(F))
        continue;
      F.removeFnAttr(Attribute::OptimizeNone);
      F.removeFnAttr(Attribute::NoInline);
      F.addFnAttr(Attribute::AlwaysInline);
    }
    return PreservedAnalyses::none();
  }
};

} // namespace

void runDevicePipeline(Module &M, OptimizationLevel Level) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);

  ModulePassManager MPM;
  MPM.addPass(SpecConstantsPass());
  MPM.addPass(LowerDeviceGlobalsPass());
  MPM.addPass(KernelWrapperPass());
  MPM.addPass(PruneDeviceCodePass());
  // -O0 concerns the host code. Device code is still inlined into its
  // kernels and lightly optimised: SPIR-V needs constant scope and semantics
  // operands, and atomics need their pointers' address spaces inferred.
  MPM.addPass(InlineIntoKernelsPass());
  MPM.addPass(PB.buildPerModuleDefaultPipeline(
      Level == OptimizationLevel::O0 ? OptimizationLevel::O1 : Level));
  MPM.addPass(LowerGroupLocalMemoryPass());
  MPM.addPass(DeviceGlobalParamsPass());
  // Target lowering comes last: translator 15 recognises built-in variables
  // only in the load + extractelement form that the optimiser would rewrite.
  if (Triple(M.getTargetTriple()).isSPIR()) {
    MPM.addPass(LegalizeIntegerWidthsPass());
    MPM.addPass(LowerToSPIRVPass());
  }
  MPM.addPass(PruneDeviceCodePass());
  MPM.run(M, MAM);
}

} // namespace smcp
