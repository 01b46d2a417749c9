//===- RematerializeAcrossBarriers.cpp - Cheap values recomputed after barriers -===//
//
// CPU OpenCL runtimes (PoCL) run a work-group as loops over its work-items,
// one loop per stretch of code between barriers; a value computed before a
// barrier and used after it is kept for every work-item in a "context
// array" in memory. The optimiser hoists index and address arithmetic out of
// loops, often to the kernel's entry, so a tiled kernel's loop after a
// barrier reads its addresses back per work-item from such arrays, and the
// CPU compiler vectorises those reads into gathers (SGEMM through
// group-local memory: 41 context arrays where the same OpenCL C kernel,
// which no optimiser touched before PoCL, has 12; half its speed).
//
// This pass undoes that for the cheap, pure operations (integer arithmetic,
// casts, address computations, comparisons, selects, the index built-ins):
// in a function with barriers, an operand that is such an instruction and is
// defined outside the stretch of code where it is used is recomputed there,
// from its own operands, recursively, up to values of other kinds (loads,
// phis, arguments). One copy per stretch of a block; PoCL's optimiser,
// which runs per stretch, hoists within it again. Values that need longer
// chains than MaxChain instructions are left alone.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "smcp-remat-across-barriers"

STATISTIC(NumRematerialized, "Instructions recomputed after a barrier");

namespace smcp {

static constexpr unsigned MaxChain = 16;

static bool isBarrier(const Instruction &I) {
  const auto *CI = dyn_cast<CallInst>(&I);
  const Function *F = CI ? CI->getCalledFunction() : nullptr;
  return F && F->getName() == "_Z22__spirv_ControlBarrieriii";
}

/// Pure and cheap enough to compute again: never memory, never division
/// (slow), never a call with effects or one that must stay convergent.
static bool isCheap(const Instruction &I) {
  if (isa<GetElementPtrInst>(I) || isa<CastInst>(I) || isa<ICmpInst>(I))
    return true;
  if (isa<SelectInst>(I) || isa<BinaryOperator>(I)) {
    if (!I.getType()->isIntOrIntVectorTy() && !I.getType()->isPtrOrPtrVectorTy())
      return false;
    switch (I.getOpcode()) {
    case Instruction::UDiv:
    case Instruction::SDiv:
    case Instruction::URem:
    case Instruction::SRem:
      return false;
    default:
      return true;
    }
  }
  const auto *CI = dyn_cast<CallInst>(&I);
  const Function *Callee = CI ? CI->getCalledFunction() : nullptr;
  if (!Callee || !CI->doesNotAccessMemory())
    return false;
  // Pure intrinsics (umin), and the index built-ins: `const` declarations
  // (include/sycl/detail/builtins.hpp) that SYCL device compiles mark
  // convergent like every function, though their value is the work-item's
  // own wherever they are called.
  if (Callee->isIntrinsic())
    return !CI->isConvergent() && !CI->mayHaveSideEffects();
  return Callee->isDeclaration() && Callee->getName().startswith("__smcp_");
}

namespace {

/// The copies made in one stretch of one block (from its start or its last
/// barrier to the current instruction).
class Stretch {
public:
  explicit Stretch(BasicBlock &BB) : BB(BB) {}

  /// A barrier ends the stretch: values before it are out of reach.
  void restartAfter(Instruction *Barrier) {
    Start = Barrier;
    Copies.clear();
  }

  /// V, usable at IP (in this stretch): V itself when it is computed in
  /// the stretch or is no cheap instruction, else its copy.
  Value *available(Value *V, Instruction *IP) {
    auto *I = dyn_cast<Instruction>(V);
    if (!I || !isCheap(*I) || inStretch(I))
      return V;
    if (Value *Copy = Copies.lookup(I))
      return Copy;
    unsigned Budget = MaxChain;
    if (!fits(I, Budget))
      return V;
    return copy(I, IP);
  }

private:
  bool inStretch(const Instruction *I) const {
    return I->getParent() == &BB && (!Start || Start->comesBefore(I));
  }

  /// Does I's chain of cheap instructions outside the stretch have at most
  /// Budget instructions?
  bool fits(const Instruction *I, unsigned &Budget) const {
    if (!isCheap(*I) || inStretch(I) || Copies.count(I))
      return true;
    if (Budget == 0)
      return false;
    --Budget;
    for (const Value *Op : I->operands())
      if (const auto *OpI = dyn_cast<Instruction>(Op); OpI && !fits(OpI, Budget))
        return false;
    return true;
  }

  Instruction *copy(Instruction *I, Instruction *IP) {
    Instruction *Copy = I->clone();
    for (Use &Op : Copy->operands())
      Op.set(available(Op.get(), IP));
    Copy->insertBefore(IP);
    if (I->hasName())
      Copy->setName(I->getName() + ".remat");
    Copies[I] = Copy;
    ++NumRematerialized;
    return Copy;
  }

  BasicBlock &BB;
  Instruction *Start = nullptr; // the stretch's barrier, null at the block's start
  DenseMap<const Instruction *, Instruction *> Copies;
};

} // namespace

/// The incoming values of BB's successors' phis come from the end of BB.
static bool rematerializePhiInputs(BasicBlock &BB, Stretch &S) {
  bool Changed = false;
  Instruction *End = BB.getTerminator();
  for (BasicBlock *Succ : successors(&BB))
    for (PHINode &Phi : Succ->phis())
      for (unsigned K = 0; K < Phi.getNumIncomingValues(); ++K) {
        if (Phi.getIncomingBlock(K) != &BB)
          continue;
        Value *V = Phi.getIncomingValue(K);
        Value *A = S.available(V, End);
        if (A != V) {
          Phi.setIncomingValue(K, A);
          Changed = true;
        }
      }
  return Changed;
}

static bool rematerializeBlock(BasicBlock &BB) {
  bool Changed = false;
  Stretch S(BB);
  for (Instruction &I : make_early_inc_range(BB)) {
    if (isa<PHINode>(I))
      continue;
    if (isBarrier(I)) {
      S.restartAfter(&I);
      continue;
    }
    if (I.isTerminator())
      Changed |= rematerializePhiInputs(BB, S);
    for (Use &Op : I.operands()) {
      Value *A = S.available(Op.get(), &I);
      if (A != Op.get()) {
        Op.set(A);
        Changed = true;
      }
    }
  }
  return Changed;
}

static bool hasBarrier(const Function &F) {
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (isBarrier(I))
        return true;
  return false;
}

static bool rematerializeAcrossBarriers(Function &F) {
  if (F.isDeclaration() || !hasBarrier(F))
    return false;
  bool Changed = false;
  for (BasicBlock &BB : F)
    Changed |= rematerializeBlock(BB);
  // The originals that lost their last use (chains of them: until none).
  for (bool Erased = Changed; Erased;) {
    Erased = false;
    for (BasicBlock &BB : F)
      for (Instruction &I : make_early_inc_range(reverse(BB)))
        if (I.use_empty() && isCheap(I)) {
          I.eraseFromParent();
          Erased = true;
        }
  }
  return Changed;
}

PreservedAnalyses RematerializeAcrossBarriersPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M)
    Changed |= rematerializeAcrossBarriers(F);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace smcp
