//===- DeviceGlobals.cpp - sycl_ext_oneapi_device_global in the plugin ----===//
//
// Finds the TU's device_global variables, diagnoses the declarations the
// extension forbids, and prepares each definition for code generation:
//   - its device symbol is its unique id: the mangled name, prefixed with the
//     TU's prefix when the linkage is internal (an asm label), so that the
//     linked device module names every variable apart;
//   - an annotation "smcp.device_global [image_scope]" marks it for the
//     device passes, which replace it by a per-(device, context) allocation;
//   - it is emitted even when no kernel of this TU uses it: kernels of other
//     TUs, or the host's copies, may.
// The internal-linkage ones are listed for the driver, which gives the host
// object's local symbol the same id and makes it global, so that the link
// step can register "host address -> id" with the runtime.
//
//===----------------------------------------------------------------------===//

#include "SMCPPlugin.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace smcp {

static const AnnotateAttr *deviceGlobalMark(QualType T) {
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  return RD ? findMark(RD, abi::device_global_mark) : nullptr;
}

bool isDeviceGlobalType(QualType T) { return deviceGlobalMark(T) != nullptr; }

namespace {

class Finder : public RecursiveASTVisitor<Finder> {
public:
  explicit Finder(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  // The SYCL and standard headers declare no device_global; skipping them
  // keeps the walk cheap.
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && SM.isInSystemHeader(D->getLocation()))
      return true;
    if (auto *NS = dyn_cast_or_null<NamespaceDecl>(D); NS && NS->isInline())
      InlineNamespaces.push_back(NS);
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitFieldDecl(FieldDecl *FD) {
    if (isDeviceGlobalType(Ctx.getBaseElementType(FD->getType())))
      error(FD->getLocation(), "a device_global cannot be a non-static data member; make it "
                               "a namespace-scope variable or a public static member");
    return true;
  }

  bool VisitCXXNewExpr(CXXNewExpr *E) {
    if (isDeviceGlobalType(Ctx.getBaseElementType(E->getAllocatedType())))
      error(E->getBeginLoc(), "a device_global cannot be created with new; declare it at "
                              "namespace scope or as a public static member");
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    QualType T = VD->getType();
    if (isa<ParmVarDecl>(VD) || T->isReferenceType())
      return true;
    if (T->isArrayType() && isDeviceGlobalType(Ctx.getBaseElementType(T))) {
      error(VD->getLocation(), "an array of device_global is not allowed; use one "
                               "device_global of an array type (device_global<T[N]>)");
      return true;
    }
    if (!isDeviceGlobalType(T))
      return true;
    if (!VD->hasGlobalStorage() || VD->isStaticLocal()) {
      error(VD->getLocation(), "a device_global must be a namespace-scope variable or a "
                               "public static member, not a function's variable");
      return true;
    }
    if (VD->isStaticDataMember() && !isPubliclyReachable(VD))
      error(VD->getLocation(), "a device_global static member must be public, and so must "
                               "the classes that enclose it");
    if (VD->isThisDeclarationADefinition() == VarDecl::Definition &&
        !VD->getDeclContext()->isDependentContext())
      Vars.insert(VD);
    return true;
  }

  /// The extension's inline-namespace rule: nothing in an inline namespace
  /// may hide a device_global, or a namespace holding one, of the namespace
  /// around it (the variable could no longer be named from outside).
  void checkInlineNamespaces() {
    llvm::SmallPtrSet<const DeclContext *, 8> Holding; // namespaces around a device_global
    for (const VarDecl *VD : Vars)
      for (const DeclContext *DC = VD->getDeclContext(); DC; DC = DC->getParent())
        if (isa<NamespaceDecl>(DC))
          Holding.insert(DC->getPrimaryContext());
    for (const NamespaceDecl *NS : InlineNamespaces) {
      const DeclContext *Outer = NS->getParent();
      while (isa<NamespaceDecl>(Outer) && cast<NamespaceDecl>(Outer)->isInline())
        Outer = Outer->getParent();
      for (const Decl *D : NS->decls()) {
        const auto *ND = dyn_cast<NamedDecl>(D);
        if (!ND || !ND->getDeclName())
          continue;
        for (const NamedDecl *Other : Outer->lookup(ND->getDeclName())) {
          if (Other->getDeclContext()->getRedeclContext() != Outer->getRedeclContext())
            continue;
          const auto *OtherVar = dyn_cast<VarDecl>(Other);
          const auto *OtherNS = dyn_cast<NamespaceDecl>(Other);
          if ((OtherVar && isDeviceGlobalType(OtherVar->getType())) ||
              (OtherNS && Holding.count(OtherNS->getPrimaryContext()))) {
            error(ND->getLocation(),
                  "'" + ND->getNameAsString() + "' in an inline namespace hides the " +
                      (OtherVar ? "device_global" : "namespace holding a device_global") +
                      " '" + Other->getQualifiedNameAsString() + "'");
            break;
          }
        }
      }
    }
  }

  llvm::SetVector<VarDecl *> Vars;

private:
  static bool isPubliclyReachable(const VarDecl *VD) {
    const Decl *D = VD;
    for (const DeclContext *DC = VD->getDeclContext(); isa<CXXRecordDecl>(DC);
         D = cast<Decl>(DC), DC = DC->getParent())
      if (D->getAccess() != AS_public && D->getAccess() != AS_none)
        return false;
    return D->getAccess() == AS_public || D->getAccess() == AS_none;
  }

  void error(SourceLocation Loc, const std::string &Msg) {
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    DE.Report(Loc, DE.getCustomDiagID(DiagnosticsEngine::Error, "%0")) << Msg;
  }

  ASTContext &Ctx;
  SourceManager &SM;
  std::vector<const NamespaceDecl *> InlineNamespaces;
};

std::string mangledName(ASTContext &Ctx, const VarDecl *VD) {
  std::unique_ptr<MangleContext> MC(Ctx.createMangleContext());
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  if (MC->shouldMangleDeclName(VD))
    MC->mangleName(GlobalDecl(VD), OS);
  else
    OS << VD->getName();
  return OS.str();
}

} // namespace

std::vector<DeviceGlobal> prepareDeviceGlobals(ASTContext &Ctx, StringRef TUPrefix) {
  Finder F(Ctx);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  F.checkInlineNamespaces();
  std::vector<DeviceGlobal> Result;
  for (VarDecl *VD : F.Vars) {
    DeviceGlobal G{VD, mangledName(Ctx, VD), {}};
    bool Internal = !VD->isExternallyVisible();
    G.Id = Internal ? (TUPrefix + "____" + G.Mangled).str() : G.Mangled;
    if (Internal)
      VD->addAttr(AsmLabelAttr::CreateImplicit(Ctx, G.Id, /*LiteralLabel=*/true));
    bool ImageScope = markArgument(Ctx, deviceGlobalMark(VD->getType())).value_or(0) != 0;
    std::string Note = ImageScope ? "smcp.device_global image_scope" : "smcp.device_global";
    VD->addAttr(AnnotateAttr::CreateImplicit(Ctx, Note, nullptr, 0));
    VD->addAttr(UsedAttr::CreateImplicit(Ctx));
    Result.push_back(std::move(G));
  }
  return Result;
}

bool writeHostSymbols(ASTContext &Ctx, const std::vector<DeviceGlobal> &Globals,
                      StringRef Path) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    DE.Report(DE.getCustomDiagID(DiagnosticsEngine::Error, "cannot write '%0': %1"))
        << Path << EC.message();
    return false;
  }
  for (const DeviceGlobal &G : Globals)
    if (G.Id != G.Mangled)
      OS << G.Mangled << ' ' << G.Id << '\n';
  return true;
}

} // namespace smcp
