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
  if (Triple(M.getTargetTriple()).isSPIR())
    MPM.addPass(LowerToSPIRVPass());
  if (Level != OptimizationLevel::O0) {
    MPM.addPass(PB.buildPerModuleDefaultPipeline(Level));
    MPM.addPass(PruneDeviceCodePass());
  }
  MPM.run(M, MAM);
}

} // namespace smcp
