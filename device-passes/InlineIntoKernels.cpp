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
// One exception, on nvptx64 only, where a call is an ordinary PTX call:
// functions the headers mark with abi::out_of_line_mark (the annotation
// "smcp.out_of_line") stay calls. They are rarely
// taken paths (a sampled image read in code where no texture serves it)
// that would otherwise sit inside the caller's loops and keep them from
// being unrolled. The annotation becomes the function attribute
// "smcp-out-of-line", which later runs see.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/ADT/Triple.h"
#include "llvm/IR/Module.h"

#include <sycl/detail/abi/kernel_abi.h>

using namespace llvm;

namespace smcp {

constexpr const char *OutOfLineAttr = "smcp-out-of-line";

PreservedAnalyses InlineIntoKernelsPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  const std::string_view Mark = abi::out_of_line_mark;
  for (const Annotation &Note : takeAnnotations(M, StringRef(Mark.data(), Mark.size())))
    if (auto *F = dyn_cast<Function>(Note.Value)) {
      F->addFnAttr(OutOfLineAttr);
      Changed = true;
    }
  const bool CallsStay = Triple(M.getTargetTriple()).isNVPTX();
  for (Function &F : M) {
    if (F.isDeclaration() || isKernel(F) || F.hasFnAttribute(Attribute::AlwaysInline))
      continue;
    if (CallsStay && F.hasFnAttribute(OutOfLineAttr))
      continue;
    F.removeFnAttr(Attribute::OptimizeNone);
    F.removeFnAttr(Attribute::NoInline);
    F.addFnAttr(Attribute::AlwaysInline);
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace smcp
