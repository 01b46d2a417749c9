//===- DeviceAction.cpp - The plugin's frontend action --------------------===//
//
// Replaces the device compile's main action. Code generation is clang's own
// (EmitBCAction / EmitLLVMAction); the consumer in front of it holds back
// every top-level declaration and, at the end of the TU, hands on only what
// device code reaches. Host functions that use x86 intrinsics, inline asm or
// exceptions are then never emitted for the device, and never break it.
//
//===----------------------------------------------------------------------===//

#include "SMCPPlugin.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/ADT/StringMap.h"

using namespace clang;

namespace {

/// Exposes CodeGenAction's consumer factory to the plugin action.
template <typename Base> class DeviceCodeGenAction : public Base {
public:
  using Base::CreateASTConsumer;
};

class DeviceConsumer : public ASTConsumer {
public:
  struct Options {
    std::string KernelListPath;  // the TU's kernels, for the driver's check of the host compile
    std::string HostSymbolsPath; // internal device_globals' host symbols, for the driver
    std::string TUPrefix;        // tells apart internal-linkage names of different TUs
    bool EmitText = false;
  };

  DeviceConsumer(std::unique_ptr<ASTConsumer> CodeGen, Options Opts)
      : CodeGen(std::move(CodeGen)), Opts(std::move(Opts)) {}

  void Initialize(ASTContext &Ctx) override { CodeGen->Initialize(Ctx); }

  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    for (Decl *D : DG) {
      auto *FD = dyn_cast<FunctionDecl>(D);
      if (FD && smcp::isKernelEntry(FD) && FD->doesThisDeclarationHaveABody())
        Entries.push_back(FD);
      else if (FD && smcp::isSyclExternal(FD) && FD->doesThisDeclarationHaveABody())
        Externals.push_back(FD);
    }
    return true;
  }

  // Template static members and completed types change nothing by
  // themselves: code generation emits them only when device code uses them.
  void HandleCXXStaticMemberVarInstantiation(VarDecl *VD) override {
    CodeGen->HandleCXXStaticMemberVarInstantiation(VD);
  }
  void HandleTagDeclDefinition(TagDecl *D) override { CodeGen->HandleTagDeclDefinition(D); }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    std::vector<smcp::Kernel> Kernels;
    for (FunctionDecl *Entry : Entries)
      Kernels.push_back(smcp::describeKernel(Entry));

    reportDuplicateNames(Ctx, Kernels);
    auto DeviceGlobals = smcp::prepareDeviceGlobals(Ctx, Opts.TUPrefix);
    smcp::DeviceCode Code = smcp::checkDeviceCode(Ctx, Kernels, Externals);
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    auto &ToEmit = Code.Decls;
    if (FunctionDecl *Init = smcp::makeStaticLocalInitializer(Ctx, Code.OrphanStaticLocals))
      ToEmit.insert(Init);
    for (const smcp::Kernel &K : Kernels)
      smcp::annotateKernel(K);
    for (const smcp::DeviceGlobal &G : DeviceGlobals)
      ToEmit.insert(G.Var);
    for (const Decl *D : ToEmit)
      CodeGen->HandleTopLevelDecl(DeclGroupRef(const_cast<Decl *>(D)));
    CodeGen->HandleTranslationUnit(Ctx);
    if (!Opts.KernelListPath.empty())
      smcp::writeKernelList(Ctx, Kernels, Opts.KernelListPath);
    if (!Opts.HostSymbolsPath.empty())
      smcp::writeHostSymbols(Ctx, DeviceGlobals, Opts.HostSymbolsPath);
  }

private:
  /// One name, one kernel: the runtime finds kernels by name.
  static void reportDuplicateNames(ASTContext &Ctx, const std::vector<smcp::Kernel> &Kernels) {
    llvm::StringMap<const smcp::Kernel *> Seen;
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    for (const smcp::Kernel &K : Kernels) {
      auto [It, Inserted] = Seen.try_emplace(K.Name, &K);
      if (Inserted)
        continue;
      DE.Report(K.Functor ? K.Functor->getLocation() : K.Entry->getLocation(),
                DE.getCustomDiagID(DiagnosticsEngine::Error,
                                   "the kernel name '%0' is used by two different kernels"))
          << K.Name;
      const smcp::Kernel *First = It->second;
      DE.Report(First->Functor ? First->Functor->getLocation() : First->Entry->getLocation(),
                DE.getCustomDiagID(DiagnosticsEngine::Note, "the other kernel is here"));
    }
  }

  std::unique_ptr<ASTConsumer> CodeGen;
  Options Opts;
  std::vector<FunctionDecl *> Entries;
  std::vector<const FunctionDecl *> Externals;
};

class SMCPDeviceAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef InFile) override {
    if (!CI.getLangOpts().SYCLIsDevice) {
      unsigned ID = CI.getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Error, "the SMCP plugin runs only in a SYCL device compile "
                                    "(-fsycl-is-device); use syclcc");
      CI.getDiagnostics().Report(ID);
      return nullptr;
    }
    // The consumer refers to its action's LLVMContext: keep the action alive.
    std::unique_ptr<ASTConsumer> CodeGen;
    if (Opts.EmitText) {
      auto Act = std::make_unique<DeviceCodeGenAction<EmitLLVMAction>>();
      CodeGen = Act->CreateASTConsumer(CI, InFile);
      CodeGenAct = std::move(Act);
    } else {
      auto Act = std::make_unique<DeviceCodeGenAction<EmitBCAction>>();
      CodeGen = Act->CreateASTConsumer(CI, InFile);
      CodeGenAct = std::move(Act);
    }
    if (!CodeGen)
      return nullptr;
    return std::make_unique<DeviceConsumer>(std::move(CodeGen), Opts);
  }

  bool ParseArgs(const CompilerInstance &CI, const std::vector<std::string> &Args) override {
    for (llvm::StringRef Arg : Args) {
      if (Arg.consume_front("kernel-list="))
        Opts.KernelListPath = Arg.str();
      else if (Arg.consume_front("host-symbols="))
        Opts.HostSymbolsPath = Arg.str();
      else if (Arg.consume_front("tu-prefix="))
        Opts.TUPrefix = Arg.str();
      else if (Arg == "emit-llvm")
        Opts.EmitText = true;
      else {
        unsigned ID = CI.getDiagnostics().getCustomDiagID(
            DiagnosticsEngine::Error, "unknown SMCP plugin argument '%0'");
        CI.getDiagnostics().Report(ID) << Arg;
        return false;
      }
    }
    return true;
  }

  ActionType getActionType() override { return ReplaceAction; }

private:
  std::unique_ptr<CodeGenAction> CodeGenAct;
  DeviceConsumer::Options Opts;
};

} // namespace

static FrontendPluginRegistry::Add<SMCPDeviceAction>
    X("smcp", "SYCL device compile: kernel outlining, device-code checks, kernel list");
