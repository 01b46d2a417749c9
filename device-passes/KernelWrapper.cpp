//===- KernelWrapper.cpp - Synthesise kernels from plugin annotations ------===//
//
// The plugin annotates each kernel entry function with its parameter list:
//   "smcp.kernel <name> <functor size> <kind>:<info>:<offset> ..."
// For each, this pass creates the real kernel, named <name>, taking one
// parameter per descriptor: a global pointer for USM pointers and accessors
// (a local one for local accessors), an integer for 1/2/4/8-byte fields, a
// byval byte array for larger ones. The kernel stores
// each parameter at its offset in a private copy of the functor and calls the
// entry with it. The entry is then an ordinary function the inliner removes.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Triple.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "smcp-kernel-wrapper"

namespace smcp {
namespace {

enum class ParamKind : unsigned { Accessor = 0, StdLayout = 1, Pointer = 3 };

struct ParamDesc {
  ParamKind Kind;
  unsigned Info;
  unsigned Offset;
};

struct KernelAnnotation {
  Function *Entry;
  std::string Name;
  uint64_t FunctorSize;
  SmallVector<ParamDesc, 8> Params;
};

/// Address spaces of the target's kernel arguments.
struct TargetSpaces {
  unsigned Global;
  unsigned Generic;
  bool IsNVPTX;
};

TargetSpaces spacesFor(const Module &M) {
  if (Triple(M.getTargetTriple()).isNVPTX())
    return {1, 0, true};
  return {1, 4, false};
}

bool parseAnnotation(StringRef Text, Function *Entry, KernelAnnotation &A) {
  SmallVector<StringRef, 16> Fields;
  Text.split(Fields, ' ', -1, /*KeepEmpty=*/false);
  if (Fields.size() < 3 || Fields[0] != "smcp.kernel" || Fields[2].getAsInteger(10, A.FunctorSize))
    return false;
  A.Entry = Entry;
  A.Name = Fields[1].str();
  for (StringRef F : ArrayRef<StringRef>(Fields).drop_front(3)) {
    SmallVector<StringRef, 3> Parts;
    F.split(Parts, ':');
    unsigned Kind, Info, Offset;
    if (Parts.size() != 3 || Parts[0].getAsInteger(10, Kind) ||
        Parts[1].getAsInteger(10, Info) || Parts[2].getAsInteger(10, Offset))
      return false;
    A.Params.push_back({ParamKind(Kind), Info, Offset});
  }
  return true;
}

/// A kernel instantiated in several TUs (an inline function in a header that
/// submits it) is one kernel, as its linkonce_odr entry is one function after
/// the device link: its annotations then name the same entry with the same
/// text. The same name on another entry is a different kernel (internal
/// entries, renamed by the link, or an entry of another functor type).
bool isSameKernel(const KernelAnnotation &A, const KernelAnnotation &B, StringRef TextA,
                  StringRef TextB) {
  return A.Entry == B.Entry && TextA == TextB;
}

/// Reads and removes the kernel annotations, one per kernel. Other
/// annotations stay.
std::vector<KernelAnnotation> takeKernelAnnotations(Module &M) {
  std::vector<KernelAnnotation> Result;
  StringMap<std::pair<size_t, std::string>> ByName; // name -> index, annotation text
  for (const Annotation &Note : takeAnnotations(M, "smcp.kernel")) {
    KernelAnnotation A;
    auto *Fn = dyn_cast<Function>(Note.Value);
    if (!Fn || !parseAnnotation(Note.Text, Fn, A)) {
      M.getContext().emitError("malformed SMCP kernel annotation '" + Note.Text + "'");
      continue;
    }
    auto [It, New] = ByName.try_emplace(A.Name, Result.size(), Note.Text);
    if (New)
      Result.push_back(std::move(A));
    else if (!isSameKernel(Result[It->second.first], A, It->second.second, Note.Text))
      M.getContext().emitError("two different kernels are named '" + A.Name +
                               "' (translation units define different kernels under one "
                               "kernel name type)");
  }
  return Result;
}

/// sycl::target::local in an accessor's info (kernel_desc.hpp).
constexpr unsigned LocalTarget = 2016;
constexpr unsigned LocalAddressSpace = 3;

bool isLocalAccessor(const ParamDesc &P) {
  return P.Kind == ParamKind::Accessor && (P.Info & 0x7ff) == LocalTarget;
}

Type *paramType(LLVMContext &Ctx, const ParamDesc &P, const TargetSpaces &AS) {
  switch (P.Kind) {
  case ParamKind::Pointer:
    return Type::getInt8PtrTy(Ctx, AS.Global);
  case ParamKind::Accessor:
    return Type::getInt8PtrTy(Ctx, isLocalAccessor(P) ? LocalAddressSpace : AS.Global);
  case ParamKind::StdLayout:
    if (P.Info == 1 || P.Info == 2 || P.Info == 4 || P.Info == 8)
      return Type::getIntNTy(Ctx, P.Info * 8);
    return ArrayType::get(Type::getInt8Ty(Ctx), P.Info)->getPointerTo(0);
  }
  return nullptr;
}

bool isByValParam(const ParamDesc &P) {
  return P.Kind == ParamKind::StdLayout && !(P.Info == 1 || P.Info == 2 || P.Info == 4 || P.Info == 8);
}

void markAsKernel(Function &K, const TargetSpaces &AS) {
  Module &M = *K.getParent();
  K.addFnAttr("smcp-kernel");
  if (!AS.IsNVPTX) {
    K.setCallingConv(CallingConv::SPIR_KERNEL);
    return;
  }
  LLVMContext &Ctx = M.getContext();
  Metadata *MD[] = {ValueAsMetadata::get(&K), MDString::get(Ctx, "kernel"),
                    ValueAsMetadata::get(ConstantInt::get(Type::getInt32Ty(Ctx), 1))};
  M.getOrInsertNamedMetadata("nvvm.annotations")->addOperand(MDNode::get(Ctx, MD));
}

bool synthesizeKernel(Module &M, const KernelAnnotation &A, const TargetSpaces &AS) {
  LLVMContext &Ctx = M.getContext();
  Function *Entry = A.Entry;
  // The functor arrives byval, or, when it has a non-trivial copy constructor
  // (std::tuple members), as a pointer to a temporary copy.
  Type *FunctorTy = nullptr;
  if (Entry->arg_size() == 1 && Entry->getArg(0)->getType()->isPointerTy())
    FunctorTy = Entry->getParamByValType(0)
                    ? Entry->getParamByValType(0)
                    : Entry->getArg(0)->getType()->getNonOpaquePointerElementType();
  if (!FunctorTy) {
    Ctx.emitError("kernel entry for '" + A.Name + "' does not take its functor in memory");
    return false;
  }
  if (M.getFunction(A.Name)) {
    Ctx.emitError("two kernels are named '" + A.Name + "'");
    return false;
  }
  SmallVector<Type *, 8> ParamTypes;
  for (const ParamDesc &P : A.Params) {
    Type *T = paramType(Ctx, P, AS);
    if (!T) {
      Ctx.emitError("kernel '" + A.Name + "' has a parameter kind this target cannot pass yet");
      return false;
    }
    ParamTypes.push_back(T);
  }
  auto *FTy = FunctionType::get(Type::getVoidTy(Ctx), ParamTypes, false);
  Function *K = Function::Create(FTy, GlobalValue::ExternalLinkage, A.Name, M);
  markAsKernel(*K, AS);
  for (unsigned I = 0; I < A.Params.size(); ++I)
    if (isByValParam(A.Params[I]))
      K->addParamAttr(I, Attribute::getWithByValType(
                             Ctx, ArrayType::get(Type::getInt8Ty(Ctx), A.Params[I].Info)));

  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", K));
  AllocaInst *Obj = B.CreateAlloca(FunctorTy, 0u, nullptr, "functor");
  Obj->setAlignment(Entry->getParamAlign(0).valueOrOne());
  Value *Bytes = B.CreateBitCast(Obj, B.getInt8PtrTy(0));
  for (unsigned I = 0; I < A.Params.size(); ++I) {
    const ParamDesc &P = A.Params[I];
    Value *Arg = K->getArg(I);
    Value *Dst = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Bytes, P.Offset);
    if (isByValParam(P)) {
      B.CreateMemCpy(Dst, MaybeAlign(1), B.CreateBitCast(Arg, B.getInt8PtrTy(0)), MaybeAlign(1),
                     P.Info);
      continue;
    }
    if ((P.Kind == ParamKind::Pointer || P.Kind == ParamKind::Accessor) &&
        Arg->getType()->getPointerAddressSpace() != AS.Generic)
      Arg = B.CreateAddrSpaceCast(Arg, B.getInt8PtrTy(AS.Generic));
    B.CreateAlignedStore(Arg, B.CreateBitCast(Dst, Arg->getType()->getPointerTo(0)), Align(1));
  }
  Value *FunctorArg = B.CreateBitCast(Obj, Entry->getArg(0)->getType());
  CallInst *Call = B.CreateCall(Entry, {FunctorArg});
  if (Entry->getParamByValType(0))
    Call->addParamAttr(0, Attribute::getWithByValType(Ctx, FunctorTy));
  Call->setCallingConv(Entry->getCallingConv());
  B.CreateRetVoid();

  // The entry is now a plain function: let the inliner fold it into K.
  Entry->removeFnAttr(Attribute::OptimizeNone);
  Entry->removeFnAttr(Attribute::NoInline);
  Entry->setLinkage(GlobalValue::InternalLinkage);
  return true;
}

} // namespace

bool isKernel(const Function &F) { return F.hasFnAttribute("smcp-kernel"); }

PreservedAnalyses KernelWrapperPass::run(Module &M, ModuleAnalysisManager &) {
  std::vector<KernelAnnotation> Kernels = takeKernelAnnotations(M);
  TargetSpaces AS = spacesFor(M);
  bool Changed = false;
  for (const KernelAnnotation &A : Kernels)
    Changed |= synthesizeKernel(M, A, AS);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace smcp
