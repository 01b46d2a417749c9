//===- KernelWrapper.cpp - Synthesise kernels from plugin annotations ------===//
//
// The plugin annotates each kernel entry function with its parameter list
// (the annotation of include/sycl/detail/abi/kernel_abi.h). For each, this pass creates the real kernel, named <name>, taking one
// parameter per descriptor: a global pointer for USM pointers and accessors
// (a local one for local accessors), an integer for 1/2/4/8-byte fields, a
// byval struct of one byte array for larger ones (a byval array is refused by
// Intel's Level Zero compiler: "Array type is not allowed as a kernel
// argument", test/level_zero_intel). The kernel stores
// each parameter at its offset in a private copy of the functor and calls the
// entry with it. The entry is then an ordinary function the inliner removes.
// The kernel keeps its list as !smcp.kernel_params, for the image.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Triple.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

#include <sycl/detail/abi/kernel_abi.h>

using namespace llvm;

#define DEBUG_TYPE "smcp-kernel-wrapper"

namespace smcp {
namespace {

using abi::kernel_param_desc;
using abi::param_kind;

struct KernelAnnotation {
  Function *Entry;
  abi::kernel_annotation Desc;
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
    KernelAnnotation A{dyn_cast<Function>(Note.Value), {}};
    std::string Why;
    if (!A.Entry)
      Why = "it is not on a function";
    if (!A.Entry || !abi::decode_kernel_annotation(Note.Text, A.Desc, Why)) {
      M.getContext().emitError("malformed SMCP kernel annotation '" + Note.Text + "': " + Why);
      continue;
    }
    auto [It, New] = ByName.try_emplace(A.Desc.name, Result.size(), Note.Text);
    if (New)
      Result.push_back(std::move(A));
    else if (!isSameKernel(Result[It->second.first], A, It->second.second, Note.Text))
      M.getContext().emitError("two different kernels are named '" + A.Desc.name +
                               "' (translation units define different kernels under one "
                               "kernel name type)");
  }
  return Result;
}

constexpr unsigned LocalAddressSpace = 3;

/// The pointee of a byval parameter of Size bytes: { [Size x i8] }.
Type *byValBytesType(LLVMContext &Ctx, uint64_t Size) {
  Type *Bytes = ArrayType::get(Type::getInt8Ty(Ctx), Size);
  return StructType::get(Ctx, ArrayRef<Type *>(Bytes));
}

Type *paramType(LLVMContext &Ctx, const kernel_param_desc &P, const TargetSpaces &AS) {
  switch (P.kind) {
  case param_kind::pointer:
    return Type::getInt8PtrTy(Ctx, AS.Global);
  case param_kind::accessor:
    if (abi::is_local_accessor(P) && AS.IsNVPTX)
      return Type::getInt64Ty(Ctx); // an offset into the dynamic shared block
    return Type::getInt8PtrTy(Ctx, abi::is_local_accessor(P) ? LocalAddressSpace : AS.Global);
  case param_kind::std_layout:
    if (P.info == 1 || P.info == 2 || P.info == 4 || P.info == 8)
      return Type::getIntNTy(Ctx, P.info * 8);
    return byValBytesType(Ctx, P.info)->getPointerTo(0);
  default: // samplers, streams, implicit buffers: not passed by this target yet
    return nullptr;
  }
}

bool isByValParam(const kernel_param_desc &P) {
  return P.kind == param_kind::std_layout && !(P.info == 1 || P.info == 2 || P.info == 4 || P.info == 8);
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

/// [[sycl::reqd_work_group_size]] (the plugin's annotation on the entry) on
/// the kernel: !smcp.reqd_work_group_size in SYCL's order for the image's
/// property set (tools/post-link), and the backend's own form, fastest
/// dimension first: OpenCL's !reqd_work_group_size, which the SPIR-V
/// translator writes as ExecutionMode LocalSize, or PTX's .reqntid.
void requireWorkGroupSize(Function &K, ArrayRef<uint64_t> Size, const TargetSpaces &AS) {
  LLVMContext &Ctx = K.getContext();
  auto I32 = [&](uint64_t N) {
    return ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(Ctx), N));
  };
  SmallVector<Metadata *, 3> SyclOrder, BackendOrder;
  for (uint64_t N : Size)
    SyclOrder.push_back(I32(N));
  for (size_t D = 0; D < 3; ++D)
    BackendOrder.push_back(I32(D < Size.size() ? Size[Size.size() - 1 - D] : 1));
  K.setMetadata(ReqdWorkGroupSizeMD, MDNode::get(Ctx, SyclOrder));
  if (!AS.IsNVPTX) {
    K.setMetadata("reqd_work_group_size", MDNode::get(Ctx, BackendOrder));
    return;
  }
  NamedMDNode *Notes = K.getParent()->getOrInsertNamedMetadata("nvvm.annotations");
  const char *Names[] = {"reqntidx", "reqntidy", "reqntidz"};
  for (size_t D = 0; D < 3; ++D)
    Notes->addOperand(MDNode::get(
        Ctx, {ValueAsMetadata::get(&K), MDString::get(Ctx, Names[D]), BackendOrder[D]}));
}

/// CUDA has one dynamic shared-memory block per launch: the nvptx64 target
/// passes each local accessor as its offset there, which the adapter lays
/// out (adapter_abi.h, SMCP_ARG_LOCAL).
GlobalVariable *dynamicLocalBlock(Module &M) {
  constexpr const char *Name = "__smcp_dynamic_local";
  if (GlobalVariable *GV = M.getNamedGlobal(Name))
    return GV;
  auto *Ty = ArrayType::get(Type::getInt8Ty(M.getContext()), 0);
  auto *GV = new GlobalVariable(M, Ty, false, GlobalValue::ExternalLinkage, nullptr, Name,
                                nullptr, GlobalValue::NotThreadLocal, LocalAddressSpace);
  GV->setAlignment(Align(64));
  return GV;
}

/// A field of more than 8 bytes arrives byval. PTX declares a parameter's
/// alignment in the kernel's signature (.param .align N) and the driver
/// places it so: the field's alignment inside the functor lets the copy read
/// it in 8- or 16-byte loads instead of one ld.param.u8 per byte. OpenCL and
/// Level Zero place a byval argument by its type's alignment, 1 for a byte
/// array, so SPIR-V claims none.
void addByValAttrs(Function &K, unsigned I, const kernel_param_desc &P, Align FunctorAlign,
                   const TargetSpaces &AS) {
  LLVMContext &Ctx = K.getContext();
  K.addParamAttr(I, Attribute::getWithByValType(Ctx, byValBytesType(Ctx, P.info)));
  if (AS.IsNVPTX)
    K.addParamAttr(I, Attribute::getWithAlignment(Ctx, commonAlignment(FunctorAlign, P.offset)));
}

bool synthesizeKernel(Module &M, const KernelAnnotation &A, const TargetSpaces &AS,
                      const DenseMap<const Function *, std::vector<uint64_t>> &Sizes) {
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
    Ctx.emitError("kernel entry for '" + A.Desc.name + "' does not take its functor in memory");
    return false;
  }
  if (M.getFunction(A.Desc.name)) {
    Ctx.emitError("two kernels are named '" + A.Desc.name + "'");
    return false;
  }
  SmallVector<Type *, 8> ParamTypes;
  for (const kernel_param_desc &P : A.Desc.params) {
    Type *T = paramType(Ctx, P, AS);
    if (!T) {
      Ctx.emitError("kernel '" + A.Desc.name + "' has a parameter kind this target cannot pass yet");
      return false;
    }
    ParamTypes.push_back(T);
  }
  auto *FTy = FunctionType::get(Type::getVoidTy(Ctx), ParamTypes, false);
  Function *K = Function::Create(FTy, GlobalValue::ExternalLinkage, A.Desc.name, M);
  markAsKernel(*K, AS);
  // The runtime sets the arguments from the same list: smcp-post-link puts it
  // in the image.
  K->setMetadata(KernelParamsMD,
                 MDNode::get(Ctx, MDString::get(Ctx, abi::encode_kernel_annotation(A.Desc))));
  auto Size = Sizes.find(Entry);
  if (Size != Sizes.end())
    requireWorkGroupSize(*K, Size->second, AS);
  const Align FunctorAlign = Entry->getParamAlign(0).valueOrOne();
  for (unsigned I = 0; I < A.Desc.params.size(); ++I)
    if (isByValParam(A.Desc.params[I]))
      addByValAttrs(*K, I, A.Desc.params[I], FunctorAlign, AS);

  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", K));
  AllocaInst *Obj = B.CreateAlloca(FunctorTy, 0u, nullptr, "functor");
  Obj->setAlignment(FunctorAlign);
  Value *Bytes = B.CreateBitCast(Obj, B.getInt8PtrTy(0));
  for (unsigned I = 0; I < A.Desc.params.size(); ++I) {
    const kernel_param_desc &P = A.Desc.params[I];
    Value *Arg = K->getArg(I);
    Value *Dst = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Bytes, P.offset);
    const Align FieldAlign = commonAlignment(FunctorAlign, P.offset);
    if (isByValParam(P)) {
      B.CreateMemCpy(Dst, FieldAlign, B.CreateBitCast(Arg, B.getInt8PtrTy(0)),
                     K->getParamAlign(I).valueOrOne(), P.info);
      continue;
    }
    if (Arg->getType()->isIntegerTy(64) && P.kind == param_kind::accessor)
      Arg = B.CreateInBoundsGEP(B.getInt8Ty(), dynamicLocalBlock(M), Arg);
    if ((P.kind == param_kind::pointer || P.kind == param_kind::accessor) &&
        Arg->getType()->getPointerAddressSpace() != AS.Generic)
      Arg = B.CreateAddrSpaceCast(Arg, B.getInt8PtrTy(AS.Generic));
    B.CreateAlignedStore(Arg, B.CreateBitCast(Dst, Arg->getType()->getPointerTo(0)), FieldAlign);
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
  // Also on the functors' operator(): only the entries' count.
  DenseMap<const Function *, std::vector<uint64_t>> Sizes;
  const std::string_view SizeNote = abi::reqd_work_group_size_annotation;
  for (Annotation &Note : takeAnnotations(M, StringRef(SizeNote.data(), SizeNote.size())))
    if (auto *F = dyn_cast<Function>(Note.Value))
      Sizes[F] = std::move(Note.Args);
  TargetSpaces AS = spacesFor(M);
  bool Changed = false;
  for (const KernelAnnotation &A : Kernels)
    Changed |= synthesizeKernel(M, A, AS, Sizes);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace smcp
