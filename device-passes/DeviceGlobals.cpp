//===- DeviceGlobals.cpp - device_global variables become kernel parameters ===//
//
// A device_global has one instance per (device, context), shared by every
// program built for that device: specialization-constant variants, kernel
// bundles, images of other libraries. A module-scope variable of one SPIR-V
// module cannot be that (and PoCL has no program-scope variables at all), so
// the instance is a runtime allocation whose address each kernel receives as
// a trailing parameter.
//
// LowerDeviceGlobalsPass runs first: it replaces the variables by implicit
// arguments of kind device_global (ImplicitArgs.cpp), opaque to the
// optimiser, so that it cannot fold initial values into code.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <sycl/detail/abi/hex.h>

using namespace llvm;

namespace smcp {
namespace {

struct DeviceGlobalInfo {
  std::string Id;
  uint64_t Size;
  bool ImageScope;
  std::vector<uint8_t> Init; // Size bytes
};

/// Where a value used by I must be computed: before I, or for a phi at the
/// end of the incoming block.
Instruction *insertionPointFor(Instruction *I, const Use &U) {
  if (auto *Phi = dyn_cast<PHINode>(I))
    return Phi->getIncomingBlock(U)->getTerminator();
  return I;
}

/// Replaces C in every instruction that uses it, directly or through constant
/// expressions, by Make(insertion point). False when a use is not in code.
bool replaceInCode(Constant *C, function_ref<Value *(Instruction *)> Make) {
  C->removeDeadConstantUsers();
  SmallVector<Use *, 8> Uses;
  for (Use &U : C->uses())
    Uses.push_back(&U);
  for (Use *U : Uses) {
    if (auto *I = dyn_cast<Instruction>(U->getUser())) {
      U->set(Make(insertionPointFor(I, *U)));
      continue;
    }
    auto *CE = dyn_cast<ConstantExpr>(U->getUser());
    if (!CE)
      return false;
    bool Ok = replaceInCode(CE, [&](Instruction *At) -> Value * {
      Instruction *Expr = CE->getAsInstruction(At);
      Expr->replaceUsesOfWith(C, Make(Expr));
      return Expr;
    });
    if (!Ok)
      return false;
  }
  C->removeDeadConstantUsers();
  return true;
}

/// llvm.used and llvm.compiler.used keep the variables alive in their TU,
/// and llvm.global.annotations may still name them (SYCL_EXTERNAL's
/// annotation): the variables are going, so these lists must forget them.
void dropFromGlobalLists(Module &M, const SmallPtrSetImpl<GlobalVariable *> &Gone) {
  for (const char *Name : {"llvm.used", "llvm.compiler.used", "llvm.global.annotations"})
    filterGlobalList(M, Name, [&](Constant *Entry) {
      Value *Named = isa<ConstantStruct>(Entry) ? Entry->getOperand(0) : Entry;
      return !Gone.count(dyn_cast<GlobalVariable>(Named->stripPointerCasts()));
    });
}

void writeDeviceGlobals(Module &M, ArrayRef<DeviceGlobalInfo> Globals) {
  LLVMContext &Ctx = M.getContext();
  NamedMDNode *MD = M.getOrInsertNamedMetadata("smcp.device_globals");
  for (const DeviceGlobalInfo &G : Globals) {
    Metadata *Ops[] = {
        MDString::get(Ctx, G.Id),
        ConstantAsMetadata::get(ConstantInt::get(Type::getInt64Ty(Ctx), G.Size)),
        ConstantAsMetadata::get(ConstantInt::get(Type::getInt1Ty(Ctx), G.ImageScope)),
        MDString::get(Ctx, abi::to_hex(G.Init.data(), G.Init.size()))};
    MD->addOperand(MDNode::get(Ctx, Ops));
  }
}

} // namespace

PreservedAnalyses LowerDeviceGlobalsPass::run(Module &M, ModuleAnalysisManager &) {
  // An inline variable arrives once per TU that defines it.
  MapVector<GlobalVariable *, bool> Vars;
  for (const Annotation &A : takeAnnotations(M, "smcp.device_global")) {
    auto *GV = dyn_cast<GlobalVariable>(A.Value);
    if (!GV || !GV->hasInitializer()) {
      M.getContext().emitError("malformed device_global annotation on '" +
                               A.Value->getName() + "'");
      continue;
    }
    Vars[GV] |= StringRef(A.Text).endswith(" image_scope");
  }
  if (Vars.empty())
    return PreservedAnalyses::all();

  const DataLayout &DL = M.getDataLayout();
  std::vector<DeviceGlobalInfo> Infos;
  SmallPtrSet<GlobalVariable *, 8> Gone;
  for (auto &Entry : Vars)
    Gone.insert(Entry.first);
  dropFromGlobalLists(M, Gone);
  for (auto [GV, ImageScope] : Vars) {
    DeviceGlobalInfo Info{GV->getName().str(), DL.getTypeAllocSize(GV->getValueType()),
                          ImageScope, {}};
    Info.Init.assign(Info.Size, 0);
    if (!serializeConstant(DL, GV->getInitializer(), Info.Init.data())) {
      M.getContext().emitError("device_global '" + Info.Id +
                               "': its initial value holds an address, which no device "
                               "can start with");
      continue;
    }
    Infos.push_back(std::move(Info));
    bool InCode = replaceInCode(GV, [&](Instruction *At) -> Value * {
      IRBuilder<> B(At);
      Value *Addr = createImplicitArg(B, abi::implicit_arg_kind::device_global, Infos.back().Id);
      return B.CreatePointerBitCastOrAddrSpaceCast(Addr, GV->getType());
    });
    if (!InCode)
      M.getContext().emitError("device_global '" + Infos.back().Id +
                               "' is used in the initializer of another global variable; "
                               "device code can only reach it from functions");
  }
  for (GlobalVariable *GV : Gone) {
    GV->removeDeadConstantUsers();
    if (GV->use_empty())
      GV->eraseFromParent();
  }
  writeDeviceGlobals(M, Infos);
  return PreservedAnalyses::none();
}

} // namespace smcp
