//===- Pipeline.cpp - The post-link device pipeline -------------------------===//

#include "Passes.h"

#include "llvm/ADT/Triple.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace smcp {

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
