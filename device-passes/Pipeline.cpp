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
  MPM.addPass(KernelWrapperPass());
  MPM.addPass(PruneDeviceCodePass());
  if (Level != OptimizationLevel::O0)
    MPM.addPass(PB.buildPerModuleDefaultPipeline(Level));
  // Target lowering comes last: translator 15 recognises built-in variables
  // only in the load + extractelement form that the optimiser would rewrite.
  if (Triple(M.getTargetTriple()).isSPIR())
    MPM.addPass(LowerToSPIRVPass());
  MPM.addPass(PruneDeviceCodePass());
  MPM.run(M, MAM);
}

} // namespace smcp
