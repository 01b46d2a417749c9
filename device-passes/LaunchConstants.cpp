//===- LaunchConstants.cpp - Argument words a launch specializes on --------===//
//
// Header code marks the words that select a kernel's code paths at run time
// (an image accessor's format and sampler, include/sycl/detail/launch_constant.hpp):
//   uint32_t __smcp_launch_constant(uint32_t value)
// On a target compiled when the program is built (spir64), a word the
// runtime can read before the launch becomes a specialization constant, so
// that the backend's compiler folds the dispatch on it away: a 5x5
// convolution through a sampled image ran 4.5 times faster on PoCL.
//
// The runtime can read a word that is a simple i32 load (or an element of a
// vector load), at a constant offset, from a read-only by-value parameter of
// the kernel that holds the marker: those bytes are a launch argument. Each
// such marker becomes
//   %c = __spirv_SpecConstant(SpecId, 0xFFFFFFFF)
//   %v = select (%c == 0xFFFFFFFF), value, %c
// whose default (abi::launch_constant_unset) means "not specialized" (a
// program built without the value, from a kernel bundle for one, still reads
// the argument), and the node
//   !{!"<kernel>", i32 SpecId, i32 parameter, i32 byte offset}
// of !smcp.launch_constants, which smcp-post-link records in the image
// (runtime/fatbin/launch_constants.h). SpecIds follow the highest one of
// !smcp.spec_constants. Every other marker is its operand. Run after the
// optimiser, which leaves the loads next to their parameters.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include <sycl/detail/abi/kernel_abi.h>

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>

using namespace llvm;

namespace smcp {
namespace {

constexpr const char *MarkerName = "__smcp_launch_constant";
constexpr uint32_t NotSpecialized = abi::launch_constant_unset;

/// A word of a kernel's arguments: its parameter and byte offset.
struct ArgumentWord {
  std::string Kernel;
  unsigned Param;
  uint64_t Offset;
  bool operator<(const ArgumentWord &O) const {
    return std::tie(Kernel, Param, Offset) < std::tie(O.Kernel, O.Param, O.Offset);
  }
};

/// The argument word V loads, if the runtime can read it before the launch:
/// an i32 load, or an i32 element of a vector load (the optimiser loads a
/// struct's neighbouring fields together).
std::optional<ArgumentWord> argumentWordOf(Value *V, const DataLayout &DL) {
  if (!V->getType()->isIntegerTy(32))
    return std::nullopt;
  uint64_t Within = 0; // the word's offset in what the load reads
  if (auto *Element = dyn_cast<ExtractElementInst>(V)) {
    auto *Index = dyn_cast<ConstantInt>(Element->getIndexOperand());
    if (!Index)
      return std::nullopt;
    Within = Index->getZExtValue() * 4;
    V = Element->getVectorOperand();
  }
  auto *Load = dyn_cast<LoadInst>(V);
  if (!Load || !Load->isSimple() || Within + 4 > DL.getTypeStoreSize(Load->getType()))
    return std::nullopt;
  Function *F = Load->getFunction();
  if (!isKernel(*F))
    return std::nullopt;
  const Value *Pointer = Load->getPointerOperand();
  APInt Offset(DL.getIndexTypeSizeInBits(Pointer->getType()), 0);
  const Value *Base =
      Pointer->stripAndAccumulateConstantOffsets(DL, Offset, /*AllowNonInbounds=*/true);
  const auto *Param = dyn_cast<Argument>(Base);
  // Read-only: the kernel never changes its copy of the bytes the runtime passed.
  if (!Param || Param->getParent() != F || !Param->hasByValAttr() || !Param->onlyReadsMemory() ||
      Offset.isNegative())
    return std::nullopt;
  const uint64_t At = Offset.getZExtValue() + Within;
  if (At + 4 > DL.getTypeStoreSize(Param->getParamByValType()))
    return std::nullopt;
  return ArgumentWord{F->getName().str(), Param->getArgNo(), At};
}

/// One past the highest SpecId !smcp.spec_constants gives (padding aside).
uint32_t firstFreeSpecId(const Module &M) {
  uint32_t Next = 0;
  if (const NamedMDNode *MD = M.getNamedMetadata("smcp.spec_constants"))
    for (const MDNode *N : MD->operands())
      for (unsigned I = 2; I + 2 < N->getNumOperands(); I += 3) {
        const uint32_t Id = mdconst::extract<ConstantInt>(N->getOperand(I))->getZExtValue();
        if (Id != NotSpecialized && Id + 1 > Next)
          Next = Id + 1;
      }
  return Next;
}

} // namespace

PreservedAnalyses LaunchConstantsPass::run(Module &M, ModuleAnalysisManager &) {
  Function *Marker = M.getFunction(MarkerName);
  if (!Marker)
    return PreservedAnalyses::all();
  const DataLayout &DL = M.getDataLayout();
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  FunctionCallee SpecConstant = M.getOrInsertFunction("_Z20__spirv_SpecConstantii",
                                                      FunctionType::get(I32, {I32, I32}, false));
  cast<Function>(SpecConstant.getCallee())->setDoesNotAccessMemory();
  cast<Function>(SpecConstant.getCallee())->setDoesNotThrow();

  // One SpecId per word however often it is read, numbered in the order of
  // (kernel, parameter, offset): the image must not depend on use-list order.
  SmallVector<std::pair<CallInst *, std::optional<ArgumentWord>>, 16> Marks;
  std::map<ArgumentWord, uint32_t> SpecIds;
  for (User *U : Marker->users()) {
    auto *CI = cast<CallInst>(U);
    Marks.emplace_back(CI, argumentWordOf(CI->getArgOperand(0), DL));
    if (Marks.back().second)
      SpecIds.emplace(*Marks.back().second, 0);
  }
  uint32_t NextSpecId = firstFreeSpecId(M);
  for (auto &Entry : SpecIds)
    Entry.second = NextSpecId++;

  for (auto &[CI, Word] : Marks) {
    Value *V = CI->getArgOperand(0);
    Value *Result = V;
    if (Word) {
      IRBuilder<> B(CI);
      Value *C =
          B.CreateCall(SpecConstant, {B.getInt32(SpecIds[*Word]), B.getInt32(NotSpecialized)});
      Result = B.CreateSelect(B.CreateICmpEQ(C, B.getInt32(NotSpecialized)), V, C);
    }
    CI->replaceAllUsesWith(Result);
    CI->eraseFromParent();
  }
  Marker->eraseFromParent();

  if (!SpecIds.empty()) {
    NamedMDNode *MD = M.getOrInsertNamedMetadata("smcp.launch_constants");
    for (const auto &[Word, Id] : SpecIds) {
      Metadata *Ops[] = {MDString::get(Ctx, Word.Kernel),
                         ConstantAsMetadata::get(ConstantInt::get(I32, Id)),
                         ConstantAsMetadata::get(ConstantInt::get(I32, Word.Param)),
                         ConstantAsMetadata::get(ConstantInt::get(I32, Word.Offset))};
      MD->addOperand(MDNode::get(Ctx, Ops));
    }
  }
  return PreservedAnalyses::none();
}

} // namespace smcp
