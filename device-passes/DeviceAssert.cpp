//===- DeviceAssert.cpp - The flag a failed device assert sets -------------===//
//
// A failed assert in device code (include/sycl/detail/device_assert.hpp)
// prints its message and sets a word the host reads once the kernel has
// finished, to abort the program as a failed host assert would. The header
// gets that word from `__smcp_assert_flag()`; this pass turns each call into
// an implicit argument of kind assert_flag (ImplicitArgs.cpp), which the
// runtime binds to the context's flag for the device. Kernels without an
// assert (or compiled with NDEBUG) get no such argument.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace smcp {

PreservedAnalyses LowerAssertFlagPass::run(Module &M, ModuleAnalysisManager &) {
  Function *Flag = M.getFunction("__smcp_assert_flag");
  if (!Flag)
    return PreservedAnalyses::all();
  for (User *U : make_early_inc_range(Flag->users())) {
    auto *CI = dyn_cast<CallInst>(U);
    if (!CI || CI->getCalledFunction() != Flag)
      continue;
    IRBuilder<> B(CI);
    Value *Arg = createImplicitArg(B, abi::implicit_arg_kind::assert_flag, "");
    CI->replaceAllUsesWith(B.CreatePointerCast(Arg, CI->getType()));
    CI->eraseFromParent();
  }
  if (Flag->use_empty())
    Flag->eraseFromParent();
  return PreservedAnalyses::none();
}

} // namespace smcp
