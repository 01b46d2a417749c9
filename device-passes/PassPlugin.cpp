//===- PassPlugin.cpp - The device passes as an opt plugin ------------------===//
//
// opt-15 -load-pass-plugin=SMCPPasses.so -passes=smcp-kernel-wrapper ...
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

using namespace llvm;

static bool addPass(StringRef Name, ModulePassManager &MPM) {
  if (Name == "smcp-kernel-wrapper")
    MPM.addPass(smcp::KernelWrapperPass());
  else if (Name == "smcp-inline-into-kernels")
    MPM.addPass(smcp::InlineIntoKernelsPass());
  else if (Name == "smcp-lower-work-group-scope")
    MPM.addPass(smcp::LowerWorkGroupScopePass());
  else if (Name == "smcp-prune")
    MPM.addPass(smcp::PruneDeviceCodePass());
  else if (Name == "smcp-lower-group-local-memory")
    MPM.addPass(smcp::LowerGroupLocalMemoryPass());
  else if (Name == "smcp-spec-constants")
    MPM.addPass(smcp::SpecConstantsPass());
  else if (Name == "smcp-lower-device-globals")
    MPM.addPass(smcp::LowerDeviceGlobalsPass());
  else if (Name == "smcp-implicit-arg-params")
    MPM.addPass(smcp::ImplicitArgParamsPass());
  else if (Name == "smcp-legalize-int-widths")
    MPM.addPass(smcp::LegalizeIntegerWidthsPass());
  else if (Name == "smcp-remat-across-barriers")
    MPM.addPass(smcp::RematerializeAcrossBarriersPass());
  else if (Name == "smcp-lower-spirv")
    MPM.addPass(smcp::LowerToSPIRVPass());
  else if (Name == "smcp-lower-nvptx")
    MPM.addPass(smcp::LowerToNVPTXPass());
  else if (Name == "smcp-lower-assert-flag")
    MPM.addPass(smcp::LowerAssertFlagPass());
  else if (Name == "smcp-fold-global-offset")
    MPM.addPass(smcp::FoldGlobalOffsetPass());
  else if (Name == "smcp-textured-variants")
    MPM.addPass(smcp::TexturedKernelVariantsPass());
  else if (Name == "smcp-launch-constants")
    MPM.addPass(smcp::LaunchConstantsPass());
  else if (Name == "smcp-math-to-libdevice")
    MPM.addPass(smcp::MathToLibdevicePass());
  else
    return false;
  return true;
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "SMCPPasses", LLVM_VERSION_STRING, [](PassBuilder &PB) {
            PB.registerPipelineParsingCallback(
                [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
                  return addPass(Name, MPM);
                });
          }};
}
