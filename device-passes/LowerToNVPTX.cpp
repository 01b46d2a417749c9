//===- LowerToNVPTX.cpp - nvptx64 lowering of the neutral built-ins --------===//
//
// Device code calls one target-neutral set of built-ins (docs/architecture.md,
// "Built-ins"): __smcp_* for what SPIR-V has no operation for, and SPIR-V's
// own operations as __spirv_* functions. spir64 hands most of them to the
// translator; this pass implements them for the NVPTX backend:
// - __smcp_global_id(d) and friends read the PTX special registers
//   (%tid, %ntid, %ctaid, %nctaid). The global offset was folded in before
//   (FoldGlobalOffsetPass): __smcp_global_id(d) is here the id without it.
// - __spirv_ControlBarrier becomes bar.sync (work-group) or bar.warp.sync
//   (sub-group), with a membar.gl first when it also fences device memory;
//   __spirv_MemoryBarrier becomes membar.cta / .gl / .sys by scope.
// - __spirv_Atomic* become LLVM atomics (atom.* at gpu scope), or the
//   .cta / .sys forms of atom.* where the scope asks for them and PTX has
//   them; the memory order becomes membar fences around the relaxed atomic.
// - __smcp_sub_group_* are warp operations (shfl.sync, vote.sync) over the
//   lanes of the warp that exist: a work-group whose size is no multiple of
//   32 has a last, partial warp.
// - __spirv_ocl_printf becomes CUDA's vprintf with its arguments packed.
// - __smcp_texture_2d_{f32,i32,u32} (a sampled image read through a texture
//   object, include/sycl/detail/image_sampling.hpp) become tex.2d.v4 reads.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "smcp-lower-nvptx"

namespace smcp {
namespace {

// SPIR-V's scopes and memory-semantics bits (the values __spirv_* calls take).
enum SpirvScope : uint64_t { CrossDevice = 0, Device = 1, Workgroup = 2, Subgroup = 3 };
constexpr uint64_t AcquireBit = 0x2, ReleaseBit = 0x4, AcqRelBit = 0x8, SeqCstBit = 0x10;
constexpr uint64_t MemoryClassBits = 0x100 | 0x200 | 0x800; // workgroup, cross-workgroup, image

/// An operand that should be a constant after inlining; otherwise the
/// strongest value, which is always correct.
uint64_t constantOr(Value *V, uint64_t Strongest) {
  if (auto *C = dyn_cast<ConstantInt>(V))
    return C->getZExtValue();
  return Strongest;
}

/// "__spirv_AtomicIAdd" from "_Z18__spirv_AtomicIAddPiiii"; "" if F is not
/// an Itanium-mangled name.
StringRef demangledBaseName(const Function &F) {
  StringRef Name = F.getName();
  if (!Name.consume_front("_Z"))
    return Name;
  size_t Len = 0;
  if (Name.consumeInteger(10, Len) || Name.size() < Len)
    return "";
  return Name.take_front(Len);
}

class NVPTXLowering {
public:
  explicit NVPTXLowering(Module &M) : M(M) {}

  bool run() {
    bool Changed = false;
    for (Function &F : make_early_inc_range(M)) {
      if (!F.isDeclaration())
        continue;
      StringRef Name = demangledBaseName(F);
      bool Lowered = false;
      for (User *U : make_early_inc_range(F.users())) {
        auto *CI = dyn_cast<CallInst>(U);
        if (!CI || CI->getCalledFunction() != &F)
          continue;
        IRBuilder<> B(CI);
        Value *Result = lowerCall(Name, CI, B);
        if (!Result)
          continue;
        if (!CI->getType()->isVoidTy())
          CI->replaceAllUsesWith(Result);
        CI->eraseFromParent();
        Lowered = true;
      }
      if (Lowered && F.use_empty())
        F.eraseFromParent();
      Changed |= Lowered;
    }
    return Changed;
  }

private:
  Module &M;

  Value *intrinsic(IRBuilder<> &B, Intrinsic::ID ID, ArrayRef<Value *> Args = {},
                   ArrayRef<Type *> Types = {}) {
    return B.CreateCall(Intrinsic::getDeclaration(&M, ID, Types), Args);
  }

  /// Special register X, Y or Z by dimension Dim (backend order), as i64.
  Value *sreg(IRBuilder<> &B, Value *Dim, Intrinsic::ID X, Intrinsic::ID Y, Intrinsic::ID Z) {
    Intrinsic::ID Regs[] = {X, Y, Z};
    if (auto *C = dyn_cast<ConstantInt>(Dim))
      return B.CreateZExt(intrinsic(B, Regs[std::min<uint64_t>(C->getZExtValue(), 2)]),
                          B.getInt64Ty());
    Value *R = intrinsic(B, X);
    for (unsigned D = 1; D < 3; ++D)
      R = B.CreateSelect(B.CreateICmpEQ(Dim, ConstantInt::get(Dim->getType(), D)),
                         intrinsic(B, Regs[D]), R);
    return B.CreateZExt(R, B.getInt64Ty());
  }
  Value *tid(IRBuilder<> &B, Value *D) {
    return sreg(B, D, Intrinsic::nvvm_read_ptx_sreg_tid_x, Intrinsic::nvvm_read_ptx_sreg_tid_y,
                Intrinsic::nvvm_read_ptx_sreg_tid_z);
  }
  Value *ntid(IRBuilder<> &B, Value *D) {
    return sreg(B, D, Intrinsic::nvvm_read_ptx_sreg_ntid_x, Intrinsic::nvvm_read_ptx_sreg_ntid_y,
                Intrinsic::nvvm_read_ptx_sreg_ntid_z);
  }
  Value *ctaid(IRBuilder<> &B, Value *D) {
    return sreg(B, D, Intrinsic::nvvm_read_ptx_sreg_ctaid_x,
                Intrinsic::nvvm_read_ptx_sreg_ctaid_y, Intrinsic::nvvm_read_ptx_sreg_ctaid_z);
  }
  Value *nctaid(IRBuilder<> &B, Value *D) {
    return sreg(B, D, Intrinsic::nvvm_read_ptx_sreg_nctaid_x,
                Intrinsic::nvvm_read_ptx_sreg_nctaid_y, Intrinsic::nvvm_read_ptx_sreg_nctaid_z);
  }

  Value *indexBuiltin(StringRef Name, CallInst *CI, IRBuilder<> &B) {
    Value *D = CI->getArgOperand(0);
    Value *R = nullptr;
    if (Name == "__smcp_global_id")
      R = B.CreateAdd(B.CreateMul(ctaid(B, D), ntid(B, D)), tid(B, D));
    else if (Name == "__smcp_global_size")
      R = B.CreateMul(nctaid(B, D), ntid(B, D));
    else if (Name == "__smcp_local_id")
      R = tid(B, D);
    else if (Name == "__smcp_local_size")
      R = ntid(B, D);
    else if (Name == "__smcp_group_id")
      R = ctaid(B, D);
    else if (Name == "__smcp_num_groups")
      R = nctaid(B, D);
    return R ? B.CreateZExtOrTrunc(R, CI->getType()) : nullptr;
  }

  /// membar for a SPIR-V scope.
  void fence(IRBuilder<> &B, uint64_t Scope) {
    intrinsic(B, Scope == CrossDevice ? Intrinsic::nvvm_membar_sys
                 : Scope == Device    ? Intrinsic::nvvm_membar_gl
                                      : Intrinsic::nvvm_membar_cta);
  }

  /// The lanes of the calling work-item's warp that exist: all 32, except in
  /// the last warp of a work-group whose size is no multiple of 32.
  Value *memberMask(IRBuilder<> &B) {
    auto Reg = [&](Intrinsic::ID ID) { return intrinsic(B, ID); };
    Value *NX = Reg(Intrinsic::nvvm_read_ptx_sreg_ntid_x);
    Value *NY = Reg(Intrinsic::nvvm_read_ptx_sreg_ntid_y);
    Value *NZ = Reg(Intrinsic::nvvm_read_ptx_sreg_ntid_z);
    Value *Linear = B.CreateAdd(
        Reg(Intrinsic::nvvm_read_ptx_sreg_tid_x),
        B.CreateMul(NX, B.CreateAdd(Reg(Intrinsic::nvvm_read_ptx_sreg_tid_y),
                                    B.CreateMul(NY, Reg(Intrinsic::nvvm_read_ptx_sreg_tid_z)))));
    Value *Size = B.CreateMul(B.CreateMul(NX, NY), NZ);
    Value *Lanes = B.CreateSub(Size, B.CreateAnd(Linear, B.getInt32(~31u)));
    Value *Partial = B.CreateSub(B.CreateShl(B.getInt32(1), Lanes), B.getInt32(1));
    return B.CreateSelect(B.CreateICmpUGE(Lanes, B.getInt32(32)), B.getInt32(~0u), Partial);
  }

  Value *subGroupBuiltin(StringRef Name, CallInst *CI, IRBuilder<> &B) {
    if (Name == "__smcp_sub_group_max_size")
      return B.getInt32(32);
    if (Name == "__smcp_sub_group_ballot")
      return intrinsic(B, Intrinsic::nvvm_vote_ballot_sync,
                       {memberMask(B), B.CreateICmpNE(CI->getArgOperand(0),
                                                      ConstantInt::get(CI->getArgOperand(0)->getType(), 0))});
    Intrinsic::ID ID = StringSwitch<Intrinsic::ID>(Name)
                           .Case("__smcp_sub_group_shuffle", Intrinsic::nvvm_shfl_sync_idx_i32)
                           .Case("__smcp_sub_group_shuffle_xor", Intrinsic::nvvm_shfl_sync_bfly_i32)
                           .Case("__smcp_sub_group_shuffle_down", Intrinsic::nvvm_shfl_sync_down_i32)
                           .Case("__smcp_sub_group_shuffle_up", Intrinsic::nvvm_shfl_sync_up_i32)
                           .Default(Intrinsic::not_intrinsic);
    if (ID == Intrinsic::not_intrinsic)
      return nullptr;
    // shfl's c operand: the lane clamp (31) and, for up, the segment start (0).
    Value *Clamp = B.getInt32(ID == Intrinsic::nvvm_shfl_sync_up_i32 ? 0 : 31);
    return intrinsic(B, ID,
                     {memberMask(B), CI->getArgOperand(0),
                      B.CreateZExtOrTrunc(CI->getArgOperand(1), B.getInt32Ty()), Clamp});
  }

  Value *barrier(StringRef Name, CallInst *CI, IRBuilder<> &B) {
    if (Name == "__spirv_ControlBarrier") {
      uint64_t Exec = constantOr(CI->getArgOperand(0), Workgroup);
      uint64_t Mem = constantOr(CI->getArgOperand(1), Device);
      uint64_t Sem = constantOr(CI->getArgOperand(2), SeqCstBit | MemoryClassBits);
      if (Sem != 0 && Mem <= Device)
        fence(B, Mem); // bar.sync orders memory for the CTA only
      if (Exec == Subgroup)
        intrinsic(B, Intrinsic::nvvm_bar_warp_sync, {memberMask(B)});
      else
        intrinsic(B, Intrinsic::nvvm_barrier0);
      return CI;
    }
    if (Name == "__spirv_MemoryBarrier") {
      uint64_t Sem = constantOr(CI->getArgOperand(1), SeqCstBit);
      if (Sem & (AcquireBit | ReleaseBit | AcqRelBit | SeqCstBit))
        fence(B, constantOr(CI->getArgOperand(0), CrossDevice));
      return CI;
    }
    return nullptr;
  }

  /// The scoped atom.* form of Op, where PTX has one (integers only).
  Intrinsic::ID scopedAtomic(AtomicRMWInst::BinOp Op, uint64_t Scope) {
    bool Cta = Scope == Workgroup || Scope == Subgroup, Sys = Scope == CrossDevice;
    if (!Cta && !Sys)
      return Intrinsic::not_intrinsic;
    switch (Op) {
    case AtomicRMWInst::Add:
      return Cta ? Intrinsic::nvvm_atomic_add_gen_i_cta : Intrinsic::nvvm_atomic_add_gen_i_sys;
    case AtomicRMWInst::Xchg:
      return Cta ? Intrinsic::nvvm_atomic_exch_gen_i_cta : Intrinsic::nvvm_atomic_exch_gen_i_sys;
    case AtomicRMWInst::And:
      return Cta ? Intrinsic::nvvm_atomic_and_gen_i_cta : Intrinsic::nvvm_atomic_and_gen_i_sys;
    case AtomicRMWInst::Or:
      return Cta ? Intrinsic::nvvm_atomic_or_gen_i_cta : Intrinsic::nvvm_atomic_or_gen_i_sys;
    case AtomicRMWInst::Xor:
      return Cta ? Intrinsic::nvvm_atomic_xor_gen_i_cta : Intrinsic::nvvm_atomic_xor_gen_i_sys;
    case AtomicRMWInst::Max:
      return Cta ? Intrinsic::nvvm_atomic_max_gen_i_cta : Intrinsic::nvvm_atomic_max_gen_i_sys;
    case AtomicRMWInst::Min:
      return Cta ? Intrinsic::nvvm_atomic_min_gen_i_cta : Intrinsic::nvvm_atomic_min_gen_i_sys;
    default: // sub, umin, umax: gpu scope, which is wider than cta
      return Intrinsic::not_intrinsic;
    }
  }

  /// A scoped atom.* intrinsic: the gen (generic-address) forms take a
  /// generic pointer, then the operands; overloaded on the value type.
  Value *scopedIntrinsic(IRBuilder<> &B, Intrinsic::ID ID, Value *Ptr,
                         ArrayRef<Value *> Operands) {
    Value *Generic = B.CreatePointerBitCastOrAddrSpaceCast(
        Ptr, PointerType::getWithSamePointeeType(cast<PointerType>(Ptr->getType()), 0));
    SmallVector<Value *, 3> Args{Generic};
    Args.append(Operands.begin(), Operands.end());
    return intrinsic(B, ID, Args, {Operands.back()->getType(), Generic->getType()});
  }

  /// A read-modify-write atomic at Scope.
  Value *atomicRMW(IRBuilder<> &B, AtomicRMWInst::BinOp Op, Value *Ptr, Value *V,
                   uint64_t Scope) {
    Intrinsic::ID ID = scopedAtomic(Op, Scope);
    if (ID == Intrinsic::not_intrinsic)
      return B.CreateAtomicRMW(Op, Ptr, V, MaybeAlign(), AtomicOrdering::Monotonic);
    return scopedIntrinsic(B, ID, Ptr, {V});
  }

  Value *atomic(StringRef Name, CallInst *CI, IRBuilder<> &B) {
    if (!Name.consume_front("__spirv_Atomic"))
      return nullptr;
    Value *Ptr = CI->getArgOperand(0);
    uint64_t Scope = constantOr(CI->getArgOperand(1), CrossDevice);
    uint64_t Sem = constantOr(CI->getArgOperand(2), SeqCstBit);
    bool Before = Sem & (ReleaseBit | AcqRelBit | SeqCstBit);
    bool After = Sem & (AcquireBit | AcqRelBit | SeqCstBit);
    if (Before)
      fence(B, Scope);
    Value *R = nullptr;
    if (Name == "Load") {
      auto *L = B.CreateLoad(CI->getType(), Ptr);
      L->setAtomic(AtomicOrdering::Monotonic);
      L->setAlignment(Align(CI->getType()->getPrimitiveSizeInBits() / 8));
      R = L;
    } else if (Name == "Store") {
      Value *V = CI->getArgOperand(3);
      auto *S = B.CreateStore(V, Ptr);
      S->setAtomic(AtomicOrdering::Monotonic);
      S->setAlignment(Align(V->getType()->getPrimitiveSizeInBits() / 8));
      R = CI;
    } else if (Name == "CompareExchange") {
      // (ptr, scope, equal semantics, unequal semantics, value, comparator)
      Value *V = CI->getArgOperand(4), *Cmp = CI->getArgOperand(5);
      Intrinsic::ID ID = Intrinsic::not_intrinsic;
      if (Scope == Workgroup || Scope == Subgroup)
        ID = Intrinsic::nvvm_atomic_cas_gen_i_cta;
      else if (Scope == CrossDevice)
        ID = Intrinsic::nvvm_atomic_cas_gen_i_sys;
      if (ID != Intrinsic::not_intrinsic) {
        R = scopedIntrinsic(B, ID, Ptr, {Cmp, V});
      } else {
        R = B.CreateExtractValue(B.CreateAtomicCmpXchg(Ptr, Cmp, V, MaybeAlign(),
                                                       AtomicOrdering::Monotonic,
                                                       AtomicOrdering::Monotonic),
                                 0);
      }
    } else {
      auto Op = StringSwitch<Optional<AtomicRMWInst::BinOp>>(Name)
                    .Case("Exchange", AtomicRMWInst::Xchg)
                    .Case("IAdd", AtomicRMWInst::Add)
                    .Case("ISub", AtomicRMWInst::Sub)
                    .Case("And", AtomicRMWInst::And)
                    .Case("Or", AtomicRMWInst::Or)
                    .Case("Xor", AtomicRMWInst::Xor)
                    .Case("SMin", AtomicRMWInst::Min)
                    .Case("SMax", AtomicRMWInst::Max)
                    .Case("UMin", AtomicRMWInst::UMin)
                    .Case("UMax", AtomicRMWInst::UMax)
                    .Default(None);
      if (!Op) {
        M.getContext().emitError("the nvptx64 target has no lowering of __spirv_Atomic" + Name);
        return nullptr;
      }
      R = atomicRMW(B, *Op, Ptr, CI->getArgOperand(3), Scope);
    }
    if (After)
      fence(B, Scope);
    return R;
  }

  /// printf (__spirv_ocl_printf) as CUDA's vprintf(format, arguments): the
  /// arguments, already promoted as C's varargs are, packed in a private
  /// buffer at their natural alignment, the layout vprintf reads.
  Value *printf(StringRef Name, CallInst *CI, IRBuilder<> &B) {
    if (Name != "__spirv_ocl_printf")
      return nullptr;
    LLVMContext &Ctx = M.getContext();
    SmallVector<Type *, 8> Fields;
    for (Value *Arg : drop_begin(CI->args())) {
      Type *T = Arg->getType();
      if (!T->isIntegerTy() && !T->isFloatingPointTy() && !T->isPointerTy()) {
        Ctx.emitError(CI, "printf in device code: an argument that is no integer, floating-point "
                          "value or pointer cannot be printed on nvptx64");
        return UndefValue::get(CI->getType());
      }
      Fields.push_back(T);
    }
    auto *Ptr = Type::getInt8PtrTy(Ctx);
    Value *Buffer = ConstantPointerNull::get(Ptr);
    if (!Fields.empty()) {
      auto *Layout = StructType::get(Ctx, Fields);
      IRBuilder<> Entry(&*CI->getFunction()->getEntryBlock().getFirstInsertionPt());
      AllocaInst *Packed = Entry.CreateAlloca(Layout, nullptr, "printf.args");
      for (unsigned I = 0; I < Fields.size(); ++I)
        B.CreateStore(CI->getArgOperand(I + 1), B.CreateStructGEP(Layout, Packed, I));
      Buffer = B.CreatePointerBitCastOrAddrSpaceCast(Packed, Ptr);
    }
    FunctionCallee Vprintf =
        M.getOrInsertFunction("vprintf", FunctionType::get(B.getInt32Ty(), {Ptr, Ptr}, false));
    Value *Format = B.CreatePointerBitCastOrAddrSpaceCast(CI->getArgOperand(0), Ptr);
    return B.CreateCall(Vprintf, {Format, Buffer});
  }

  /// A 2-D texture read: tex.unified.2d.v4 returns four scalars, the
  /// built-in a vector of them.
  Value *texture(StringRef Name, CallInst *CI, IRBuilder<> &B) {
    Intrinsic::ID ID = StringSwitch<Intrinsic::ID>(Name)
                           .Case("__smcp_texture_2d_f32", Intrinsic::nvvm_tex_unified_2d_v4f32_f32)
                           .Case("__smcp_texture_2d_i32", Intrinsic::nvvm_tex_unified_2d_v4s32_f32)
                           .Case("__smcp_texture_2d_u32", Intrinsic::nvvm_tex_unified_2d_v4u32_f32)
                           .Default(Intrinsic::not_intrinsic);
    if (ID == Intrinsic::not_intrinsic)
      return nullptr;
    Value *Channels = intrinsic(B, ID, {CI->getArgOperand(0), CI->getArgOperand(1),
                                        CI->getArgOperand(2)});
    Value *R = PoisonValue::get(CI->getType());
    for (unsigned I = 0; I < 4; ++I)
      R = B.CreateInsertElement(R, B.CreateExtractValue(Channels, I), I);
    return R;
  }

  Value *lowerCall(StringRef Name, CallInst *CI, IRBuilder<> &B) {
    if (Value *R = texture(Name, CI, B))
      return R;
    if (Value *R = printf(Name, CI, B))
      return R;
    if (Value *R = indexBuiltin(Name, CI, B))
      return R;
    if (Value *R = subGroupBuiltin(Name, CI, B))
      return R;
    if (Value *R = barrier(Name, CI, B))
      return R;
    return atomic(Name, CI, B);
  }
};

} // namespace

PreservedAnalyses LowerToNVPTXPass::run(Module &M, ModuleAnalysisManager &) {
  return NVPTXLowering(M).run() ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace smcp
