//===- IRUtils.cpp - Helpers shared by the device passes -------------------===//

#include "Passes.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace smcp {

std::vector<Annotation> takeAnnotations(Module &M, StringRef Prefix) {
  std::vector<Annotation> Result;
  GlobalVariable *GA = M.getNamedGlobal("llvm.global.annotations");
  if (!GA || !GA->hasInitializer())
    return Result;
  auto *Array = dyn_cast<ConstantArray>(GA->getInitializer());
  if (!Array)
    return Result;
  SmallVector<Constant *, 8> Kept;
  for (Value *Op : Array->operands()) {
    auto *Entry = cast<ConstantStruct>(Op);
    auto *Annotated = dyn_cast<GlobalValue>(Entry->getOperand(0)->stripPointerCasts());
    auto *StrGV = dyn_cast<GlobalVariable>(Entry->getOperand(1)->stripPointerCasts());
    StringRef Text;
    if (StrGV && StrGV->hasInitializer())
      if (auto *CDA = dyn_cast<ConstantDataArray>(StrGV->getInitializer()))
        Text = CDA->getAsCString();
    if (Annotated && (Text == Prefix || Text.startswith((Prefix + " ").str())))
      Result.push_back({Annotated, Text.str()});
    else
      Kept.push_back(cast<Constant>(Op));
  }
  if (Kept.size() == Array->getNumOperands())
    return Result;
  GA->eraseFromParent();
  if (!Kept.empty()) {
    auto *Ty = ArrayType::get(Kept.front()->getType(), Kept.size());
    auto *NewGA = new GlobalVariable(M, Ty, false, GlobalValue::AppendingLinkage,
                                     ConstantArray::get(Ty, Kept), "llvm.global.annotations");
    NewGA->setSection("llvm.metadata");
  }
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

} // namespace smcp
