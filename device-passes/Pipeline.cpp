//===- Pipeline.cpp - The post-link device pipeline -------------------------===//

#include "Passes.h"

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace smcp {

void runDevicePipeline(Module &M, OptimizationLevel Level,
                       const std::function<void(ModulePassManager &)> &AddTargetLowering,
                       TargetMachine *TM) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(TM);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);

  ModulePassManager MPM;
  MPM.addPass(SpecConstantsPass());
  MPM.addPass(LowerDeviceGlobalsPass());
  MPM.addPass(LowerAssertFlagPass());
  MPM.addPass(KernelWrapperPass());
  MPM.addPass(LowerWorkGroupScopePass()); // before Prune drops its annotations
  // -O0 concerns the host code. Device code is still inlined into its
  // kernels and lightly optimised: SPIR-V needs constant scope and semantics
  // operands, and atomics need their pointers' address spaces inferred.
  MPM.addPass(InlineIntoKernelsPass()); // before Prune drops its annotations
  MPM.addPass(PruneDeviceCodePass());
  MPM.addPass(PB.buildPerModuleDefaultPipeline(
      Level == OptimizationLevel::O0 ? OptimizationLevel::O1 : Level));
  MPM.addPass(LowerGroupLocalMemoryPass());
  MPM.addPass(ImplicitArgParamsPass());
  // Target lowering comes last (smcp-post-link's DeviceTarget): it turns
  // target-neutral IR into the forms the target's emitter takes, which the
  // optimiser would otherwise rewrite.
  if (AddTargetLowering)
    AddTargetLowering(MPM);
  MPM.addPass(PruneDeviceCodePass());
  MPM.run(M, MAM);
}

} // namespace smcp
