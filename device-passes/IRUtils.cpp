//===- IRUtils.cpp - Helpers shared by the device passes -------------------===//

#include "Passes.h"
#include "AnnotationEntries.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace smcp {

void filterGlobalList(Module &M, StringRef Name, function_ref<bool(Constant *)> Keep) {
  GlobalVariable *List = M.getNamedGlobal(Name);
  if (!List || !List->hasInitializer())
    return;
  auto *Array = dyn_cast<ConstantArray>(List->getInitializer());
  if (!Array)
    return;
  SmallVector<Constant *, 8> Kept;
  for (Value *Op : Array->operands())
    if (Keep(cast<Constant>(Op)))
      Kept.push_back(cast<Constant>(Op));
  if (Kept.size() == Array->getNumOperands())
    return;
  Type *ElemTy = Array->getType()->getElementType();
  std::string ListName = Name.str();
  List->eraseFromParent();
  if (Kept.empty())
    return;
  auto *Ty = ArrayType::get(ElemTy, Kept.size());
  auto *NewList = new GlobalVariable(M, Ty, false, GlobalValue::AppendingLinkage,
                                     ConstantArray::get(Ty, Kept), ListName);
  NewList->setSection("llvm.metadata");
}

/// The integer arguments of an llvm.global.annotations entry (its fifth
/// field: a constant struct of the annotate attribute's arguments).
static std::vector<uint64_t> annotationArgs(const Constant *Entry) {
  std::vector<uint64_t> Args;
  auto *GV = Entry->getNumOperands() > 4
                 ? dyn_cast<GlobalVariable>(Entry->getOperand(4)->stripPointerCasts())
                 : nullptr;
  if (!GV || !GV->hasInitializer())
    return Args;
  for (const Use &Op : GV->getInitializer()->operands())
    if (auto *CI = dyn_cast<ConstantInt>(Op.get()))
      Args.push_back(CI->getZExtValue());
  return Args;
}

GlobalValue *annotatedValue(const Constant *Entry) {
  return dyn_cast<GlobalValue>(Entry->getOperand(0)->stripPointerCasts());
}

StringRef annotationText(const Constant *Entry) {
  auto *StrGV = dyn_cast<GlobalVariable>(Entry->getOperand(1)->stripPointerCasts());
  if (StrGV && StrGV->hasInitializer())
    if (auto *CDA = dyn_cast<ConstantDataArray>(StrGV->getInitializer()))
      return CDA->getAsCString();
  return "";
}

std::vector<Annotation> takeAnnotations(Module &M, StringRef Prefix) {
  std::vector<Annotation> Result;
  filterGlobalList(M, "llvm.global.annotations", [&](Constant *Entry) {
    GlobalValue *Annotated = annotatedValue(Entry);
    StringRef Text = annotationText(Entry);
    if (!Annotated || !(Text == Prefix || Text.startswith((Prefix + " ").str())))
      return true;
    Result.push_back({Annotated, Text.str(), annotationArgs(Entry)});
    return false;
  });
  return Result;
}

bool serializeConstant(const DataLayout &DL, Constant *C, uint8_t *Out) {
  if (isa<ConstantAggregateZero>(C) || isa<UndefValue>(C) || C->isNullValue())
    return true; // Out is zero-filled
  auto Store = [&](const APInt &Bits) {
    for (unsigned I = 0; I < Bits.getBitWidth() / 8; ++I)
      Out[I] = uint8_t(Bits.extractBitsAsZExtValue(8, I * 8));
    return true;
  };
  if (auto *CInt = dyn_cast<ConstantInt>(C))
    return Store(CInt->getValue().zextOrTrunc(unsigned(DL.getTypeStoreSizeInBits(C->getType()))));
  if (auto *CFP = dyn_cast<ConstantFP>(C))
    return Store(CFP->getValueAPF().bitcastToAPInt());
  Type *Ty = C->getType();
  if (auto *ST = dyn_cast<StructType>(Ty)) {
    const StructLayout *SL = DL.getStructLayout(ST);
    for (unsigned I = 0; I < ST->getNumElements(); ++I)
      if (!serializeConstant(DL, C->getAggregateElement(I), Out + SL->getElementOffset(I)))
        return false;
    return true;
  }
  if (isa<ArrayType>(Ty) || isa<FixedVectorType>(Ty)) {
    Type *Elem = isa<ArrayType>(Ty) ? Ty->getArrayElementType()
                                    : cast<FixedVectorType>(Ty)->getElementType();
    uint64_t Stride = isa<ArrayType>(Ty) ? DL.getTypeAllocSize(Elem) : DL.getTypeStoreSize(Elem);
    uint64_t Count = isa<ArrayType>(Ty) ? Ty->getArrayNumElements()
                                        : cast<FixedVectorType>(Ty)->getNumElements();
    for (uint64_t I = 0; I < Count; ++I)
      if (!serializeConstant(DL, C->getAggregateElement(unsigned(I)), Out + I * Stride))
        return false;
    return true;
  }
  return false;
}

/// The libm name behind F ("sqrtf" and "llvm.sqrt.f32" are both "sqrt"), or
/// "" when F is no scalar float/double math function.
StringRef libmBaseName(const Function &F) {
  FunctionType *FTy = F.getFunctionType();
  Type *Ret = FTy->getReturnType();
  if (!Ret->isFloatTy() && !Ret->isDoubleTy())
    return "";
  for (Type *P : FTy->params())
    if (P != Ret)
      return "";
  StringRef Name = F.getName();
  if (F.isIntrinsic()) {
    Name.consume_front("llvm.");
    return Name.take_until([](char C) { return C == '.'; });
  }
  if (Ret->isFloatTy() && Name.endswith("f"))
    return Name.drop_back();
  return Ret->isDoubleTy() ? Name : "";
}

void foldSubGroupWidth(Module &M, unsigned Width) {
  Function *F = M.getFunction("__smcp_sub_group_max_size");
  if (!F)
    return;
  for (User *U : make_early_inc_range(F->users()))
    if (auto *CI = dyn_cast<CallInst>(U); CI && CI->getCalledFunction() == F) {
      CI->replaceAllUsesWith(ConstantInt::get(CI->getType(), Width));
      CI->eraseFromParent();
    }
  if (F->use_empty())
    F->eraseFromParent();
}

} // namespace smcp
