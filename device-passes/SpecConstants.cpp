//===- SpecConstants.cpp - Specialization constants to SPIR-V spec constants ===//
//
// kernel_handler::get_specialization_constant<Var>() calls the marker
//   __smcp_spec_constant(const char *TuPrefix, const char *Name,
//                        const void *IdObject, void *Out)
// where IdObject is the specialization_id variable (its only field holds the
// default) and Out receives the value. This pass runs right after the device
// link, so one variable used from several TUs is one IR global and gets one
// set of SpecIds (IDs cannot be assigned per TU: SYCL_EXTERNAL code spreads
// kernels over TUs).
//
// Per variable, the value type is flattened depth-first into scalar leaves,
// one SpecId each (DPC++'s 1:N mapping); each marker becomes
// __spirv_SpecConstant(id, default) per leaf and
// __spirv_SpecConstantComposite(elems...) per aggregate, which translator 15
// emits as OpSpecConstant + SpecId / OpSpecConstantComposite. The layout goes
// to the named metadata !smcp.spec_constants, one node per symbolic id:
//   !{!"<symbolic id>", !"<default bytes, hex>", i32 SpecId, i32 Offset,
//     i32 Size, ...}
// with SpecId 0xFFFFFFFF for padding; smcp-post-link turns it into image
// properties and removes it.
//
// Targets without native specialization (nvptx64: PTX has none) read each
// leaf from the spec-constant buffer instead, an implicit kernel argument
// the runtime fills with the values or defaults: SpecId k at byte
// abi::spec_constant_slot * k. The metadata is the same.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Triple.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <optional>

#include <sycl/detail/abi/hex.h>

using namespace llvm;

namespace smcp {
namespace {

constexpr uint32_t PaddingSpecId = 0xFFFFFFFFu;

struct Leaf {
  uint32_t SpecId;
  uint32_t Offset;
  uint32_t Size;
};

/// One specialization_id variable of the linked module.
struct SpecConstant {
  Type *ValueTy = nullptr;
  std::vector<Leaf> Leaves;       // padding included
  std::vector<uint8_t> Default;   // sizeof(T) bytes
  std::vector<std::string> SymbolicIds; // several when TUs share the variable
};

class SpecConstantLowering {
public:
  explicit SpecConstantLowering(Module &M)
      : M(M), DL(M.getDataLayout()), Emulate(Triple(M.getTargetTriple()).isNVPTX()) {}

  bool run();

private:
  bool lowerCall(CallInst *CI);
  SpecConstant *describe(GlobalVariable *GV, CallInst *CI);
  bool flatten(Type *Ty, uint32_t Offset, SpecConstant &SC, CallInst *CI);
  bool serialize(Constant *C, uint8_t *Out, CallInst *CI);
  Value *buildValue(IRBuilder<> &B, Type *Ty, const SpecConstant &SC, size_t &LeafIndex);
  Constant *leafDefault(Type *Ty, const SpecConstant &SC, uint32_t Offset);
  FunctionCallee scalarBuiltin(Type *Ty);
  FunctionCallee compositeBuiltin(Type *Ty);
  void writeMetadata();

  bool error(CallInst *CI, const Twine &Msg) {
    M.getContext().emitError(CI, "specialization constant: " + Msg);
    return false;
  }

  Module &M;
  const DataLayout &DL;
  bool Emulate; // no native specialization: values come from the buffer
  uint32_t NextSpecId = 0;
  MapVector<GlobalVariable *, SpecConstant> Constants;
  DenseMap<Type *, FunctionCallee> Composites;
};

std::optional<std::string> constantString(Value *V) {
  auto *GV = dyn_cast<GlobalVariable>(getUnderlyingObject(V->stripPointerCasts()));
  if (!GV || !GV->hasInitializer())
    return std::nullopt;
  auto *Data = dyn_cast<ConstantDataSequential>(GV->getInitializer());
  if (!Data || !Data->isCString())
    return std::nullopt;
  return Data->getAsCString().str();
}

/// Itanium codes of the scalar types a leaf can have.
std::optional<StringRef> scalarCode(Type *Ty) {
  if (Ty->isHalfTy())
    return StringRef("Dh");
  if (Ty->isFloatTy())
    return StringRef("f");
  if (Ty->isDoubleTy())
    return StringRef("d");
  if (auto *IT = dyn_cast<IntegerType>(Ty))
    switch (IT->getBitWidth()) {
    case 8:
      return StringRef("a");
    case 16:
      return StringRef("s");
    case 32:
      return StringRef("i");
    case 64:
      return StringRef("l");
    }
  return std::nullopt;
}

} // namespace

bool SpecConstantLowering::flatten(Type *Ty, uint32_t Offset, SpecConstant &SC, CallInst *CI) {
  auto Pad = [&](uint32_t From, uint32_t To) {
    if (To > From)
      SC.Leaves.push_back({PaddingSpecId, From, To - From});
  };
  if (scalarCode(Ty)) {
    SC.Leaves.push_back({NextSpecId++, Offset, uint32_t(DL.getTypeStoreSize(Ty))});
    return true;
  }
  if (auto *ST = dyn_cast<StructType>(Ty)) {
    const StructLayout *SL = DL.getStructLayout(ST);
    uint32_t End = Offset;
    for (unsigned I = 0; I < ST->getNumElements(); ++I) {
      uint32_t At = Offset + uint32_t(SL->getElementOffset(I));
      Pad(End, At);
      if (!flatten(ST->getElementType(I), At, SC, CI))
        return false;
      End = At + uint32_t(DL.getTypeStoreSize(ST->getElementType(I)));
    }
    Pad(End, Offset + uint32_t(SL->getSizeInBytes()));
    return true;
  }
  if (auto *AT = dyn_cast<ArrayType>(Ty)) {
    uint32_t Stride = uint32_t(DL.getTypeAllocSize(AT->getElementType()));
    uint32_t Store = uint32_t(DL.getTypeStoreSize(AT->getElementType()));
    for (uint64_t I = 0; I < AT->getNumElements(); ++I) {
      if (!flatten(AT->getElementType(), Offset + uint32_t(I) * Stride, SC, CI))
        return false;
      Pad(Offset + uint32_t(I) * Stride + Store, Offset + uint32_t(I + 1) * Stride);
    }
    return true;
  }
  if (auto *VT = dyn_cast<FixedVectorType>(Ty)) {
    uint32_t Elem = uint32_t(DL.getTypeStoreSize(VT->getElementType()));
    if (!scalarCode(VT->getElementType()))
      return error(CI, "vectors of " + Twine(DL.getTypeSizeInBits(VT->getElementType())) +
                           "-bit elements are not supported");
    for (unsigned I = 0; I < VT->getNumElements(); ++I)
      SC.Leaves.push_back({NextSpecId++, Offset + I * Elem, Elem});
    Pad(Offset + VT->getNumElements() * Elem, Offset + uint32_t(DL.getTypeAllocSize(VT)));
    return true;
  }
  if (Ty->isPointerTy())
    return error(CI, "its type holds a pointer, which cannot be a specialization constant");
  std::string Name;
  raw_string_ostream OS(Name);
  Ty->print(OS);
  return error(CI, "values of IR type '" + OS.str() + "' are not supported");
}

bool SpecConstantLowering::serialize(Constant *C, uint8_t *Out, CallInst *CI) {
  if (serializeConstant(DL, C, Out))
    return true;
  return error(CI, "its default value is not a constant the device compiler can read "
                   "(pointers or addresses cannot be specialization constants)");
}

SpecConstant *SpecConstantLowering::describe(GlobalVariable *GV, CallInst *CI) {
  auto It = Constants.find(GV);
  if (It != Constants.end())
    return &It->second;
  // specialization_id<T> holds exactly one T.
  auto *Wrapper = dyn_cast<StructType>(GV->getValueType());
  if (!Wrapper || Wrapper->getNumElements() != 1 || !GV->hasInitializer()) {
    error(CI, "'" + GV->getName() + "' is not a constant-initialised specialization_id");
    return nullptr;
  }
  SpecConstant SC;
  SC.ValueTy = Wrapper->getElementType(0);
  SC.Default.assign(DL.getTypeAllocSize(SC.ValueTy), 0);
  if (!flatten(SC.ValueTy, 0, SC, CI) || !serialize(GV->getInitializer(), SC.Default.data(), CI))
    return nullptr;
  return &Constants.insert({GV, std::move(SC)}).first->second;
}

Constant *SpecConstantLowering::leafDefault(Type *Ty, const SpecConstant &SC, uint32_t Offset) {
  unsigned Bits = unsigned(DL.getTypeStoreSizeInBits(Ty));
  APInt Value(Bits, 0);
  for (unsigned I = 0; I < Bits / 8; ++I)
    Value.insertBits(uint64_t(SC.Default[Offset + I]), I * 8, 8);
  if (Ty->isIntegerTy())
    return ConstantInt::get(Ty, Value);
  return ConstantFP::get(Ty->getContext(), APFloat(Ty->getFltSemantics(), Value));
}

FunctionCallee SpecConstantLowering::scalarBuiltin(Type *Ty) {
  Type *I32 = Type::getInt32Ty(M.getContext());
  std::string Name = ("_Z20__spirv_SpecConstanti" + *scalarCode(Ty)).str();
  FunctionCallee F = M.getOrInsertFunction(Name, FunctionType::get(Ty, {I32, Ty}, false));
  // Pure: the optimiser may hoist and merge the calls like the constants they are.
  cast<Function>(F.getCallee())->setDoesNotAccessMemory();
  cast<Function>(F.getCallee())->setDoesNotThrow();
  return F;
}

FunctionCallee SpecConstantLowering::compositeBuiltin(Type *Ty) {
  auto It = Composites.find(Ty);
  if (It != Composites.end())
    return It->second;
  SmallVector<Type *, 8> Params;
  if (auto *ST = dyn_cast<StructType>(Ty))
    Params.append(ST->element_begin(), ST->element_end());
  else if (auto *AT = dyn_cast<ArrayType>(Ty))
    Params.assign(AT->getNumElements(), AT->getElementType());
  else
    Params.assign(cast<FixedVectorType>(Ty)->getNumElements(),
                  cast<FixedVectorType>(Ty)->getElementType());
  // The translator reads only the length-prefixed name; the suffix keeps one
  // declaration per aggregate type.
  std::string Name =
      "_Z29__spirv_SpecConstantComposite_" + std::to_string(Composites.size());
  FunctionCallee F = M.getOrInsertFunction(Name, FunctionType::get(Ty, Params, false));
  cast<Function>(F.getCallee())->setDoesNotAccessMemory();
  cast<Function>(F.getCallee())->setDoesNotThrow();
  Composites[Ty] = F;
  return F;
}

Value *SpecConstantLowering::buildValue(IRBuilder<> &B, Type *Ty, const SpecConstant &SC,
                                        size_t &LeafIndex) {
  auto NextLeaf = [&]() -> const Leaf & {
    while (SC.Leaves[LeafIndex].SpecId == PaddingSpecId)
      ++LeafIndex;
    return SC.Leaves[LeafIndex++];
  };
  if (scalarCode(Ty)) {
    const Leaf &L = NextLeaf();
    if (Emulate) {
      Value *Buffer = createImplicitArg(B, abi::implicit_arg_kind::spec_constant_buffer, "");
      Value *Slot = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Buffer,
                                                 uint64_t(abi::spec_constant_slot) * L.SpecId);
      Slot = B.CreateBitCast(Slot, Ty->getPointerTo(Slot->getType()->getPointerAddressSpace()));
      return B.CreateAlignedLoad(Ty, Slot, Align(abi::spec_constant_slot));
    }
    return B.CreateCall(scalarBuiltin(Ty), {B.getInt32(L.SpecId), leafDefault(Ty, SC, L.Offset)});
  }
  SmallVector<Value *, 8> Elements;
  if (auto *ST = dyn_cast<StructType>(Ty)) {
    for (Type *E : ST->elements())
      Elements.push_back(buildValue(B, E, SC, LeafIndex));
  } else if (auto *AT = dyn_cast<ArrayType>(Ty)) {
    for (uint64_t I = 0; I < AT->getNumElements(); ++I)
      Elements.push_back(buildValue(B, AT->getElementType(), SC, LeafIndex));
  } else {
    auto *VT = cast<FixedVectorType>(Ty);
    for (unsigned I = 0; I < VT->getNumElements(); ++I)
      Elements.push_back(buildValue(B, VT->getElementType(), SC, LeafIndex));
  }
  if (Emulate) {
    Value *V = PoisonValue::get(Ty);
    for (unsigned I = 0; I < Elements.size(); ++I)
      V = Ty->isVectorTy() ? B.CreateInsertElement(V, Elements[I], I)
                           : B.CreateInsertValue(V, Elements[I], I);
    return V;
  }
  return B.CreateCall(compositeBuiltin(Ty), Elements);
}

bool SpecConstantLowering::lowerCall(CallInst *CI) {
  std::optional<std::string> Prefix = constantString(CI->getArgOperand(0));
  std::optional<std::string> Name = constantString(CI->getArgOperand(1));
  auto *GV = dyn_cast<GlobalVariable>(
      getUnderlyingObject(CI->getArgOperand(2)->stripPointerCasts()));
  if (!Prefix || !Name || !GV)
    return error(CI, "the marker needs constant id strings and the specialization_id "
                     "variable (call it only through kernel_handler)");
  SpecConstant *SC = describe(GV, CI);
  if (!SC)
    return false;
  std::string Sym = Prefix->empty() ? *Name : *Prefix + "____" + *Name;
  if (!is_contained(SC->SymbolicIds, Sym))
    SC->SymbolicIds.push_back(Sym);
  IRBuilder<> B(CI);
  size_t LeafIndex = 0;
  Value *V = buildValue(B, SC->ValueTy, *SC, LeafIndex);
  Value *Out = CI->getArgOperand(3);
  B.CreateAlignedStore(V, B.CreatePointerBitCastOrAddrSpaceCast(
                              Out, PointerType::get(SC->ValueTy,
                                                    Out->getType()->getPointerAddressSpace())),
                       DL.getABITypeAlign(SC->ValueTy));
  CI->eraseFromParent();
  return true;
}

void SpecConstantLowering::writeMetadata() {
  LLVMContext &Ctx = M.getContext();
  NamedMDNode *MD = M.getOrInsertNamedMetadata("smcp.spec_constants");
  Type *I32 = Type::getInt32Ty(Ctx);
  for (auto &[GV, SC] : Constants)
    for (const std::string &Sym : SC.SymbolicIds) {
      SmallVector<Metadata *, 16> Ops{
          MDString::get(Ctx, Sym),
          MDString::get(Ctx, abi::to_hex(SC.Default.data(), SC.Default.size()))};
      for (const Leaf &L : SC.Leaves)
        for (uint32_t V : {L.SpecId, L.Offset, L.Size})
          Ops.push_back(ConstantAsMetadata::get(ConstantInt::get(I32, V)));
      MD->addOperand(MDNode::get(Ctx, Ops));
    }
}

bool SpecConstantLowering::run() {
  Function *Marker = M.getFunction("__smcp_spec_constant");
  if (!Marker)
    return false;
  // Module order, not use-list order: SpecIds must not depend on how the
  // linker happened to order uses.
  SmallVector<CallInst *, 16> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CI = dyn_cast<CallInst>(&I); CI && CI->getCalledFunction() == Marker)
        Calls.push_back(CI);
  for (CallInst *CI : Calls)
    lowerCall(CI);
  if (Marker->use_empty())
    Marker->eraseFromParent();
  writeMetadata();
  return true;
}

PreservedAnalyses SpecConstantsPass::run(Module &M, ModuleAnalysisManager &) {
  return SpecConstantLowering(M).run() ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace smcp
