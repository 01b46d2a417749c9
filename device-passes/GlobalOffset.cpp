//===- GlobalOffset.cpp - Global offsets as an implicit argument ------------===//
//
// SYCL's (deprecated) global offset shifts every global id of a launch. SPIR-V
// devices take it natively; CUDA has no such notion, so for targets without
// one the offset reaches the kernel as an implicit argument of kind
// global_offset: a global pointer to three u64, the backend's dimensions
// (0 fastest), bound per launch by the runtime.
//
// Run before optimisation, by targets without native offsets. Afterwards
// `__smcp_global_id(D)` means the id *without* the offset, which the target
// lowering computes from its registers:
//   __smcp_global_offset(D)  ->  load offset[D]
//   __smcp_global_id(D)      ->  __smcp_global_id(D) + load offset[D]
// The loads are invariant: nothing the kernel does changes the offset.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace smcp {
namespace {

/// offset[D], read through a fresh implicit argument at B's insertion point
/// (ImplicitArgParamsPass merges them into one parameter per kernel).
Value *loadOffset(IRBuilder<> &B, Value *Dim, Type *Ty) {
  Value *Base = createImplicitArg(B, abi::implicit_arg_kind::global_offset, "");
  Type *I64 = B.getInt64Ty();
  Value *Words = B.CreateBitCast(Base, I64->getPointerTo(1));
  Value *Slot = B.CreateInBoundsGEP(I64, Words, B.CreateZExt(Dim, I64));
  LoadInst *L = B.CreateAlignedLoad(I64, Slot, Align(8), "global_offset");
  L->setMetadata(LLVMContext::MD_invariant_load, MDNode::get(B.getContext(), {}));
  return B.CreateZExtOrTrunc(L, Ty);
}

SmallVector<CallInst *, 16> callsOf(Module &M, StringRef Name) {
  SmallVector<CallInst *, 16> Calls;
  if (Function *F = M.getFunction(Name))
    for (User *U : F->users())
      if (auto *CI = dyn_cast<CallInst>(U); CI && CI->getCalledFunction() == F)
        Calls.push_back(CI);
  return Calls;
}

} // namespace

PreservedAnalyses FoldGlobalOffsetPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (CallInst *CI : callsOf(M, "__smcp_global_offset")) {
    IRBuilder<> B(CI);
    CI->replaceAllUsesWith(loadOffset(B, CI->getArgOperand(0), CI->getType()));
    CI->eraseFromParent();
    Changed = true;
  }
  // Collected first: the sums keep the (now offset-free) calls themselves.
  for (CallInst *CI : callsOf(M, "__smcp_global_id")) {
    IRBuilder<> B(CI->getNextNode());
    Value *Sum = B.CreateAdd(CI, loadOffset(B, CI->getArgOperand(0), CI->getType()));
    CI->replaceUsesWithIf(Sum, [&](Use &U) { return U.getUser() != Sum; });
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace smcp
