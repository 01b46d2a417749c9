//===- LegalizeIntegerWidths.cpp - Odd-width integers to SPIR-V widths -----===//
//
// SPIR-V (and translator 15, which exits the process on them) knows integers
// of 8, 16, 32 and 64 bits and booleans only. Clang emits others for
// bit-field runs (a 3-byte run of `unsigned char` bit-fields is an i24) and
// _BitInt(N), and InstCombine narrows values to the bits they need (the
// spir64 data layout names no legal integer, so it narrows freely). This pass
// rewrites every such iN, N <= 64, into the next legal width M:
// - a value is kept in iM with its high M-N bits zero, so and/or/xor, lshr,
//   udiv/urem, unsigned and equality compares, zext, uitofp and switch use it
//   as it is; add/sub/mul/shl mask their result; ashr, sdiv/srem, signed
//   compares, sext and sitofp sign-extend their operands within iM first;
// - a load or store of iN touches exactly its N/8 bytes (rounded up), in
//   legal pieces, little-endian;
// - pointers to types that contain iN become i8 pointers of the same address
//   space (GEPs into bit-field structs become byte offsets, allocas byte
//   arrays).
// What it cannot rewrite (vectors of iN, wider integers, atomics, calls
// passing iN) is an error that names the instruction; smcp-post-link keeps
// its own check for what is left.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/Utils/Local.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

#define DEBUG_TYPE "smcp-legalize-int-widths"

namespace smcp {
namespace {

bool isLegalWidth(unsigned Bits) {
  return Bits == 1 || Bits == 8 || Bits == 16 || Bits == 32 || Bits == 64;
}

unsigned legalWidth(unsigned Bits) { return Bits <= 8 ? 8 : Bits <= 16 ? 16 : Bits <= 32 ? 32 : 64; }

/// Does Ty name an odd-width integer anywhere (through pointers, aggregates,
/// vectors)? Typed pointers count: the translator emits their element type.
bool containsOddInt(Type *Ty, SmallPtrSetImpl<Type *> &Seen) {
  if (auto *IT = dyn_cast<IntegerType>(Ty))
    return !isLegalWidth(IT->getBitWidth());
  if (!Seen.insert(Ty).second)
    return false;
  if (auto *PT = dyn_cast<PointerType>(Ty))
    return !PT->isOpaque() && containsOddInt(PT->getNonOpaquePointerElementType(), Seen);
  for (Type *Sub : Ty->subtypes())
    if (containsOddInt(Sub, Seen))
      return true;
  return false;
}

bool containsOddInt(Type *Ty) {
  SmallPtrSet<Type *, 8> Seen;
  return containsOddInt(Ty, Seen);
}

bool isOddInt(Type *Ty) {
  auto *IT = dyn_cast<IntegerType>(Ty);
  return IT && !isLegalWidth(IT->getBitWidth());
}

bool isOddPointer(Type *Ty) { return Ty->isPointerTy() && containsOddInt(Ty); }

/// Does I produce, take or address an odd-width integer?
bool involvesOddInt(const Instruction &I) {
  if (containsOddInt(I.getType()))
    return true;
  for (const Value *Op : I.operands())
    if (containsOddInt(Op->getType()))
      return true;
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I))
    return containsOddInt(GEP->getSourceElementType());
  if (auto *AI = dyn_cast<AllocaInst>(&I))
    return containsOddInt(AI->getAllocatedType());
  return false;
}

class FunctionLegalizer {
public:
  FunctionLegalizer(Function &F) : F(F), DL(F.getParent()->getDataLayout()), Ctx(F.getContext()) {}

  /// False after reporting what it cannot rewrite.
  bool run();

private:
  // Values: an odd iN as its iM (high bits zero); a pointer to a type with
  // odd integers as an i8 pointer of its address space.
  Value *getInt(Value *V, IRBuilder<> &B);
  Value *getPtr(Value *V, IRBuilder<> &B);
  unsigned widthOf(Value *V) const { return V->getType()->getIntegerBitWidth(); }
  Value *mask(Value *V, unsigned Bits, IRBuilder<> &B);
  Value *signExtendInReg(Value *V, unsigned Bits, IRBuilder<> &B);
  Type *bytePtrType(Type *PtrTy) const {
    return Type::getInt8PtrTy(Ctx, PtrTy->getPointerAddressSpace());
  }

  bool isRewritable(const Instruction &I);
  bool legalize(Instruction &I);
  bool legalizeBinary(BinaryOperator &I);
  bool legalizeCompare(ICmpInst &I);
  bool legalizeCast(CastInst &I);
  bool legalizeIntCast(CastInst &I);
  bool legalizePointerCast(CastInst &I);
  bool legalizeMaskCast(CastInst &I);
  bool legalizeLoad(LoadInst &I);
  bool legalizeStore(StoreInst &I);
  bool legalizeGEP(GetElementPtrInst &I);
  bool legalizeIntrinsic(IntrinsicInst &I);
  bool legalizeSwitch(SwitchInst &I);
  bool legalizeValue(Instruction &I);
  void legalizePhi(PHINode &I);
  void finishPhis();
  /// The legal pieces (byte offset, byte size) of an N-bit memory access.
  static SmallVector<std::pair<unsigned, unsigned>, 4> pieces(unsigned Bits);
  Value *pieceAddress(Value *Base, unsigned Offset, unsigned Size, IRBuilder<> &B);

  /// I's result is now New (a legal value of I's type): I goes.
  void replace(Instruction &I, Value *New) {
    I.replaceAllUsesWith(New);
    Old.push_back(&I);
  }
  /// I (of odd type) is now New in the maps; I goes once nothing uses it.
  void mapInt(Instruction &I, Value *New) {
    Ints[&I] = New;
    Old.push_back(&I);
  }
  void mapPtr(Instruction &I, Value *New) {
    Ptrs[&I] = New;
    Old.push_back(&I);
  }
  bool unsupported(const Instruction &I, const Twine &Why);

  Function &F;
  const DataLayout &DL;
  LLVMContext &Ctx;
  DenseMap<Value *, Value *> Ints;
  DenseMap<Value *, Value *> Ptrs;
  SmallVector<PHINode *, 8> Phis; // odd phis whose incoming values come last
  SmallVector<Instruction *, 32> Old;
};

bool FunctionLegalizer::unsupported(const Instruction &I, const Twine &Why) {
  std::string Text;
  raw_string_ostream OS(Text);
  I.print(OS);
  Ctx.emitError("device function '" + F.getName() + "': cannot rewrite '" + StringRef(Text).trim() +
                "' to SPIR-V integer widths: " + Why);
  return false;
}

Value *FunctionLegalizer::getInt(Value *V, IRBuilder<> &B) {
  if (auto It = Ints.find(V); It != Ints.end())
    return It->second;
  Type *Wide = B.getIntNTy(legalWidth(widthOf(V)));
  if (auto *C = dyn_cast<ConstantInt>(V))
    return ConstantInt::get(Wide, C->getValue().zext(Wide->getIntegerBitWidth()));
  if (isa<UndefValue>(V))
    return Constant::getNullValue(Wide); // any value refines undef and poison
  return nullptr;
}

Value *FunctionLegalizer::getPtr(Value *V, IRBuilder<> &B) {
  if (auto It = Ptrs.find(V); It != Ptrs.end())
    return It->second;
  Type *Ty = bytePtrType(V->getType());
  if (auto *C = dyn_cast<Constant>(V))
    return ConstantExpr::getBitCast(C, Ty);
  return B.CreateBitCast(V, Ty); // an argument, or a pointer of a legal type
}

Value *FunctionLegalizer::mask(Value *V, unsigned Bits, IRBuilder<> &B) {
  return B.CreateAnd(V, ConstantInt::get(V->getType(), APInt::getLowBitsSet(widthOf(V), Bits)));
}

Value *FunctionLegalizer::signExtendInReg(Value *V, unsigned Bits, IRBuilder<> &B) {
  unsigned Shift = widthOf(V) - Bits;
  return B.CreateAShr(B.CreateShl(V, Shift), Shift);
}

bool FunctionLegalizer::legalizeBinary(BinaryOperator &I) {
  IRBuilder<> B(&I);
  unsigned Bits = widthOf(&I);
  Value *L = getInt(I.getOperand(0), B), *R = getInt(I.getOperand(1), B);
  if (!L || !R)
    return unsupported(I, "an operand has no rewritten value");
  auto Op = I.getOpcode();
  Value *New = nullptr;
  switch (Op) {
  case Instruction::And:
  case Instruction::Or:
  case Instruction::Xor:
  case Instruction::LShr:
  case Instruction::UDiv:
  case Instruction::URem:
    New = B.CreateBinOp(Op, L, R); // high bits stay zero
    break;
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::Shl:
    New = mask(B.CreateBinOp(Op, L, R), Bits, B);
    break;
  case Instruction::AShr:
    New = mask(B.CreateAShr(signExtendInReg(L, Bits, B), R), Bits, B);
    break;
  case Instruction::SDiv:
  case Instruction::SRem:
    New = mask(B.CreateBinOp(Op, signExtendInReg(L, Bits, B), signExtendInReg(R, Bits, B)), Bits,
               B);
    break;
  default:
    return unsupported(I, "unexpected integer operation");
  }
  mapInt(I, New);
  return true;
}

bool FunctionLegalizer::legalizeCompare(ICmpInst &I) {
  IRBuilder<> B(&I);
  if (isOddPointer(I.getOperand(0)->getType())) {
    replace(I, B.CreateICmp(I.getPredicate(), getPtr(I.getOperand(0), B),
                            getPtr(I.getOperand(1), B)));
    return true;
  }
  if (!isOddInt(I.getOperand(0)->getType()))
    return unsupported(I, "vectors of odd-width integers are not supported");
  unsigned Bits = widthOf(I.getOperand(0));
  Value *L = getInt(I.getOperand(0), B), *R = getInt(I.getOperand(1), B);
  if (!L || !R)
    return unsupported(I, "an operand has no rewritten value");
  if (I.isSigned()) {
    L = signExtendInReg(L, Bits, B);
    R = signExtendInReg(R, Bits, B);
  }
  replace(I, B.CreateICmp(I.getPredicate(), L, R));
  return true;
}

/// trunc/zext/sext/int<->fp with an odd-width integer on either side.
bool FunctionLegalizer::legalizeIntCast(CastInst &I) {
  IRBuilder<> B(&I);
  Value *Src = I.getOperand(0);
  Type *DstTy = I.getType();
  bool OddSrc = isOddInt(Src->getType()), OddDst = isOddInt(DstTy);
  Value *V = OddSrc ? getInt(Src, B) : Src;
  if (!V)
    return unsupported(I, "the operand has no rewritten value");
  unsigned SrcBits = Src->getType()->getScalarSizeInBits();
  if (OddSrc && (I.getOpcode() == Instruction::SExt || I.getOpcode() == Instruction::SIToFP))
    V = signExtendInReg(V, SrcBits, B);
  Type *To = OddDst ? B.getIntNTy(legalWidth(DstTy->getIntegerBitWidth())) : DstTy;
  Value *New = nullptr;
  switch (I.getOpcode()) {
  case Instruction::Trunc:
  case Instruction::ZExt:
    New = B.CreateZExtOrTrunc(V, To);
    break;
  case Instruction::SExt:
    New = B.CreateSExtOrTrunc(V, To);
    break;
  case Instruction::UIToFP:
  case Instruction::SIToFP:
  case Instruction::FPToUI:
  case Instruction::FPToSI:
    New = B.CreateCast(I.getOpcode(), V, To);
    break;
  default:
    return unsupported(I, "unexpected conversion");
  }
  if (!OddDst) {
    replace(I, New);
    return true;
  }
  // A truncation into iN, a sign extension or a conversion may set bits
  // above N.
  bool MayBeWide = I.getOpcode() != Instruction::ZExt && I.getOpcode() != Instruction::UIToFP;
  mapInt(I, MayBeWide ? mask(New, DstTy->getIntegerBitWidth(), B) : New);
  return true;
}

/// Bitcasts and address-space casts from or to pointers of odd types.
bool FunctionLegalizer::legalizePointerCast(CastInst &I) {
  IRBuilder<> B(&I);
  Value *Src = I.getOperand(0);
  Type *DstTy = I.getType();
  if (I.getOpcode() == Instruction::PtrToInt) {
    replace(I, B.CreatePtrToInt(getPtr(Src, B), DstTy));
    return true;
  }
  if (I.getOpcode() == Instruction::IntToPtr) {
    if (isOddInt(Src->getType()))
      return unsupported(I, "pointers from odd-width integers are not supported");
    mapPtr(I, B.CreateIntToPtr(Src, bytePtrType(DstTy)));
    return true;
  }
  Value *Base = isOddPointer(Src->getType()) ? getPtr(Src, B) : Src;
  if (I.getOpcode() == Instruction::AddrSpaceCast)
    Base = B.CreateAddrSpaceCast(Base, PointerType::getWithSamePointeeType(
                                           cast<PointerType>(Base->getType()),
                                           DstTy->getPointerAddressSpace()));
  if (isOddPointer(DstTy))
    mapPtr(I, B.CreateBitCast(Base, bytePtrType(DstTy)));
  else
    replace(I, B.CreateBitCast(Base, DstTy));
  return true;
}

/// A vector of N booleans as the N bits of an odd-width integer and back:
/// the optimiser's form of "all of" or "any of" a few comparisons
/// (`bitcast <4 x i1> %c to i4` then `icmp eq i4 %m, -1`). Bit k is lane k.
bool FunctionLegalizer::legalizeMaskCast(CastInst &I) {
  IRBuilder<> B(&I);
  Type *SrcTy = I.getOperand(0)->getType(), *DstTy = I.getType();
  if (SrcTy->isVectorTy()) {
    unsigned Lanes = cast<FixedVectorType>(SrcTy)->getNumElements();
    Type *Wide = B.getIntNTy(legalWidth(Lanes));
    Value *Bits = ConstantInt::get(Wide, 0);
    for (unsigned K = 0; K < Lanes; ++K) {
      Value *Lane = B.CreateZExt(B.CreateExtractElement(I.getOperand(0), K), Wide);
      Bits = B.CreateOr(Bits, B.CreateShl(Lane, K));
    }
    mapInt(I, Bits);
    return true;
  }
  Value *Bits = getInt(I.getOperand(0), B);
  if (!Bits)
    return unsupported(I, "the operand has no rewritten value");
  unsigned Lanes = cast<FixedVectorType>(DstTy)->getNumElements();
  Value *Mask = PoisonValue::get(DstTy);
  for (unsigned K = 0; K < Lanes; ++K)
    Mask = B.CreateInsertElement(Mask, B.CreateTrunc(B.CreateLShr(Bits, K), B.getInt1Ty()), K);
  replace(I, Mask);
  return true;
}

bool FunctionLegalizer::legalizeCast(CastInst &I) {
  Type *SrcTy = I.getOperand(0)->getType(), *DstTy = I.getType();
  auto isBoolVector = [](Type *T) {
    return isa<FixedVectorType>(T) && T->getScalarType()->isIntegerTy(1);
  };
  if (I.getOpcode() == Instruction::BitCast &&
      ((isBoolVector(SrcTy) && isOddInt(DstTy)) || (isOddInt(SrcTy) && isBoolVector(DstTy))))
    return legalizeMaskCast(I);
  if (SrcTy->isVectorTy() || DstTy->isVectorTy())
    return unsupported(I, "vectors of odd-width integers are not supported");
  if (SrcTy->isPointerTy() || DstTy->isPointerTy())
    return legalizePointerCast(I);
  if (I.getOpcode() == Instruction::BitCast)
    return unsupported(I, "no SPIR-V type has this bit pattern");
  return legalizeIntCast(I);
}

SmallVector<std::pair<unsigned, unsigned>, 4> FunctionLegalizer::pieces(unsigned Bits) {
  SmallVector<std::pair<unsigned, unsigned>, 4> Result;
  unsigned Bytes = (Bits + 7) / 8, Offset = 0;
  for (unsigned Size : {8u, 4u, 2u, 1u})
    while (Bytes - Offset >= Size) {
      Result.push_back({Offset, Size});
      Offset += Size;
    }
  return Result;
}

Value *FunctionLegalizer::pieceAddress(Value *Base, unsigned Offset, unsigned Size,
                                       IRBuilder<> &B) {
  Value *Byte = Offset ? B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Base, Offset) : Base;
  return B.CreateBitCast(Byte, B.getIntNTy(Size * 8)->getPointerTo(
                                   Base->getType()->getPointerAddressSpace()));
}

bool FunctionLegalizer::legalizeLoad(LoadInst &I) {
  IRBuilder<> B(&I);
  Value *Base = getPtr(I.getPointerOperand(), B);
  if (!isOddInt(I.getType())) { // a legal value or a pointer behind a pointer of an odd type
    bool OddPtr = isOddPointer(I.getType());
    if (!OddPtr && containsOddInt(I.getType()))
      return unsupported(I, "aggregates holding odd-width integers are not supported");
    Type *Ty = OddPtr ? bytePtrType(I.getType()) : I.getType();
    Value *Addr = B.CreateBitCast(Base, Ty->getPointerTo(Base->getType()->getPointerAddressSpace()));
    LoadInst *New = B.CreateAlignedLoad(Ty, Addr, I.getAlign(), I.isVolatile());
    New->setAtomic(I.getOrdering(), I.getSyncScopeID());
    if (OddPtr)
      mapPtr(I, New);
    else
      replace(I, New);
    return true;
  }
  if (I.isAtomic())
    return unsupported(I, "an atomic access cannot be split");
  unsigned Bits = widthOf(&I);
  Type *Wide = B.getIntNTy(legalWidth(Bits));
  Value *Result = nullptr;
  for (auto [Offset, Size] : pieces(Bits)) {
    LoadInst *Piece = B.CreateAlignedLoad(B.getIntNTy(Size * 8), pieceAddress(Base, Offset, Size, B),
                                          commonAlignment(I.getAlign(), Offset), I.isVolatile());
    Value *Part = B.CreateZExt(Piece, Wide);
    if (Offset)
      Part = B.CreateShl(Part, Offset * 8);
    Result = Result ? B.CreateOr(Result, Part) : Part;
  }
  mapInt(I, Bits % 8 ? mask(Result, Bits, B) : Result);
  return true;
}

bool FunctionLegalizer::legalizeStore(StoreInst &I) {
  IRBuilder<> B(&I);
  Value *Base = getPtr(I.getPointerOperand(), B);
  Value *Val = I.getValueOperand();
  if (!isOddInt(Val->getType())) {
    if (isOddPointer(Val->getType()))
      Val = getPtr(Val, B);
    else if (containsOddInt(Val->getType()))
      return unsupported(I, "aggregates holding odd-width integers are not supported");
    Value *Addr = B.CreateBitCast(Base, Val->getType()->getPointerTo(Base->getType()->getPointerAddressSpace()));
    StoreInst *New = B.CreateAlignedStore(Val, Addr, I.getAlign(), I.isVolatile());
    New->setAtomic(I.getOrdering(), I.getSyncScopeID());
    replace(I, New);
    return true;
  }
  if (I.isAtomic())
    return unsupported(I, "an atomic access cannot be split");
  Value *V = getInt(Val, B);
  if (!V)
    return unsupported(I, "the stored value has no rewritten value");
  for (auto [Offset, Size] : pieces(widthOf(Val))) {
    Value *Piece = B.CreateTrunc(Offset ? B.CreateLShr(V, Offset * 8) : V, B.getIntNTy(Size * 8));
    B.CreateAlignedStore(Piece, pieceAddress(Base, Offset, Size, B),
                         commonAlignment(I.getAlign(), Offset), I.isVolatile());
  }
  Old.push_back(&I);
  return true;
}

/// An address computed over a type with odd integers is a byte offset.
bool FunctionLegalizer::legalizeGEP(GetElementPtrInst &I) {
  if (I.getType()->isVectorTy())
    return unsupported(I, "vectors of pointers are not supported");
  IRBuilder<> B(&I);
  Value *Offset = EmitGEPOffset(&B, DL, &I);
  Value *Addr = B.CreateGEP(B.getInt8Ty(), getPtr(I.getPointerOperand(), B), Offset);
  if (isOddPointer(I.getType()))
    mapPtr(I, Addr);
  else
    replace(I, B.CreateBitCast(Addr, I.getType()));
  return true;
}

bool FunctionLegalizer::legalizeIntrinsic(IntrinsicInst &I) {
  IRBuilder<> B(&I);
  Intrinsic::ID ID = I.getIntrinsicID();
  if (!isOddInt(I.getType()))
    return unsupported(I, "an intrinsic taking odd-width integers");
  unsigned Bits = widthOf(&I);
  SmallVector<Value *, 2> Args;
  for (Value *Arg : I.args())
    if (Value *V = isOddInt(Arg->getType()) ? getInt(Arg, B) : Arg)
      Args.push_back(V);
    else
      return unsupported(I, "an operand has no rewritten value");
  bool Signed = ID == Intrinsic::smin || ID == Intrinsic::smax || ID == Intrinsic::abs;
  if (ID != Intrinsic::umin && ID != Intrinsic::umax && ID != Intrinsic::ctpop && !Signed)
    return unsupported(I, "this intrinsic is not rewritten (umin/umax/smin/smax/abs/ctpop are)");
  if (Signed)
    for (unsigned A = 0; A < (ID == Intrinsic::abs ? 1u : 2u); ++A)
      Args[A] = signExtendInReg(Args[A], Bits, B);
  Value *New = B.CreateIntrinsic(ID, {Args[0]->getType()}, Args);
  mapInt(I, Signed ? mask(New, Bits, B) : New);
  return true;
}

/// Selects and freezes of odd values, allocas of types holding them.
bool FunctionLegalizer::legalizeValue(Instruction &I) {
  IRBuilder<> B(&I);
  auto *Sel = dyn_cast<SelectInst>(&I);
  if (Sel && isOddPointer(I.getType())) {
    mapPtr(I, B.CreateSelect(Sel->getCondition(), getPtr(Sel->getTrueValue(), B),
                             getPtr(Sel->getFalseValue(), B)));
    return true;
  }
  if (auto *AI = dyn_cast<AllocaInst>(&I)) {
    if (AI->isArrayAllocation())
      return unsupported(I, "a dynamic alloca of odd-width integers");
    uint64_t Size = DL.getTypeAllocSize(AI->getAllocatedType());
    AllocaInst *New = B.CreateAlloca(ArrayType::get(B.getInt8Ty(), Size), AI->getAddressSpace());
    New->setAlignment(AI->getAlign());
    mapPtr(I, B.CreateBitCast(New, bytePtrType(AI->getType())));
    return true;
  }
  if (!isOddInt(I.getType()))
    return unsupported(I, "this instruction is not rewritten");
  // A freeze keeps its operand (LowerToSPIRV drops freezes anyway).
  Value *T = getInt(I.getOperand(Sel ? 1 : 0), B);
  Value *E = Sel ? getInt(Sel->getFalseValue(), B) : T;
  if (!T || !E)
    return unsupported(I, "an operand has no rewritten value");
  mapInt(I, Sel ? B.CreateSelect(Sel->getCondition(), T, E) : T);
  return true;
}

bool FunctionLegalizer::legalizeSwitch(SwitchInst &I) {
  IRBuilder<> B(&I);
  Value *Cond = getInt(I.getCondition(), B);
  if (!Cond)
    return unsupported(I, "the condition has no rewritten value");
  I.setCondition(Cond);
  unsigned Bits = widthOf(Cond);
  for (auto Case : I.cases())
    Case.setValue(ConstantInt::get(Ctx, Case.getCaseValue()->getValue().zext(Bits)));
  return true;
}

void FunctionLegalizer::legalizePhi(PHINode &I) {
  IRBuilder<> B(&I);
  Type *Ty = isOddInt(I.getType()) ? B.getIntNTy(legalWidth(widthOf(&I))) : bytePtrType(I.getType());
  PHINode *New = B.CreatePHI(Ty, I.getNumIncomingValues());
  if (isOddInt(I.getType()))
    mapInt(I, New);
  else
    mapPtr(I, New);
  Phis.push_back(&I);
}

void FunctionLegalizer::finishPhis() {
  for (PHINode *P : Phis) {
    bool IsInt = isOddInt(P->getType());
    auto *New = cast<PHINode>(IsInt ? Ints[P] : Ptrs[P]);
    for (unsigned K = 0; K < P->getNumIncomingValues(); ++K) {
      BasicBlock *From = P->getIncomingBlock(K);
      IRBuilder<> B(From->getTerminator());
      Value *V = IsInt ? getInt(P->getIncomingValue(K), B) : getPtr(P->getIncomingValue(K), B);
      if (!V) {
        unsupported(*P, "an incoming value has no rewritten value");
        V = UndefValue::get(New->getType());
      }
      New->addIncoming(V, From);
    }
  }
}

/// Scalars up to 64 bits are rewritten; vectors of odd integers and wider
/// integers are not.
bool FunctionLegalizer::isRewritable(const Instruction &I) {
  SmallVector<Type *, 4> Types{I.getType()};
  for (const Value *Op : I.operands())
    Types.push_back(Op->getType());
  for (Type *Ty : Types) {
    if (Ty->isVectorTy() && containsOddInt(Ty))
      return unsupported(I, "vectors of odd-width integers are not supported");
    if (Ty->isIntegerTy() && Ty->getIntegerBitWidth() > 64)
      return unsupported(I, "integers wider than 64 bits are not supported");
  }
  return true;
}

bool FunctionLegalizer::legalize(Instruction &I) {
  if (!isRewritable(I))
    return false;
  if (auto *Bin = dyn_cast<BinaryOperator>(&I))
    return legalizeBinary(*Bin);
  if (auto *Cmp = dyn_cast<ICmpInst>(&I))
    return legalizeCompare(*Cmp);
  if (auto *Cast = dyn_cast<CastInst>(&I))
    return legalizeCast(*Cast);
  if (auto *Load = dyn_cast<LoadInst>(&I))
    return legalizeLoad(*Load);
  if (auto *Store = dyn_cast<StoreInst>(&I))
    return legalizeStore(*Store);
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I))
    return legalizeGEP(*GEP);
  if (auto *Switch = dyn_cast<SwitchInst>(&I))
    return legalizeSwitch(*Switch);
  if (auto *Phi = dyn_cast<PHINode>(&I)) {
    if (I.getType()->isVectorTy() || (!isOddInt(I.getType()) && !isOddPointer(I.getType())))
      return unsupported(I, "only integer and pointer phis are rewritten");
    legalizePhi(*Phi);
    return true;
  }
  if (isa<SelectInst>(I) || isa<FreezeInst>(I) || isa<AllocaInst>(I))
    return legalizeValue(I);
  if (auto *II = dyn_cast<IntrinsicInst>(&I))
    return legalizeIntrinsic(*II);
  if (isa<CallBase>(I))
    return unsupported(I, "calls passing or returning odd-width integers are not supported "
                          "(device functions are inlined; is one left?)");
  if (isa<ReturnInst>(I))
    return unsupported(I, "functions returning odd-width integers are not supported");
  return unsupported(I, "this instruction is not rewritten");
}

bool FunctionLegalizer::run() {
  bool Changed = removeUnreachableBlocks(F);
  for (Argument &A : F.args())
    if (isOddInt(A.getType()) && !A.use_empty()) {
      Ctx.emitError("device function '" + F.getName() + "': parameter " + Twine(A.getArgNo()) +
                    " has an odd-width integer type, which is not rewritten to SPIR-V widths "
                    "(device functions are inlined; is one left?)");
      return Changed;
    }
  ReversePostOrderTraversal<Function *> RPOT(&F);
  for (BasicBlock *BB : RPOT)
    for (Instruction &I : make_early_inc_range(*BB))
      if (involvesOddInt(I)) {
        legalize(I); // what fails is reported to the context
        Changed = true;
      }
  finishPhis();
  for (Instruction *I : Old)
    I->dropAllReferences();
  for (Instruction *I : Old) {
    if (!I->use_empty())
      I->replaceAllUsesWith(UndefValue::get(I->getType())); // only after an error
    I->eraseFromParent();
  }
  return Changed;
}

} // namespace

PreservedAnalyses LegalizeIntegerWidthsPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : make_early_inc_range(M)) {
    if (!F.isDeclaration())
      Changed |= FunctionLegalizer(F).run();
    else if (F.use_empty() && containsOddInt(F.getFunctionType())) {
      F.eraseFromParent(); // an intrinsic whose calls were rewritten
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace smcp
