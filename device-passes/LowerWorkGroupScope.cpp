//===- LowerWorkGroupScope.cpp - Hierarchical kernels' work-group scope ----===//
//
// A parallel_for_work_group kernel is an nd_range kernel in which every
// work-item calls the work-group function (annotated "smcp.work_group_scope",
// sycl/detail/hierarchical.hpp). SYCL says its code runs once per group and
// its variables are shared by the group's work-items, while the
// parallel_for_work_item calls in it ("smcp.work_item_scope") run once per
// work-item. Before anything is inlined into the kernels, this pass rewrites
// each work-group function W so that all work-items may run it:
//
// 1. Everything W calls except the work-item scopes is inlined into W, and
//    SROA keeps in memory only the variables whose address escapes.
// 2. Variables: allocas the work-item scopes receive (their closures, the
//    group object) and private_memory objects (marked by
//    __smcp_private_memory(this)) stay per work-item; every other alloca
//    becomes a local-memory variable, one per group.
// 3. Code: what writes memory other than a work-item's own variables (stores,
//    calls that may write, atomics) runs on the leader (local id 0) only,
//    between work-group barriers; a value the leader computes that others use
//    is passed through local memory. The rest - loads, arithmetic, building
//    closures - every work-item runs, so control flow stays uniform and each
//    closure holds its own work-item's private addresses. The work-item
//    scopes begin and end with a barrier themselves (group.hpp).
//
// DPC++ lowers the same construct in the same spirit (leader, barriers,
// shadow copies in local memory); this pass is SMCP's own.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Triple.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

#define DEBUG_TYPE "smcp-lower-work-group-scope"

namespace smcp {

namespace {

constexpr unsigned LocalAS = 3;
constexpr const char *PrivateMemoryMarker = "__smcp_private_memory";
constexpr const char *BarrierName = "_Z22__spirv_ControlBarrieriii";
constexpr int WorkgroupScope = 2;
constexpr int AcqRelAllMemory = 0x8 | 0x100 | 0x200; // AcquireRelease | Workgroup | CrossWorkgroup

/// Who runs an instruction of the work-group scope.
enum class Role {
  Any,    // no side effect: every work-item may run it
  Leader, // writes shared memory: the leader alone
  All,    // every work-item, in order: boundaries of the leader's regions
};

SmallPtrSet<Function *, 8> annotated(Module &M, std::string_view Mark) {
  SmallPtrSet<Function *, 8> Result;
  for (const Annotation &A : takeAnnotations(M, StringRef(Mark.data(), Mark.size())))
    if (auto *F = dyn_cast<Function>(A.Value))
      Result.insert(F);
  return Result;
}

/// The address space in which a pointer may point anywhere.
unsigned genericAddressSpace(const Module &M) {
  return Triple(M.getTargetTriple()).isSPIR() ? 4 : 0;
}

class WorkGroupScope {
public:
  WorkGroupScope(Function &W, const SmallPtrSetImpl<Function *> &WorkItemScopes,
                 FunctionAnalysisManager &FAM)
      : W(W), M(*W.getParent()), Ctx(M.getContext()), WorkItemScopes(WorkItemScopes),
        FAM(FAM) {}

  void run() {
    if (!inlineCallees())
      return;
    simplify();
    findPrivateVariables();
    for (AllocaInst *AI : sharedVariables())
      moveToLocalMemory(AI);
    computeLeader();
    for (BasicBlock *BB : SmallVector<BasicBlock *, 16>(llvm::make_pointer_range(W)))
      for (Instruction *Start = &BB->front(); Start;)
        Start = lowerNextRegion(Start);
  }

private:
  bool isWorkItemScope(const CallBase &CB) const {
    return CB.getCalledFunction() && WorkItemScopes.count(CB.getCalledFunction());
  }

  /// Step 1: W's callees, recursively, except the work-item scopes.
  bool inlineCallees() {
    W.removeFnAttr(Attribute::OptimizeNone); // -O0: SROA must run on W
    for (unsigned Round = 0; Round < 64; ++Round) {
      SmallVector<CallBase *, 16> Calls;
      for (Instruction &I : instructions(W))
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (Function *Callee = CB->getCalledFunction();
              Callee && !Callee->isDeclaration() && !isWorkItemScope(*CB) && Callee != &W)
            Calls.push_back(CB);
      if (Calls.empty())
        return true;
      for (CallBase *CB : Calls) {
        InlineFunctionInfo IFI;
        if (!InlineFunction(*CB, IFI).isSuccess())
          return fail(*CB, "cannot inline this call into the work-group scope of a "
                           "parallel_for_work_group kernel");
      }
    }
    return fail(W.getEntryBlock().front(),
                "the work-group scope of a parallel_for_work_group kernel calls too deeply "
                "(recursion?)");
  }

  /// Keeps in memory only what the work-item scopes or other calls can see.
  void simplify() {
    FunctionPassManager FPM;
    if (genericAddressSpace(M) != 0)
      FPM.addPass(InferAddressSpacesPass(genericAddressSpace(M)));
    FPM.addPass(SROAPass());
    FPM.run(W, FAM);
  }

  /// Step 2: allocas handed to a work-item scope, and private_memory objects.
  void findPrivateVariables() {
    for (Instruction &I : make_early_inc_range(instructions(W))) {
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      if (isWorkItemScope(*CB)) {
        for (Value *Arg : CB->args())
          if (Arg->getType()->isPointerTy())
            if (auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(Arg)))
              Private.insert(AI);
      } else if (CB->getCalledFunction() &&
                 CB->getCalledFunction()->getName() == PrivateMemoryMarker) {
        if (auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(CB->getArgOperand(0))))
          Private.insert(AI);
        CB->eraseFromParent();
      }
    }
  }

  SmallVector<AllocaInst *, 8> sharedVariables() const {
    SmallVector<AllocaInst *, 8> Shared;
    for (Instruction &I : instructions(W))
      if (auto *AI = dyn_cast<AllocaInst>(&I); AI && !Private.count(AI))
        Shared.push_back(AI);
    return Shared;
  }

  void moveToLocalMemory(AllocaInst *AI) {
    if (!AI->isStaticAlloca()) {
      fail(*AI, "a variable of dynamic size in the work-group scope of a "
                "parallel_for_work_group kernel");
      return;
    }
    Type *Ty = AI->getAllocatedType();
    if (auto *Count = dyn_cast<ConstantInt>(AI->getArraySize()); Count && !Count->isOne())
      Ty = ArrayType::get(Ty, Count->getZExtValue());
    auto *GV = new GlobalVariable(M, Ty, false, GlobalValue::InternalLinkage, UndefValue::get(Ty),
                                  "smcp.work_group_var", nullptr, GlobalValue::NotThreadLocal,
                                  LocalAS);
    GV->setAlignment(AI->getAlign());
    rewritePointer(AI, GV);
  }

  /// Replaces the private pointer Old by New, a pointer into local memory.
  void rewritePointer(Instruction *Old, Value *New) {
    if (Old->getType()->getPointerAddressSpace() == genericAddressSpace(M)) {
      // nvptx64: private variables already have generic addresses.
      Old->replaceAllUsesWith(IRBuilder<>(Old).CreateAddrSpaceCast(New, Old->getType()));
      Old->eraseFromParent();
      return;
    }
    for (Use &U : make_early_inc_range(Old->uses()))
      rewriteUse(U, New);
    if (Old->use_empty())
      Old->eraseFromParent();
  }

  void rewriteUse(Use &U, Value *New) {
    auto *User = cast<Instruction>(U.getUser());
    IRBuilder<> B(User);
    if (auto *Cast = dyn_cast<AddrSpaceCastInst>(User)) {
      Cast->replaceAllUsesWith(B.CreatePointerBitCastOrAddrSpaceCast(New, Cast->getType()));
      Cast->eraseFromParent();
    } else if (auto *BC = dyn_cast<BitCastInst>(User)) { // typed pointers
      auto *Ty = PointerType::getWithSamePointeeType(cast<PointerType>(BC->getType()), LocalAS);
      rewritePointer(BC, B.CreateBitCast(New, Ty));
    } else if (auto *GEP = dyn_cast<GetElementPtrInst>(User)) {
      SmallVector<Value *, 4> Indices(GEP->indices());
      auto *NewGEP = cast<Instruction>(
          B.CreateGEP(GEP->getSourceElementType(), New, Indices, "", GEP->isInBounds()));
      rewritePointer(GEP, NewGEP);
    } else if (isa<LoadInst>(User) || (isa<StoreInst>(User) && U.getOperandNo() == 1)) {
      U.set(New);
    } else if (auto *II = dyn_cast<IntrinsicInst>(User); II && II->isLifetimeStartOrEnd()) {
      II->eraseFromParent();
    } else if (auto *MT = dyn_cast<MemTransferInst>(User)) {
      bool IsDest = U.getOperandNo() == 0;
      B.CreateMemCpy(IsDest ? New : MT->getRawDest(), MT->getDestAlign(),
                     IsDest ? MT->getRawSource() : New, MT->getSourceAlign(), MT->getLength(),
                     MT->isVolatile());
      MT->eraseFromParent();
    } else if (auto *MS = dyn_cast<MemSetInst>(User)) {
      B.CreateMemSet(New, MS->getValue(), MS->getLength(), MS->getDestAlign(), MS->isVolatile());
      MS->eraseFromParent();
    } else {
      fail(*User, "a work-group-scope variable of a parallel_for_work_group kernel is used "
                  "in a way that local memory cannot serve (its private address escapes)");
    }
  }

  /// The leader test, once at W's entry: local id (0, 0, 0).
  void computeLeader() {
    IRBuilder<> B(&*W.getEntryBlock().getFirstInsertionPt());
    Type *SizeTy = B.getInt64Ty();
    FunctionCallee LocalId = M.getOrInsertFunction("__smcp_local_id", SizeTy, B.getInt32Ty());
    if (auto *F = dyn_cast<Function>(LocalId.getCallee()))
      F->setDoesNotAccessMemory();
    Value *Any = B.CreateOr(B.CreateOr(B.CreateCall(LocalId, {B.getInt32(0)}),
                                       B.CreateCall(LocalId, {B.getInt32(1)})),
                            B.CreateCall(LocalId, {B.getInt32(2)}));
    IsLeader = B.CreateICmpEQ(Any, ConstantInt::get(SizeTy, 0), "smcp.wg_leader");
  }

  bool writesPrivateOnly(Value *Ptr) const {
    auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(Ptr));
    return AI && Private.count(AI);
  }

  Role roleOf(Instruction &I) const {
    if (isa<PHINode>(I) || I.isTerminator() || isa<AllocaInst>(I) || I.isEHPad())
      return Role::All;
    if (auto *SI = dyn_cast<StoreInst>(&I))
      return writesPrivateOnly(SI->getPointerOperand()) ? Role::All : Role::Leader;
    if (auto *MI = dyn_cast<MemIntrinsic>(&I))
      return writesPrivateOnly(MI->getRawDest()) ? Role::All : Role::Leader;
    if (auto *CB = dyn_cast<CallBase>(&I)) {
      if (isWorkItemScope(*CB) || CB->isConvergent())
        return Role::All;
      if (auto *II = dyn_cast<IntrinsicInst>(CB);
          II && (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II) ||
                 II->getIntrinsicID() == Intrinsic::assume))
        return Role::Any;
      return CB->onlyReadsMemory() ? Role::Any : Role::Leader;
    }
    return I.mayWriteToMemory() || I.mayThrow() ? Role::Leader : Role::Any;
  }

  /// Step 3: finds the next run of leader work from Start on in Start's block
  /// (up to the next instruction every work-item must run), moves it under
  /// the leader test, and returns where to go on (null at the block's end).
  Instruction *lowerNextRegion(Instruction *Start) {
    Instruction *First = nullptr, *Last = nullptr;
    for (Instruction *I = Start; I; I = I->getNextNode()) {
      Role R = roleOf(*I);
      if (R == Role::All && First)
        break;
      if (R == Role::Leader) {
        First = First ? First : I;
        Last = I;
      }
    }
    if (!First)
      return nullptr;
    SmallVector<Instruction *, 16> Region = collectRegion(First, Last);
    return guardRegion(Region);
  }

  /// The instructions from First to Last the leader runs. Side-effect-free
  /// ones that do not depend on the region move before it instead, so that
  /// every work-item still has them (addresses of its own closures).
  SmallVector<Instruction *, 16> collectRegion(Instruction *First, Instruction *Last) {
    SmallVector<Instruction *, 16> Region;
    SmallPtrSet<Instruction *, 16> InRegion;
    Instruction *End = Last->getNextNode();
    for (Instruction *I = First; I != End;) {
      Instruction *Next = I->getNextNode();
      bool DependsOnRegion = llvm::any_of(I->operands(), [&](Value *Op) {
        return isa<Instruction>(Op) && InRegion.count(cast<Instruction>(Op));
      });
      if (roleOf(*I) == Role::Any && !isa<LoadInst>(I) && !DependsOnRegion) {
        I->moveBefore(First);
      } else {
        Region.push_back(I);
        InRegion.insert(I);
      }
      I = Next;
    }
    return Region;
  }

  /// barrier; if (leader) { Region; publish } barrier; read what was published.
  Instruction *guardRegion(ArrayRef<Instruction *> Region) {
    Instruction *First = Region.front();
    Instruction *Prev = First->getPrevNode();
    if (!Prev || !isa<CallBase>(Prev) || !isWorkItemScope(*cast<CallBase>(Prev)))
      barrier(First);
    Instruction *ThenTerm = SplitBlockAndInsertIfThen(IsLeader, First, false);
    for (Instruction *I : Region)
      I->moveBefore(ThenTerm);
    BasicBlock *Then = ThenTerm->getParent();
    BasicBlock *Tail = ThenTerm->getSuccessor(0);
    Instruction *After = &*Tail->getFirstInsertionPt();
    barrier(After);
    for (Instruction *I : Region)
      publish(I, Then, ThenTerm, After);
    return After;
  }

  /// I's users outside the leader's block read its value from local memory.
  void publish(Instruction *I, BasicBlock *Then, Instruction *ThenTerm, Instruction *After) {
    if (I->getType()->isVoidTy() || llvm::all_of(I->users(), [&](User *U) {
          return cast<Instruction>(U)->getParent() == Then;
        }))
      return;
    Type *Ty = I->getType();
    auto *Slot = new GlobalVariable(M, Ty, false, GlobalValue::InternalLinkage,
                                    UndefValue::get(Ty), "smcp.work_group_value", nullptr,
                                    GlobalValue::NotThreadLocal, LocalAS);
    new StoreInst(I, Slot, ThenTerm);
    auto *Shared = new LoadInst(Ty, Slot, I->getName() + ".shared", After);
    I->replaceUsesWithIf(Shared, [&](Use &U) {
      return cast<Instruction>(U.getUser())->getParent() != Then;
    });
  }

  void barrier(Instruction *Before) {
    IRBuilder<> B(Before);
    FunctionCallee Barrier = M.getOrInsertFunction(BarrierName, B.getVoidTy(), B.getInt32Ty(),
                                                   B.getInt32Ty(), B.getInt32Ty());
    if (auto *F = dyn_cast<Function>(Barrier.getCallee()))
      F->addFnAttr(Attribute::Convergent);
    CallInst *CI = B.CreateCall(Barrier, {B.getInt32(WorkgroupScope), B.getInt32(WorkgroupScope),
                                          B.getInt32(AcqRelAllMemory)});
    CI->setConvergent();
  }

  bool fail(Instruction &At, const Twine &Why) {
    Ctx.emitError(&At, Why);
    return false;
  }

  Function &W;
  Module &M;
  LLVMContext &Ctx;
  const SmallPtrSetImpl<Function *> &WorkItemScopes;
  FunctionAnalysisManager &FAM;
  SmallPtrSet<AllocaInst *, 8> Private;
  Value *IsLeader = nullptr;
};

/// private_memory outside a work-group scope (in a work-item scope, or a
/// kernel of another kind) is already per work-item: the marker goes.
void dropPrivateMemoryMarkers(Module &M) {
  if (Function *Marker = M.getFunction(PrivateMemoryMarker)) {
    for (User *U : make_early_inc_range(Marker->users()))
      if (auto *CI = dyn_cast<CallInst>(U))
        CI->eraseFromParent();
    if (Marker->use_empty())
      Marker->eraseFromParent();
  }
}

} // namespace

PreservedAnalyses LowerWorkGroupScopePass::run(Module &M, ModuleAnalysisManager &MAM) {
  SmallPtrSet<Function *, 8> WorkGroupScopes = annotated(M, abi::work_group_scope_mark);
  SmallPtrSet<Function *, 8> WorkItemScopes = annotated(M, abi::work_item_scope_mark);
  if (WorkGroupScopes.empty() && !M.getFunction(PrivateMemoryMarker))
    return PreservedAnalyses::all();
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (Function *W : WorkGroupScopes)
    if (!W->isDeclaration())
      WorkGroupScope(*W, WorkItemScopes, FAM).run();
  dropPrivateMemoryMarkers(M);
  return PreservedAnalyses::none();
}

} // namespace smcp
