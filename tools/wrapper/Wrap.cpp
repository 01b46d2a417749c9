//===- Wrap.cpp - Embed device images into a host object -------------------===//
//
// smcp-wrap -o <object> <image blob>...
//
// Merges the images of the blobs smcp-post-link wrote (one per target) into
// one fat-binary blob and emits a host object that holds it in the section
// "smcp_images", with a constructor that registers it with libsycl before
// main() and a destructor that unregisters it. The constructor also tells
// libsycl the host address of each device_global the images describe: the
// host symbol is the variable's unique id (the driver renames internal-linkage
// ones so), referenced weakly since the host code may not use the variable.
//
//===----------------------------------------------------------------------===//

#include "device_globals.h"
#include "fatbin.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Host.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <algorithm>

using namespace llvm;

static cl::list<std::string> Inputs(cl::Positional, cl::desc("<image blob>"));
static cl::opt<std::string> Output("o", cl::Required, cl::desc("Output object"));

static int fail(const Twine &Msg) {
  WithColor::error(errs(), "smcp-wrap") << Msg << "\n";
  return 1;
}

static bool readImages(std::vector<smcp::fatbin::DeviceImage> &All) {
  for (const std::string &Path : Inputs) {
    auto Buf = MemoryBuffer::getFile(Path);
    if (!Buf) {
      fail("cannot read device image '" + Path + "': " + Buf.getError().message());
      return false;
    }
    std::vector<smcp::fatbin::DeviceImage> Images;
    std::string Err;
    auto *Data = reinterpret_cast<const uint8_t *>((*Buf)->getBufferStart());
    if (!smcp::fatbin::parseFatBinary(Data, (*Buf)->getBufferSize(), Images, Err)) {
      fail("'" + Path + "': " + Err);
      return false;
    }
    All.insert(All.end(), Images.begin(), Images.end());
  }
  return true;
}

/// Every device_global id of the images, once.
static bool deviceGlobalIds(const std::vector<smcp::fatbin::DeviceImage> &Images,
                            std::vector<std::string> &Ids) {
  for (const smcp::fatbin::DeviceImage &Image : Images) {
    smcp::fatbin::ImageDeviceGlobals DG;
    std::string Err;
    if (!smcp::fatbin::decodeDeviceGlobals(Image, DG, Err)) {
      fail(Err);
      return false;
    }
    for (const auto &G : DG.Globals)
      if (std::find(Ids.begin(), Ids.end(), G.Id) == Ids.end())
        Ids.push_back(G.Id);
  }
  return true;
}

/// { host address, id } per device_global; the address is null when the
/// program has no host symbol for it.
static Constant *buildDeviceGlobalTable(Module &M, ArrayRef<std::string> Ids) {
  LLVMContext &Ctx = M.getContext();
  Type *I8 = Type::getInt8Ty(Ctx);
  auto *EntryTy = StructType::get(Type::getInt8PtrTy(Ctx), Type::getInt8PtrTy(Ctx));
  std::vector<Constant *> Entries;
  for (const std::string &Id : Ids) {
    auto *Host = new GlobalVariable(M, I8, false, GlobalValue::ExternalWeakLinkage, nullptr, Id);
    Constant *Name = ConstantDataArray::getString(Ctx, Id);
    auto *NameGV = new GlobalVariable(M, Name->getType(), true, GlobalValue::PrivateLinkage,
                                      Name, "smcp.dg.name");
    Entries.push_back(ConstantStruct::get(
        EntryTy, {Host, ConstantExpr::getBitCast(NameGV, Type::getInt8PtrTy(Ctx))}));
  }
  auto *ArrTy = ArrayType::get(EntryTy, Entries.size());
  return new GlobalVariable(M, ArrTy, true, GlobalValue::PrivateLinkage,
                            ConstantArray::get(ArrTy, Entries), "smcp.device_globals");
}

/// Builds the registration module: the blob, a constructor and a destructor.
static std::unique_ptr<Module> buildModule(LLVMContext &Ctx, ArrayRef<uint8_t> Blob,
                                           ArrayRef<std::string> DeviceGlobalIds) {
  auto M = std::make_unique<Module>("smcp-images", Ctx);
  M->setTargetTriple(sys::getDefaultTargetTriple());
  Constant *Data = ConstantDataArray::get(Ctx, Blob);
  auto *BlobGV = new GlobalVariable(*M, Data->getType(), true, GlobalValue::PrivateLinkage,
                                    Data, "smcp.images");
  BlobGV->setSection("smcp_images");
  BlobGV->setAlignment(Align(8));
  appendToUsed(*M, {BlobGV});

  Type *I8Ptr = Type::getInt8PtrTy(Ctx);
  Type *SizeTy = Type::getInt64Ty(Ctx);
  Type *VoidTy = Type::getVoidTy(Ctx);
  FunctionCallee Register = M->getOrInsertFunction("__smcp_register_images", VoidTy, I8Ptr, SizeTy);
  FunctionCallee Unregister = M->getOrInsertFunction("__smcp_unregister_images", VoidTy, I8Ptr);

  Constant *Table = nullptr;
  FunctionCallee RegisterGlobals, UnregisterGlobals;
  if (!DeviceGlobalIds.empty()) {
    Table = ConstantExpr::getBitCast(buildDeviceGlobalTable(*M, DeviceGlobalIds), I8Ptr);
    RegisterGlobals =
        M->getOrInsertFunction("__smcp_register_device_globals", VoidTy, I8Ptr, SizeTy);
    UnregisterGlobals =
        M->getOrInsertFunction("__smcp_unregister_device_globals", VoidTy, I8Ptr, SizeTy);
  }
  Constant *NumGlobals = ConstantInt::get(SizeTy, DeviceGlobalIds.size());

  auto MakeFn = [&](const char *Name, FunctionCallee Callee, bool WithSize,
                    FunctionCallee Globals) {
    Function *F = Function::Create(FunctionType::get(VoidTy, false), GlobalValue::InternalLinkage,
                                   Name, *M);
    IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
    Value *Ptr = B.CreateBitCast(BlobGV, I8Ptr);
    if (WithSize)
      B.CreateCall(Callee, {Ptr, ConstantInt::get(SizeTy, Blob.size())});
    else
      B.CreateCall(Callee, {Ptr});
    if (Table)
      B.CreateCall(Globals, {Table, NumGlobals});
    B.CreateRetVoid();
    return F;
  };
  // Priority 101: before the program's own static constructors, which may
  // already submit kernels.
  appendToGlobalCtors(*M, MakeFn("smcp.register", Register, true, RegisterGlobals), 101);
  appendToGlobalDtors(*M, MakeFn("smcp.unregister", Unregister, false, UnregisterGlobals), 101);
  return M;
}

static bool emitObject(Module &M, StringRef Path) {
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget(M.getTargetTriple(), Err);
  if (!T) {
    fail("no host target: " + Err);
    return false;
  }
  std::unique_ptr<TargetMachine> TM(T->createTargetMachine(
      M.getTargetTriple(), "generic", "", TargetOptions(), Reloc::PIC_));
  M.setDataLayout(TM->createDataLayout());
  std::error_code EC;
  ToolOutputFile Out(Path, EC, sys::fs::OF_None);
  if (EC) {
    fail("cannot write '" + Path + "': " + EC.message());
    return false;
  }
  legacy::PassManager PM;
  if (TM->addPassesToEmitFile(PM, Out.os(), nullptr, CGFT_ObjectFile)) {
    fail("the host target cannot emit object files");
    return false;
  }
  PM.run(M);
  Out.keep();
  return true;
}

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "SMCP device image wrapper\n");
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  std::vector<smcp::fatbin::DeviceImage> Images;
  if (!readImages(Images))
    return 1;
  std::vector<std::string> Ids;
  if (!deviceGlobalIds(Images, Ids))
    return 1;
  std::vector<uint8_t> Blob = smcp::fatbin::writeFatBinary(Images);
  LLVMContext Ctx;
  std::unique_ptr<Module> M = buildModule(Ctx, Blob, Ids);
  return emitObject(*M, Output) ? 0 : 1;
}
