//===- KernelRequirements.cpp - Optional device features a kernel uses ----===//
//
// SYCL 2020 §5.7: a kernel that uses an optional feature (fp64, fp16, 64-bit
// atomics) must raise errc::kernel_not_supported when submitted to a device
// without it, instead of failing to build or computing garbage. The final
// device IR tells what each kernel really uses (after constant folding, so a
// double constant folded into a float does not count): this analysis walks
// each kernel's call graph and records the aspects it needs.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <sycl/detail/abi/aspects.h>

using namespace llvm;

namespace smcp {
namespace {

unsigned aspectsOfType(Type *T) {
  if (auto *V = dyn_cast<VectorType>(T))
    T = V->getElementType();
  if (T->isDoubleTy())
    return abi::aspect_fp64;
  if (T->isHalfTy())
    return abi::aspect_fp16;
  return 0;
}

/// A 64-bit atomic: an atomic instruction on i64, or a __spirv_Atomic* call
/// on a 64-bit value.
unsigned aspectsOfAtomic(const Instruction &I) {
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return RMW->getType()->getPrimitiveSizeInBits() == 64 ? abi::aspect_atomic64 : 0;
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return CX->getNewValOperand()->getType()->getPrimitiveSizeInBits() == 64
               ? abi::aspect_atomic64
               : 0;
  auto *Call = dyn_cast<CallInst>(&I);
  Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee || !Callee->getName().contains("__spirv_Atomic"))
    return 0;
  Type *Value = Call->getType()->isVoidTy() ? Call->getArgOperand(Call->arg_size() - 1)->getType()
                                            : Call->getType();
  return Value->isIntegerTy(64) ? abi::aspect_atomic64 : 0;
}

unsigned aspectsOfFunction(const Function &F) {
  unsigned Aspects = 0;
  for (const Argument &A : F.args())
    Aspects |= aspectsOfType(A.getType());
  for (const Instruction &I : instructions(F)) {
    Aspects |= aspectsOfType(I.getType()) | aspectsOfAtomic(I);
    for (const Value *Op : I.operands())
      Aspects |= aspectsOfType(Op->getType());
  }
  return Aspects;
}

} // namespace

std::vector<std::pair<std::string, unsigned>> computeKernelAspects(const Module &M) {
  std::vector<std::pair<std::string, unsigned>> Result;
  for (const Function &K : M) {
    if (!isKernel(K))
      continue;
    unsigned Aspects = 0;
    SmallPtrSet<const Function *, 16> Seen;
    SmallVector<const Function *, 16> Work{&K};
    while (!Work.empty()) {
      const Function *F = Work.pop_back_val();
      if (!Seen.insert(F).second || F->isDeclaration())
        continue;
      Aspects |= aspectsOfFunction(*F);
      for (const Instruction &I : instructions(*F))
        if (auto *Call = dyn_cast<CallInst>(&I))
          if (const Function *Callee = Call->getCalledFunction())
            Work.push_back(Callee);
    }
    Result.emplace_back(K.getName().str(), Aspects);
  }
  return Result;
}

} // namespace smcp
