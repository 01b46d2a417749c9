//===- SPIRVAtomics.cpp - Atomics on the address space they point into ----===//
//
// OpenCL 1.2 devices (PoCL) have atomics on global and local pointers only,
// and SYCL's atomic_ref calls the __spirv_Atomic* built-ins on generic ones.
// Each such call gets the form of the space its pointer points into:
// - statically, when the generic pointer is a cast (then GEPs and bitcasts)
//   out of a specific space, which InferAddressSpaces leaves alone when its
//   only user is a call;
// - at run time otherwise (a pointer that travelled through an integer, as a
//   USM pointer inside a struct the kernel's functor carries as bytes, like
//   a reduction's kernel): OpGenericCastToPtrExplicit asks whether it points
//   into local memory, and the local or the global form runs.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace smcp {
namespace {

constexpr unsigned GlobalAddressSpace = 1;
constexpr unsigned LocalAddressSpace = 3;
constexpr unsigned GenericAddressSpace = 4;
constexpr unsigned WorkgroupStorageClass = 4; // SPIR-V's, for OpGenericCastToPtrExplicit

/// "_Z18__spirv_AtomicIAddPiiii" with a generic pointer becomes
/// "_Z18__spirv_AtomicIAddPU3AS1iiii" for a global one: the translator then
/// emits the atomic on a global (or local) pointer, which OpenCL 1.2 devices
/// support, instead of a generic one, which they do not.
std::string withPointerAddressSpace(StringRef Mangled, unsigned AS) {
  size_t NameLen = 0;
  StringRef Rest = Mangled.drop_front(2); // "_Z"
  if (Rest.consumeInteger(10, NameLen) || Rest.size() <= NameLen || Rest[NameLen] != 'P')
    return "";
  size_t Insert = Mangled.size() - Rest.size() + NameLen + 1;
  return (Mangled.take_front(Insert) + "U3AS" + Twine(AS) + Mangled.drop_front(Insert)).str();
}

/// Ptr as the same address in its specific address space, when it is a
/// generic pointer computed (GEPs, bitcasts) from one cast out of a specific
/// space; new GEPs and bitcasts go before At. InferAddressSpaces leaves such
/// chains alone when their only user is a call, as atomics are.
Value *specificPointer(Value *Ptr, Instruction *At) {
  if (auto *Cast = dyn_cast<AddrSpaceCastOperator>(Ptr))
    return Cast->getPointerOperand()->getType()->getPointerAddressSpace() != GenericAddressSpace
               ? Cast->getPointerOperand()
               : nullptr;
  IRBuilder<> B(At);
  if (auto *GEP = dyn_cast<GEPOperator>(Ptr)) {
    Value *Base = specificPointer(GEP->getPointerOperand(), At);
    if (!Base)
      return nullptr;
    SmallVector<Value *, 4> Indices(GEP->indices());
    return GEP->isInBounds() ? B.CreateInBoundsGEP(GEP->getSourceElementType(), Base, Indices)
                             : B.CreateGEP(GEP->getSourceElementType(), Base, Indices);
  }
  if (auto *BC = dyn_cast<BitCastOperator>(Ptr); BC && BC->getType()->isPointerTy()) {
    Value *Base = specificPointer(BC->getOperand(0), At);
    if (!Base)
      return nullptr;
    return B.CreateBitCast(Base, PointerType::getWithSamePointeeType(
                                     cast<PointerType>(BC->getType()),
                                     Base->getType()->getPointerAddressSpace()));
  }
  return nullptr;
}

/// The declaration of the atomic F's form on pointers of type PtrTy (into
/// address space AS), or null when F's name does not take one.
Function *atomicIn(Function &F, unsigned AS, Type *PtrTy) {
  std::string Name = withPointerAddressSpace(F.getName(), AS);
  if (Name.empty())
    return nullptr;
  SmallVector<Type *, 6> Params(F.getFunctionType()->param_begin(),
                                F.getFunctionType()->param_end());
  Params[0] = PtrTy;
  auto *Specific = dyn_cast<Function>(
      F.getParent()
          ->getOrInsertFunction(Name, FunctionType::get(F.getReturnType(), Params, false))
          .getCallee());
  if (Specific)
    Specific->setCallingConv(F.getCallingConv());
  return Specific;
}

/// CI, the atomic F on the specific pointer Ptr.
bool specializeStatically(CallInst *CI, Function &F, Value *Ptr) {
  Function *Specific = atomicIn(F, Ptr->getType()->getPointerAddressSpace(), Ptr->getType());
  if (!Specific)
    return false;
  Value *Generic = CI->getArgOperand(0);
  CI->setArgOperand(0, Ptr);
  CI->setCalledFunction(Specific);
  RecursivelyDeleteTriviallyDeadInstructions(Generic);
  return true;
}

/// Ptr (generic) in local memory, or null: OpGenericCastToPtrExplicit.
Value *castToLocal(IRBuilder<> &B, Value *Ptr) {
  Module &M = *B.GetInsertBlock()->getModule();
  LLVMContext &Ctx = M.getContext();
  FunctionCallee ToLocal = M.getOrInsertFunction(
      "_Z40__spirv_GenericCastToPtrExplicit_ToLocalPvi", Type::getInt8PtrTy(Ctx, LocalAddressSpace),
      Type::getInt8PtrTy(Ctx, GenericAddressSpace), B.getInt32Ty());
  cast<Function>(ToLocal.getCallee())->setCallingConv(CallingConv::SPIR_FUNC);
  CallInst *Local = B.CreateCall(
      ToLocal, {B.CreatePointerCast(Ptr, Type::getInt8PtrTy(Ctx, GenericAddressSpace)),
                B.getInt32(WorkgroupStorageClass)});
  Local->setCallingConv(CallingConv::SPIR_FUNC);
  return Local;
}

/// CI, the atomic F on a generic pointer of unknown origin, becomes "if it
/// points into local memory, the local form, else the global form" (a
/// private pointer, which an atomic_ref may hold, takes the global form:
/// devices without generic atomics keep all three in one flat space).
bool specializeAtRunTime(CallInst *CI, Function &F) {
  Value *Ptr = CI->getArgOperand(0);
  auto *PtrTy = cast<PointerType>(Ptr->getType());
  auto *LocalTy = PointerType::getWithSamePointeeType(PtrTy, LocalAddressSpace);
  auto *GlobalTy = PointerType::getWithSamePointeeType(PtrTy, GlobalAddressSpace);
  Function *Local = atomicIn(F, LocalAddressSpace, LocalTy);
  Function *Global = atomicIn(F, GlobalAddressSpace, GlobalTy);
  if (!Local || !Global)
    return false;
  IRBuilder<> B(CI);
  Value *LocalBytes = castToLocal(B, Ptr);
  Instruction *Then = nullptr, *Else = nullptr;
  SplitBlockAndInsertIfThenElse(B.CreateIsNotNull(LocalBytes), CI, &Then, &Else);
  auto CallIn = [&](Instruction *At, Function *Callee, Value *P) {
    auto *Call = cast<CallInst>(CI->clone());
    Call->insertBefore(At);
    Call->setCalledFunction(Callee);
    Call->setArgOperand(0, P);
    return Call;
  };
  B.SetInsertPoint(Then);
  CallInst *InLocal = CallIn(Then, Local, B.CreatePointerCast(LocalBytes, LocalTy));
  B.SetInsertPoint(Else);
  CallInst *InGlobal = CallIn(Else, Global, B.CreateAddrSpaceCast(Ptr, GlobalTy));
  if (!CI->getType()->isVoidTy()) {
    PHINode *Result = PHINode::Create(CI->getType(), 2, "atomic", CI);
    Result->addIncoming(InLocal, Then->getParent());
    Result->addIncoming(InGlobal, Else->getParent());
    CI->replaceAllUsesWith(Result);
  }
  CI->eraseFromParent();
  return true;
}

} // namespace

bool specializeAtomicPointers(Module &M) {
  bool Changed = false;
  for (Function &F : make_early_inc_range(M)) {
    if (!F.isDeclaration() || !F.getName().contains("__spirv_Atomic") || F.arg_empty() ||
        !F.getArg(0)->getType()->isPointerTy() ||
        F.getArg(0)->getType()->getPointerAddressSpace() != GenericAddressSpace)
      continue;
    for (User *U : make_early_inc_range(F.users())) {
      auto *CI = dyn_cast<CallInst>(U);
      if (!CI || CI->getCalledFunction() != &F)
        continue;
      if (Value *Ptr = specificPointer(CI->getArgOperand(0), CI))
        Changed |= specializeStatically(CI, F, Ptr);
      else
        Changed |= specializeAtRunTime(CI, F);
    }
    if (F.use_empty())
      F.eraseFromParent();
  }
  return Changed;
}

} // namespace smcp
