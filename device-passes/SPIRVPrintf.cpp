//===- SPIRVPrintf.cpp - printf's format string in constant memory --------===//
//
// sycl::ext::oneapi::experimental::printf calls __spirv_ocl_printf with a
// generic format pointer (SMCP's headers cannot name the constant address
// space: clang's SYCL mode has none). OpenCL's printf, which the translator
// emits for __spirv_ocl_printf, takes its format from constant memory
// (address space 2): each call gets a constant copy of its format string and
// calls the address-space-2 variant.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace smcp {

static constexpr unsigned ConstantAS = 2;
static constexpr const char *ConstantPrintf = "_Z18__spirv_ocl_printfPU3AS2Kcz";

/// A constant copy of the format string Format points to, or null.
static Constant *constantFormat(Module &M, Value *Format) {
  auto *GV = dyn_cast<GlobalVariable>(getUnderlyingObject(Format));
  if (!GV || !GV->isConstant() || !GV->hasInitializer() ||
      !isa<ConstantDataArray>(GV->getInitializer()))
    return nullptr;
  auto *Copy = new GlobalVariable(M, GV->getValueType(), true, GlobalValue::InternalLinkage,
                                  GV->getInitializer(), "smcp.printf.format", nullptr,
                                  GlobalValue::NotThreadLocal, ConstantAS);
  Copy->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  Type *CharPtr = Type::getInt8PtrTy(M.getContext(), ConstantAS);
  return ConstantExpr::getPointerCast(Copy, CharPtr);
}

bool lowerPrintfFormats(Module &M) {
  bool Changed = false;
  for (Function &F : make_early_inc_range(M)) {
    if (!F.isDeclaration() || F.getName() == ConstantPrintf ||
        !F.getName().startswith("_Z18__spirv_ocl_printf"))
      continue;
    LLVMContext &Ctx = M.getContext();
    FunctionCallee Printf = M.getOrInsertFunction(
        ConstantPrintf, FunctionType::get(Type::getInt32Ty(Ctx),
                                          {Type::getInt8PtrTy(Ctx, ConstantAS)}, true));
    for (User *U : make_early_inc_range(F.users())) {
      auto *CI = dyn_cast<CallInst>(U);
      if (!CI || CI->getCalledFunction() != &F)
        continue;
      Constant *Format = constantFormat(M, CI->getArgOperand(0));
      if (!Format) {
        Ctx.emitError(CI, "printf in device code: the format must be a string literal or a "
                          "constant character array");
        continue;
      }
      SmallVector<Value *, 8> Args{Format};
      Args.append(CI->arg_begin() + 1, CI->arg_end());
      auto *New = CallInst::Create(Printf, Args, "", CI);
      CI->replaceAllUsesWith(New);
      CI->eraseFromParent();
      Changed = true;
    }
    if (F.use_empty())
      F.eraseFromParent();
  }
  return Changed;
}

} // namespace smcp
