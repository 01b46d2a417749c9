//===- LowerGroupLocalMemory.cpp - Static work-group memory per call ------===//
//
// sycl_ext_oneapi_local_memory asks for one allocation per call site per
// work-group. The headers call __smcp_group_local_alloc(size, align) at each
// (always-inlined) call site; each call becomes its own internal
// [size x i8] global in the local address space (3 on spir64 and nvptx64),
// which the backend allocates once per work-group.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "smcp-lower-group-local-memory"

namespace smcp {

static constexpr unsigned LocalAddressSpace = 3;

static bool lowerCall(CallInst *CI) {
  Module &M = *CI->getModule();
  auto *Size = dyn_cast<ConstantInt>(CI->getArgOperand(0));
  auto *Alignment = dyn_cast<ConstantInt>(CI->getArgOperand(1));
  if (!Size || !Alignment || !isPowerOf2_64(Alignment->getZExtValue())) {
    M.getContext().emitError(CI, "group_local_memory needs a size and alignment known at "
                                 "compile time");
    return false;
  }
  auto *Ty = ArrayType::get(Type::getInt8Ty(M.getContext()), std::max<uint64_t>(1, Size->getZExtValue()));
  auto *GV = new GlobalVariable(M, Ty, false, GlobalValue::InternalLinkage, UndefValue::get(Ty),
                                "smcp.group_local", nullptr, GlobalValue::NotThreadLocal,
                                LocalAddressSpace);
  GV->setAlignment(Align(Alignment->getZExtValue()));
  IRBuilder<> B(CI);
  Value *Ptr = B.CreatePointerBitCastOrAddrSpaceCast(GV, CI->getType());
  CI->replaceAllUsesWith(Ptr);
  CI->eraseFromParent();
  return true;
}

PreservedAnalyses LowerGroupLocalMemoryPass::run(Module &M, ModuleAnalysisManager &) {
  Function *Alloc = M.getFunction("__smcp_group_local_alloc");
  if (!Alloc)
    return PreservedAnalyses::all();
  for (User *U : make_early_inc_range(Alloc->users()))
    if (auto *CI = dyn_cast<CallInst>(U); CI && CI->getCalledFunction() == Alloc)
      lowerCall(CI);
  if (Alloc->use_empty())
    Alloc->eraseFromParent();
  return PreservedAnalyses::none();
}

} // namespace smcp
