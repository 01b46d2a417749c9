//===- ImplicitArgs.cpp - Implicit kernel arguments, one mechanism ---------===//
//
// What a kernel needs beyond the user's captures (a device_global's
// instance, the specialization-constant buffer where a target has no native
// spec constants) reaches it as a trailing global-pointer parameter, which
// the runtime binds by kind (runtime/core/implicit_args.cpp).
//
// Passes ask for one with createImplicitArg(), which calls the opaque marker
//   ptr addrspace(1) @__smcp_implicit_arg(i32 kind, ptr payload-string)
// and use the pointer it returns. ImplicitArgParamsPass runs after inlining,
// when every use sits in a kernel: each kernel gets one parameter per
// distinct {kind, payload} it uses, in sorted order, listed in
//   !smcp.implicit_args = !{!{!"kernel", i32 kind, !"payload", ...}, ...}
// which smcp-post-link writes as the image's implicit-argument property set.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <map>

using namespace llvm;

namespace smcp {
namespace {

constexpr const char *MarkerName = "__smcp_implicit_arg";
constexpr unsigned GlobalAS = 1;

Function *getMarker(Module &M) {
  LLVMContext &Ctx = M.getContext();
  auto *Ty = FunctionType::get(Type::getInt8PtrTy(Ctx, GlobalAS),
                               {Type::getInt32Ty(Ctx), Type::getInt8PtrTy(Ctx)}, false);
  auto *F = cast<Function>(M.getOrInsertFunction(MarkerName, Ty).getCallee());
  F->setDoesNotThrow();
  F->setDoesNotAccessMemory(); // the address is fixed for the whole launch
  F->setWillReturn();
  return F;
}

using ArgKey = std::pair<uint32_t, std::string>; // kind, payload

ArgKey keyOf(CallInst *CI) {
  auto *Kind = cast<ConstantInt>(CI->getArgOperand(0));
  auto *Str = cast<GlobalVariable>(CI->getArgOperand(1)->stripPointerCasts());
  return {uint32_t(Kind->getZExtValue()),
          cast<ConstantDataSequential>(Str->getInitializer())->getAsCString().str()};
}

/// K with one more trailing parameter per type in Extra; K itself goes
/// (metadata naming it, such as !nvvm.annotations, follows to the new one).
Function *appendParams(Function &K, ArrayRef<Type *> Extra) {
  SmallVector<Type *, 8> Params(K.getFunctionType()->param_begin(),
                                K.getFunctionType()->param_end());
  Params.append(Extra.begin(), Extra.end());
  auto *Ty = FunctionType::get(K.getReturnType(), Params, false);
  Function *NK = Function::Create(Ty, K.getLinkage(), K.getAddressSpace(), "", K.getParent());
  NK->copyAttributesFrom(&K);
  NK->copyMetadata(&K, 0);
  NK->getBasicBlockList().splice(NK->begin(), K.getBasicBlockList());
  for (auto [Old, New] : zip(K.args(), NK->args())) {
    Old.replaceAllUsesWith(&New);
    New.takeName(&Old);
  }
  NK->takeName(&K);
  if (K.getType() == NK->getType()) // opaque pointers (typed ones: lit tests only)
    K.replaceAllUsesWith(NK);
  K.eraseFromParent();
  return NK;
}

} // namespace

Value *createImplicitArg(IRBuilder<> &B, abi::implicit_arg_kind Kind, StringRef Payload) {
  Module &M = *B.GetInsertBlock()->getModule();
  Constant *Str = B.CreateGlobalStringPtr(Payload, "implicit_arg.payload", 0, &M);
  return B.CreateCall(getMarker(M), {B.getInt32(uint32_t(Kind)), Str});
}

PreservedAnalyses ImplicitArgParamsPass::run(Module &M, ModuleAnalysisManager &) {
  Function *Marker = M.getFunction(MarkerName);
  if (!Marker)
    return PreservedAnalyses::all();
  LLVMContext &Ctx = M.getContext();
  NamedMDNode *KernelsMD = M.getOrInsertNamedMetadata("smcp.implicit_args");
  SmallVector<Function *, 8> Kernels;
  for (Function &F : M)
    if (isKernel(F))
      Kernels.push_back(&F);
  for (Function *K : Kernels) {
    std::map<ArgKey, SmallVector<CallInst *, 4>> Calls; // sorted: a stable order
    for (Instruction &I : instructions(*K))
      if (auto *CI = dyn_cast<CallInst>(&I); CI && CI->getCalledFunction() == Marker)
        Calls[keyOf(CI)].push_back(CI);
    if (Calls.empty())
      continue;
    SmallVector<Type *, 4> Extra(Calls.size(), Marker->getReturnType());
    unsigned Arg = K->arg_size();
    Function *NK = appendParams(*K, Extra);
    SmallVector<Metadata *, 8> Entry{MDString::get(Ctx, NK->getName())};
    for (auto &[Key, Uses] : Calls) {
      NK->getArg(Arg)->setName(abi::implicit_arg_kind_name(abi::implicit_arg_kind(Key.first)));
      for (CallInst *CI : Uses) {
        CI->replaceAllUsesWith(NK->getArg(Arg));
        CI->eraseFromParent();
      }
      Entry.push_back(ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(Ctx), Key.first)));
      Entry.push_back(MDString::get(Ctx, Key.second));
      ++Arg;
    }
    KernelsMD->addOperand(MDNode::get(Ctx, Entry));
  }
  for (User *U : Marker->users())
    if (auto *I = dyn_cast<Instruction>(U))
      Ctx.emitError("an implicit kernel argument (device_global, specialization constant) is "
                    "used in '" + I->getFunction()->getName() +
                    "', which was not inlined into a kernel");
  if (Marker->use_empty())
    Marker->eraseFromParent();
  return PreservedAnalyses::none();
}

} // namespace smcp
