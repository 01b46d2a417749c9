//===- StaticLocals.cpp - Initial values of other functions' static locals -===//
//
// Clang gives a static local its initial value when it emits the function
// that declares it. Device code may use a constant static local of a host
// function (a table in main() read by the kernel lambda defined in main()),
// and the plugin never lets code generation emit main(): the variable would
// be emitted with a zero initializer. A synthesized function whose body
// declares those same variables makes code generation emit their initial
// values; the function itself is never called, and the post-link pruning
// removes it.
//
//===----------------------------------------------------------------------===//

#include "SMCPPlugin.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace smcp {

FunctionDecl *makeStaticLocalInitializer(ASTContext &Ctx, llvm::ArrayRef<const VarDecl *> Vars) {
  if (Vars.empty())
    return nullptr;
  SourceLocation Loc = Vars.front()->getLocation();
  FunctionProtoType::ExtProtoInfo EPI;
  EPI.ExtInfo = EPI.ExtInfo.withCallingConv(Ctx.getDefaultCallingConvention(false, false));
  QualType FnTy = Ctx.getFunctionType(Ctx.VoidTy, {}, EPI);
  auto *Fn = FunctionDecl::Create(Ctx, Ctx.getTranslationUnitDecl(), Loc, Loc,
                                  &Ctx.Idents.get("__smcp_static_local_init"), FnTy,
                                  Ctx.getTrivialTypeSourceInfo(FnTy), SC_Static);
  llvm::SmallVector<Stmt *, 8> Body;
  for (const VarDecl *VD : Vars)
    Body.push_back(new (Ctx) DeclStmt(DeclGroupRef(const_cast<VarDecl *>(VD)), Loc, Loc));
  Fn->setBody(CompoundStmt::Create(Ctx, Body, FPOptionsOverride(), Loc, Loc));
  // Internal and unreferenced: without `used`, code generation would defer it forever.
  Fn->addAttr(UsedAttr::CreateImplicit(Ctx));
  Fn->setImplicit();
  return Fn;
}

} // namespace smcp
