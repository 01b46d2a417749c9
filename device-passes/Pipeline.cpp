//===- Pipeline.cpp - The post-link device pipeline -------------------------===//

#include "Passes.h"

#include "llvm/ADT/Triple.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/SROA.h"

using namespace llvm;

namespace smcp {
namespace {

/// At -O0 clang marks every function optnone/noinline. Kernels still get
/// their callees inlined: OpenCL CPU runtimes such as PoCL build work-group
/// functions only from fully inlined kernels and fail on calls that reach
/// work-item built-ins otherwise ("undefined symbol: _group_id_x").
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
  MPM.addPass(KernelWrapperPass());
  MPM.addPass(PruneDeviceCodePass());
  if (Level == OptimizationLevel::O0) {
    MPM.addPass(InlineIntoKernelsPass());
    MPM.addPass(AlwaysInlinerPass());
    // Even at -O0, pointers must not round-trip through memory: address
    // spaces are inferred from the values (see below).
    FunctionPassManager FPM;
    FPM.addPass(SROAPass());
    FPM.addPass(InstCombinePass());
    MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
  } else {
    MPM.addPass(PB.buildPerModuleDefaultPipeline(Level));
  }
  MPM.addPass(LowerGroupLocalMemoryPass());
  // Target lowering comes last: translator 15 recognises built-in variables
  // only in the load + extractelement form that the optimiser would rewrite.
  if (Triple(M.getTargetTriple()).isSPIR())
    MPM.addPass(LowerToSPIRVPass());
  MPM.addPass(PruneDeviceCodePass());
  MPM.run(M, MAM);
}

} // namespace smcp
