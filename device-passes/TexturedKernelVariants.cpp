//===- TexturedKernelVariants.cpp - A kernel version for texture launches --===//
//
// A sampled image read on nvptx64 asks __smcp_has_texture(word) whether the
// runtime passed a texture, and reads in code (an out-of-line call) where it
// did not. That test is one branch per read: a 5x5 stencil has 25, and
// ptxas does not issue the 25 texture fetches back to back across them.
//
// So each kernel that asks gets a second version, its textured variant, in
// which every answer is true: the branches and the calls fold away. The
// runtime launches it when every sampled accessor of the launch got a texture
// (runtime/core/queue_impl.cpp), the kernel itself otherwise; there the
// question becomes `word != 0`. Questions asked outside kernels (in a
// function left a call) are answered `word != 0` everywhere.
//
// The variant carries the attribute "smcp-textured-variant-of" naming its
// kernel and no "smcp-kernel" (it is no SYCL kernel of its own);
// smcp-post-link names it by runtime/fatbin/kernel_symbol.h's rule and
// lists it in the image (kernel_requirements.h, smcp.kernel_variants). Run
// after the optimiser and the implicit arguments: the variant has the
// kernel's parameters exactly.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace smcp {
namespace {

constexpr const char *HasTextureName = "__smcp_has_texture";

/// The calls of __smcp_has_texture in F.
SmallVector<CallInst *, 16> questionsIn(Function &F, Function &HasTexture) {
  SmallVector<CallInst *, 16> Calls;
  for (User *U : HasTexture.users())
    if (auto *CI = dyn_cast<CallInst>(U))
      if (CI->getFunction() == &F && CI->getCalledFunction() == &HasTexture)
        Calls.push_back(CI);
  return Calls;
}

/// Each call answered by Answer(call); the calls go.
template <typename AnswerFn> void answer(ArrayRef<CallInst *> Calls, AnswerFn Answer) {
  for (CallInst *CI : Calls) {
    IRBuilder<> B(CI);
    Value *A = B.CreateZExtOrTrunc(Answer(B, CI), CI->getType());
    CI->replaceAllUsesWith(A);
    CI->eraseFromParent();
  }
}

/// F after its branches on constants fold, until none is left: the
/// conditions simplify (an answer may sit behind an and, a select...), blocks
/// that became unreachable (the reads in code) go, and straight lines of
/// blocks merge.
void foldConstantBranches(Function &F) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock &BB : F) {
      Changed |= SimplifyInstructionsInBlock(&BB);
      Changed |= ConstantFoldTerminator(&BB, /*DeleteDeadConditions=*/true);
    }
    Changed |= removeUnreachableBlocks(F);
    for (BasicBlock &BB : make_early_inc_range(F))
      Changed |= MergeBlockIntoPredecessor(&BB);
  }
}

/// Copies K's nvvm.annotations (kernel, reqntid...) for V.
void copyAnnotations(Module &M, Function &K, Function &V) {
  NamedMDNode *Notes = M.getNamedMetadata("nvvm.annotations");
  if (!Notes)
    return;
  SmallVector<MDNode *, 4> Copies;
  for (MDNode *N : Notes->operands()) {
    auto *Of =
        N->getNumOperands() ? dyn_cast_or_null<ValueAsMetadata>(N->getOperand(0).get()) : nullptr;
    if (!Of || Of->getValue() != &K)
      continue;
    SmallVector<Metadata *, 4> Ops(N->op_begin(), N->op_end());
    Ops[0] = ValueAsMetadata::get(&V);
    Copies.push_back(MDNode::get(M.getContext(), Ops));
  }
  for (MDNode *N : Copies)
    Notes->addOperand(N);
}

/// K's textured variant, named after K (smcp-post-link renames it).
void makeTexturedVariant(Module &M, Function &K, Function &HasTexture) {
  Function *V = Function::Create(K.getFunctionType(), K.getLinkage(), K.getAddressSpace(),
                                 K.getName() + ".textured", &M);
  ValueToValueMapTy Map;
  for (auto [From, To] : zip(K.args(), V->args())) {
    To.setName(From.getName());
    Map[&From] = &To;
  }
  SmallVector<ReturnInst *, 4> Returns;
  // Global changes: the variant gets debug info of its own (a subprogram
  // belongs to one function).
  CloneFunctionInto(V, &K, Map, CloneFunctionChangeType::GlobalChanges, Returns);
  V->removeFnAttr("smcp-kernel");
  V->addFnAttr(TexturedVariantAttr, K.getName());
  for (const char *MD : {KernelParamsMD, ReqdWorkGroupSizeMD}) // the image has them from K
    V->setMetadata(MD, nullptr);
  copyAnnotations(M, K, *V);
  answer(questionsIn(*V, HasTexture), [](IRBuilder<> &B, CallInst *) { return B.getTrue(); });
  foldConstantBranches(*V);
}

} // namespace

bool isTexturedVariant(const Function &F) { return F.hasFnAttribute(TexturedVariantAttr); }

PreservedAnalyses TexturedKernelVariantsPass::run(Module &M, ModuleAnalysisManager &) {
  Function *HasTexture = M.getFunction(HasTextureName);
  if (!HasTexture)
    return PreservedAnalyses::all();
  SmallVector<Function *, 8> Kernels;
  for (Function &F : M)
    if (isKernel(F) && !questionsIn(F, *HasTexture).empty())
      Kernels.push_back(&F);
  for (Function *K : Kernels)
    makeTexturedVariant(M, *K, *HasTexture);
  SmallVector<CallInst *, 16> Rest;
  for (User *U : HasTexture->users())
    if (auto *CI = dyn_cast<CallInst>(U))
      Rest.push_back(CI);
  answer(Rest, [](IRBuilder<> &B, CallInst *CI) {
    return B.CreateICmpNE(CI->getArgOperand(0),
                          Constant::getNullValue(CI->getArgOperand(0)->getType()));
  });
  if (HasTexture->use_empty())
    HasTexture->eraseFromParent();
  return PreservedAnalyses::none();
}

} // namespace smcp
