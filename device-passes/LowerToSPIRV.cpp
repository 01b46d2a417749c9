//===- LowerToSPIRV.cpp - spir64 lowering before translation ---------------===//
//
// Rewrites the target-neutral device built-ins into what SPIRV-LLVM-Translator
// 15 turns into valid SPIR-V:
// - __smcp_global_id(d) and friends read the SPIR-V built-in variables
//   (@__spirv_BuiltInGlobalInvocationId, an addrspace(1) <3 x i64>). The
//   OpenCL function forms (get_global_id) are not recognised without OpenCL
//   source metadata and would stay unresolved imports.
// - libm calls and their llvm.* intrinsics become __spirv_ocl_* calls, which
//   the translator maps to OpenCL.std extended instructions.
// - Atomics on generic pointers name the address space they point into
//   (SPIRVAtomics.cpp; OpenCL 1.2 has no generic atomics).
// - freeze instructions and llvm.vector.reduce.* intrinsics (from the SLP
//   vectoriser), which the translator lacks, are dropped and expanded
//   (odd-width integers are LegalizeIntegerWidths' part).
// - Constants clang leaves in the private address space (the string of a
//   __builtin_sycl_unique_stable_name evaluated in device code, at -O0) move
//   to the global one: SPIR-V has no private variables outside functions.
// - Each function's blocks are laid out in reverse post-order: SPIR-V wants
//   every block after the blocks that dominate it (the translator keeps the
//   IR's order, which the optimiser does not keep dominance-ordered).
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/CodeGen/ExpandReductions.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

#define DEBUG_TYPE "smcp-lower-spirv"

namespace smcp {
namespace {

constexpr unsigned GenericAddressSpace = 4;

const StringMap<const char *> &indexBuiltins() {
  static const StringMap<const char *> Map = {
      {"__smcp_global_id", "__spirv_BuiltInGlobalInvocationId"},
      {"__smcp_global_size", "__spirv_BuiltInGlobalSize"},
      {"__smcp_global_offset", "__spirv_BuiltInGlobalOffset"},
      {"__smcp_local_id", "__spirv_BuiltInLocalInvocationId"},
      {"__smcp_local_size", "__spirv_BuiltInWorkgroupSize"},
      {"__smcp_group_id", "__spirv_BuiltInWorkgroupId"},
      {"__smcp_num_groups", "__spirv_BuiltInNumWorkgroups"},
  };
  return Map;
}

GlobalVariable *getBuiltinVariable(Module &M, StringRef Name) {
  if (GlobalVariable *GV = M.getNamedGlobal(Name))
    return GV;
  auto *Ty = FixedVectorType::get(Type::getInt64Ty(M.getContext()), 3);
  auto *GV = new GlobalVariable(M, Ty, /*isConstant=*/true, GlobalValue::ExternalLinkage,
                                nullptr, Name, nullptr, GlobalValue::NotThreadLocal,
                                /*AddressSpace=*/1);
  GV->setAlignment(Align(32));
  return GV;
}

bool lowerIndexBuiltins(Module &M) {
  bool Changed = false;
  for (const auto &Entry : indexBuiltins()) {
    Function *F = M.getFunction(Entry.getKey());
    if (!F)
      continue;
    GlobalVariable *Var = getBuiltinVariable(M, Entry.getValue());
    for (User *U : make_early_inc_range(F->users())) {
      auto *CI = dyn_cast<CallInst>(U);
      if (!CI || CI->getCalledFunction() != F)
        continue;
      IRBuilder<> B(CI);
      Value *Vec = B.CreateAlignedLoad(Var->getValueType(), Var, Align(32));
      Value *Dim = B.CreateZExtOrTrunc(CI->getArgOperand(0), B.getInt32Ty());
      Value *Elt = B.CreateExtractElement(Vec, Dim);
      CI->replaceAllUsesWith(B.CreateZExtOrTrunc(Elt, CI->getType()));
      CI->eraseFromParent();
      Changed = true;
    }
    if (F->use_empty())
      F->eraseFromParent();
  }
  return Changed;
}

/// Sub-groups of one work-item (the width was folded to 1 before
/// optimisation): a shuffle returns the lane's own value, a ballot its own
/// bit.
bool lowerSubGroupBuiltins(Module &M) {
  bool Changed = false;
  for (StringRef Name : {"__smcp_sub_group_shuffle", "__smcp_sub_group_shuffle_xor",
                         "__smcp_sub_group_shuffle_down", "__smcp_sub_group_shuffle_up",
                         "__smcp_sub_group_ballot"}) {
    Function *F = M.getFunction(Name);
    if (!F)
      continue;
    for (User *U : make_early_inc_range(F->users()))
      if (auto *CI = dyn_cast<CallInst>(U); CI && CI->getCalledFunction() == F) {
        Value *V = CI->getArgOperand(0);
        if (Name == "__smcp_sub_group_ballot") {
          IRBuilder<> B(CI);
          V = B.CreateZExt(B.CreateICmpNE(V, ConstantInt::get(V->getType(), 0)), CI->getType());
        }
        CI->replaceAllUsesWith(V);
        CI->eraseFromParent();
        Changed = true;
      }
    if (F->use_empty())
      F->eraseFromParent();
  }
  return Changed;
}

/// Math functions of OpenCL.std that libm (and LLVM's intrinsics) also have.
/// The value is the OpenCL name where it differs.
const StringMap<const char *> &mathFunctions() {
  static const StringMap<const char *> Map = {
      {"sqrt", "sqrt"},   {"cbrt", "cbrt"},     {"sin", "sin"},     {"cos", "cos"},
      {"tan", "tan"},     {"asin", "asin"},     {"acos", "acos"},   {"atan", "atan"},
      {"atan2", "atan2"}, {"sinh", "sinh"},     {"cosh", "cosh"},   {"tanh", "tanh"},
      {"asinh", "asinh"}, {"acosh", "acosh"},   {"atanh", "atanh"}, {"exp", "exp"},
      {"exp2", "exp2"},   {"expm1", "expm1"},   {"log", "log"},     {"log2", "log2"},
      {"log10", "log10"}, {"log1p", "log1p"},   {"pow", "pow"},     {"fma", "fma"},
      {"fabs", "fabs"},   {"floor", "floor"},   {"ceil", "ceil"},   {"trunc", "trunc"},
      {"round", "round"}, {"rint", "rint"},     {"nearbyint", "rint"}, {"fmin", "fmin"},
      {"fmax", "fmax"},   {"minnum", "fmin"},   {"maxnum", "fmax"}, {"fmod", "fmod"},
      {"hypot", "hypot"}, {"copysign", "copysign"}, {"erf", "erf"}, {"erfc", "erfc"},
      {"tgamma", "tgamma"}, {"lgamma", "lgamma"}, {"remainder", "remainder"},
      {"fdim", "fdim"},   {"nextafter", "nextafter"}, {"logb", "logb"},
  };
  return Map;
}

/// "_Z16__spirv_ocl_sqrtf": the Itanium mangling the translator decodes.
std::string spirvMathName(StringRef OclName, FunctionType *FTy) {
  std::string Name = ("__spirv_ocl_" + OclName).str();
  std::string Mangled = "_Z" + std::to_string(Name.size()) + Name;
  for (Type *P : FTy->params())
    Mangled += P->isFloatTy() ? 'f' : 'd';
  return Mangled;
}

bool lowerMathCalls(Module &M) {
  bool Changed = false;
  for (Function &F : make_early_inc_range(M)) {
    if (!F.isDeclaration())
      continue;
    auto It = mathFunctions().find(libmBaseName(F));
    if (It == mathFunctions().end())
      continue;
    FunctionCallee Ocl =
        M.getOrInsertFunction(spirvMathName(It->getValue(), F.getFunctionType()),
                              F.getFunctionType());
    auto *OclFn = cast<Function>(Ocl.getCallee());
    OclFn->setCallingConv(CallingConv::SPIR_FUNC);
    for (User *U : make_early_inc_range(F.users()))
      if (auto *CI = dyn_cast<CallInst>(U); CI && CI->getCalledFunction() == &F) {
        CI->setCalledFunction(OclFn);
        CI->setCallingConv(CallingConv::SPIR_FUNC);
        Changed = true;
      }
    if (F.use_empty())
      F.eraseFromParent();
  }
  return Changed;
}

/// Rewrites the users of Old (a pointer into address space 0) to use New, the
/// same pointer in the global address space: casts to another address space,
/// loads, and the GEPs and bitcasts in between, as constant expressions or
/// instructions. Returns false if some user needs a private pointer.
bool rewritePrivatePointer(Value *Old, Value *New) {
  bool AllRewritten = true;
  unsigned NewAS = New->getType()->getPointerAddressSpace();
  for (User *U : make_early_inc_range(Old->users())) {
    auto *Op = dyn_cast<Operator>(U);
    auto *I = dyn_cast<Instruction>(U);
    auto *C = dyn_cast<Constant>(New);
    IRBuilder<> B(U->getContext());
    if (I)
      B.SetInsertPoint(I);
    if (auto *Load = dyn_cast<LoadInst>(U)) {
      Load->setOperand(Load->getPointerOperandIndex(), New);
      continue;
    }
    if (!Op) {
      AllRewritten = false;
      continue;
    }
    Value *Replacement = nullptr;
    switch (Op->getOpcode()) {
    case Instruction::AddrSpaceCast:
      Replacement = C ? ConstantExpr::getPointerBitCastOrAddrSpaceCast(C, U->getType())
                      : B.CreatePointerBitCastOrAddrSpaceCast(New, U->getType());
      U->replaceAllUsesWith(Replacement);
      break;
    case Instruction::GetElementPtr: {
      auto *GEP = cast<GEPOperator>(Op);
      SmallVector<Value *, 4> Indices(GEP->idx_begin(), GEP->idx_end());
      Replacement = B.CreateGEP(GEP->getSourceElementType(), New, Indices, "", GEP->isInBounds());
      AllRewritten &= rewritePrivatePointer(U, Replacement);
      break;
    }
    case Instruction::BitCast:
      Replacement = B.CreateBitCast(
          New, PointerType::getWithSamePointeeType(cast<PointerType>(U->getType()), NewAS));
      AllRewritten &= rewritePrivatePointer(U, Replacement);
      break;
    default:
      AllRewritten = false;
      continue;
    }
    if (I && I->use_empty())
      I->eraseFromParent();
  }
  return AllRewritten;
}

bool movePrivateConstantsToGlobal(Module &M) {
  bool Changed = false;
  for (GlobalVariable &GV : make_early_inc_range(M.globals())) {
    if (GV.getAddressSpace() != 0 || !GV.hasInitializer() || GV.getName().startswith("llvm."))
      continue;
    auto *New = new GlobalVariable(M, GV.getValueType(), GV.isConstant(), GV.getLinkage(),
                                   GV.getInitializer(), "", &GV, GV.getThreadLocalMode(),
                                   /*AddressSpace=*/1);
    New->copyAttributesFrom(&GV);
    New->takeName(&GV);
    GV.removeDeadConstantUsers();
    bool Rewritten = rewritePrivatePointer(&GV, New);
    GV.removeDeadConstantUsers(); // the constant expressions rewritten above
    if (Rewritten && GV.use_empty()) {
      GV.eraseFromParent();
      Changed = true;
      continue;
    }
    GV.takeName(New); // some user needs the private pointer: keep it as it was
    if (New->use_empty())
      New->eraseFromParent();
    M.getContext().emitError("device global '" + GV.getName() +
                             "' is in the private address space and cannot be moved");
  }
  return Changed;
}

/// Translator 15 has no freeze instruction (the optimiser adds them, e.g. in
/// DivRemPairs). Dropping one keeps the frozen value itself, which is what
/// SPIR-V consumers do with it anyway.
bool removeFreezes(Module &M) {
  bool Changed = false;
  for (Function &F : M)
    for (Instruction &I : make_early_inc_range(instructions(F)))
      if (auto *Fr = dyn_cast<FreezeInst>(&I)) {
        Fr->replaceAllUsesWith(Fr->getOperand(0));
        Fr->eraseFromParent();
        Changed = true;
      }
  return Changed;
}

/// Lays F's blocks out in reverse post-order, where each block follows its
/// dominators (SPIR-V 2.16.1); unreachable blocks, which have no place in
/// that order, are removed first.
bool orderBlocksByDominance(Function &F) {
  bool Changed = removeUnreachableBlocks(F);
  BasicBlock *Prev = nullptr;
  for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F)) {
    if (Prev && BB->getPrevNode() != Prev) {
      BB->moveAfter(Prev);
      Changed = true;
    }
    Prev = BB;
  }
  return Changed;
}

} // namespace

PreservedAnalyses LowerToSPIRVPass::run(Module &M, ModuleAnalysisManager &MAM) {
  // Private constants move first: address-space inference would otherwise
  // rewrite their generic uses into private ones.
  bool Changed = movePrivateConstantsToGlobal(M);
  // Generic pointers that provably point into global or local memory get
  // their real address space: OpenCL 1.2 devices (PoCL) have no generic
  // address space for atomics.
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  InferAddressSpacesPass Infer(GenericAddressSpace);
  // Translator 15 exits on llvm.vector.reduce.* ("Unexpected llvm
  // intrinsic"); the default target info expands every one of them.
  ExpandReductionsPass Expand;
  for (Function &F : M)
    if (!F.isDeclaration()) {
      Changed |= !Infer.run(F, FAM).areAllPreserved();
      Changed |= !Expand.run(F, FAM).areAllPreserved();
      Changed |= orderBlocksByDominance(F);
    }
  Changed |= specializeAtomicPointers(M);
  Changed |= lowerIndexBuiltins(M);
  Changed |= lowerSubGroupBuiltins(M);
  Changed |= lowerMathCalls(M);
  Changed |= lowerPrintfFormats(M);
  Changed |= removeFreezes(M);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace smcp
