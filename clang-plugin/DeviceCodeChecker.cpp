//===- DeviceCodeChecker.cpp - What device code reaches, and its rules ----===//
//
// Starting from the kernels and the SYCL_EXTERNAL functions, walks every
// function body that device code can reach. The walk serves two ends: it
// reports what SYCL forbids in device code (exceptions, RTTI, virtual calls,
// calls through function pointers, new/delete, recursion, non-const globals,
// inline asm, kernel functions that return a value; clang itself already
// diagnoses variable-length arrays in device code), each at
// its location with a note naming the kernel that reaches it; and it collects
// the declarations that code generation must see, since the plugin holds back
// everything else. What is evaluated at compile time (constexpr variables'
// initialisers, static_assert, constant expressions such as template
// arguments) is not device code: a recursive constexpr function used there
// is fine.
//
//===----------------------------------------------------------------------===//

#include "SMCPPlugin.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace smcp {
namespace {

enum class Rule {
  Throw, Try, Typeid, DynamicCast, VirtualCall, IndirectCall, New, Delete, Recursion, Global,
  DynamicInit, Asm, KernelReturn
};

const char *ruleText(Rule R) {
  switch (R) {
  case Rule::Throw:
    return "SYCL device code cannot throw exceptions";
  case Rule::Try:
    return "SYCL device code cannot use try/catch";
  case Rule::Typeid:
    return "SYCL device code cannot use 'typeid'";
  case Rule::DynamicCast:
    return "SYCL device code cannot use 'dynamic_cast'";
  case Rule::VirtualCall:
    return "SYCL device code cannot call the virtual function '%0'";
  case Rule::IndirectCall:
    return "SYCL device code cannot call through a function pointer";
  case Rule::New:
    return "SYCL device code cannot allocate memory with 'new'";
  case Rule::Delete:
    return "SYCL device code cannot free memory with 'delete'";
  case Rule::Recursion:
    return "SYCL device code cannot call '%0' recursively";
  case Rule::Global:
    return "SYCL device code cannot use the non-const global variable '%0'";
  case Rule::DynamicInit:
    return "SYCL device code cannot use '%0': its value is computed at run time on the host "
           "(make it constexpr)";
  case Rule::Asm:
    return "SYCL device code cannot use inline assembly";
  case Rule::KernelReturn:
    return "a SYCL kernel function must return void, not %0";
  }
  llvm_unreachable("unknown device-code rule");
}

/// Collects the direct uses inside one function body.
class BodyScanner : public RecursiveASTVisitor<BodyScanner> {
public:
  struct Violation {
    Rule R;
    SourceLocation Loc;
    std::string Arg;
  };
  struct Call {
    const FunctionDecl *Callee;
    SourceLocation Loc;
  };

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee) {
      if (isIndirectCall(CE))
        add(Rule::IndirectCall, CE->getBeginLoc());
      return true;
    }
    if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee); MD && MD->isVirtual()) {
      const auto *ME = dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParenImpCasts());
      if (!ME || !ME->hasQualifier())
        Violations.push_back({Rule::VirtualCall, CE->getBeginLoc(), MD->getQualifiedNameAsString()});
    }
    addCall(Callee, CE->getBeginLoc());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    addCall(CE->getConstructor(), CE->getBeginLoc());
    addDestructorOf(CE->getType(), CE->getBeginLoc());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl()))
      addCall(FD, DRE->getLocation());
    else if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && VD->hasGlobalStorage())
      useGlobal(VD, DRE->getLocation());
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->isStaticLocal() && !isConstant(VD))
      Violations.push_back({Rule::Global, VD->getLocation(), VD->getNameAsString()});
    return true;
  }
  bool VisitCXXThrowExpr(CXXThrowExpr *E) { return add(Rule::Throw, E->getThrowLoc()); }
  bool VisitCXXTryStmt(CXXTryStmt *S) { return add(Rule::Try, S->getTryLoc()); }
  bool VisitCXXTypeidExpr(CXXTypeidExpr *E) { return add(Rule::Typeid, E->getBeginLoc()); }
  bool VisitCXXDynamicCastExpr(CXXDynamicCastExpr *E) {
    return add(Rule::DynamicCast, E->getBeginLoc());
  }
  bool VisitAsmStmt(AsmStmt *S) { return add(Rule::Asm, S->getAsmLoc()); }
  bool VisitCXXNewExpr(CXXNewExpr *E) {
    // Placement new into existing storage allocates nothing.
    const FunctionDecl *Op = E->getOperatorNew();
    if (!Op || !Op->isReservedGlobalPlacementOperator())
      add(Rule::New, E->getBeginLoc());
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) { return add(Rule::Delete, E->getBeginLoc()); }

  // Compile-time evaluation is not device code: what it calls is not
  // reached (the globals it names still are: their values may be folded in).
  bool TraverseConstantExpr(ConstantExpr *E, DataRecursionQueue * = nullptr) {
    return inConstantContext([&] { return RecursiveASTVisitor::TraverseConstantExpr(E); });
  }
  bool TraverseStaticAssertDecl(StaticAssertDecl *D) {
    return inConstantContext([&] { return RecursiveASTVisitor::TraverseStaticAssertDecl(D); });
  }
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E,
                                        DataRecursionQueue * = nullptr) {
    return inConstantContext(
        [&] { return RecursiveASTVisitor::TraverseUnaryExprOrTypeTraitExpr(E); });
  }
  bool TraverseVarDecl(VarDecl *VD) {
    if (VD->isConstexpr() && VD->getInit() && !VD->getInit()->isValueDependent() &&
        VD->evaluateValue())
      return inConstantContext([&] { return RecursiveASTVisitor::TraverseVarDecl(VD); });
    return RecursiveASTVisitor::TraverseVarDecl(VD);
  }

  std::vector<Violation> Violations;
  std::vector<Call> Calls;
  std::vector<const VarDecl *> Globals;
  std::vector<const VarDecl *> StaticLocals; // of any function, this one's included

private:
  llvm::SmallPtrSet<const FunctionDecl *, 16> Seen;
  unsigned ConstantDepth = 0; // > 0 inside an expression evaluated at compile time

  template <typename F> bool inConstantContext(F Traverse) {
    ++ConstantDepth;
    bool Result = Traverse();
    --ConstantDepth;
    return Result;
  }
  /// Records each callee once (a call is seen as a CallExpr and its DeclRefExpr).
  void addCall(const FunctionDecl *FD, SourceLocation Loc) {
    if (!ConstantDepth && Seen.insert(FD).second)
      Calls.push_back({FD, Loc});
  }
  /// A call through a pointer or reference to a function, or through a
  /// pointer to member function. Calls in templates not yet instantiated
  /// (a generic lambda's body seen from its enclosing function) have no
  /// callee yet: they are checked in their instantiations.
  static bool isIndirectCall(const CallExpr *CE) {
    if (CE->isInstantiationDependent())
      return false;
    const Expr *Callee = CE->getCallee()->IgnoreParens();
    if (const auto *BO = dyn_cast<BinaryOperator>(Callee); BO && BO->isPtrMemOp())
      return true;
    QualType T = Callee->getType();
    return T->isFunctionPointerType() || T->isFunctionReferenceType() || T->isFunctionType();
  }
  bool add(Rule R, SourceLocation Loc) {
    if (!ConstantDepth)
      Violations.push_back({R, Loc, {}});
    return true;
  }
  static bool isConstant(const VarDecl *VD) {
    return VD->isConstexpr() || VD->getType().isConstQualified();
  }
  /// No device runs the host's dynamic initialisers: such a variable would
  /// read as zero there. What clang can fold (as code generation does) is fine.
  static bool hasRunTimeInit(const VarDecl *VD) {
    VarDecl *Def = const_cast<VarDecl *>(VD->getDefinition());
    return Def && Def->hasInit() && !Def->getInit()->isValueDependent() &&
           !Def->hasConstantInitialization() && !Def->evaluateValue();
  }
  void useGlobal(const VarDecl *VD, SourceLocation Loc) {
    if (isDeviceGlobalType(VD->getType()))
      return; // prepareDeviceGlobals() hands every definition to code generation
    if (!isConstant(VD))
      Violations.push_back({Rule::Global, Loc, VD->getQualifiedNameAsString()});
    else if (hasRunTimeInit(VD))
      Violations.push_back({Rule::DynamicInit, Loc, VD->getQualifiedNameAsString()});
    else if (VD->isStaticLocal())
      StaticLocals.push_back(VD);
    else
      Globals.push_back(VD);
  }
  void addDestructorOf(QualType T, SourceLocation Loc) {
    if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
      if (RD->hasDefinition())
        if (const CXXDestructorDecl *DD = RD->getDestructor())
          addCall(DD, Loc);
  }
};

class Reachability {
public:
  Reachability(ASTContext &Ctx) : Ctx(Ctx) {}

  void walkFrom(const FunctionDecl *Root, const std::string &KernelName,
                SourceLocation KernelLoc) {
    CurrentKernel = KernelName;
    CurrentKernelLoc = KernelLoc;
    visit(Root);
  }

  /// Work-group functions (barriers, group algorithms, group-local memory)
  /// need work-groups: reaching one from a kernel launched over a plain
  /// range or as a single task is an error (SYCL 2020 §3.9.3). The headers
  /// mark the primitive they all use with annotate("smcp.work_group_only").
  void checkWorkGroupUse(const FunctionDecl *Root, const std::string &KernelName,
                         SourceLocation KernelLoc) {
    llvm::SmallPtrSet<const FunctionDecl *, 32> Seen;
    SmallVector<const FunctionDecl *, 32> Work{Root};
    while (!Work.empty()) {
      const FunctionDecl *F = Work.pop_back_val();
      for (const BodyScanner::Call &C : Edges.lookup(F)) {
        const FunctionDecl *Callee = C.Callee->getDefinition() ? C.Callee->getDefinition() : C.Callee;
        if (isWorkGroupOnly(Callee)) {
          DiagnosticsEngine &DE = Ctx.getDiagnostics();
          DE.Report(C.Loc, DE.getCustomDiagID(DiagnosticsEngine::Error,
                                              "SYCL work-group functions (barriers, group "
                                              "algorithms, group_local_memory) need an "
                                              "nd_range kernel"));
          DE.Report(KernelLoc, DE.getCustomDiagID(DiagnosticsEngine::Note,
                                                  "reached from the SYCL %0, which has no "
                                                  "work-groups (a range or single_task launch)"))
              << KernelName;
          return;
        }
        if (Seen.insert(Callee).second)
          Work.push_back(Callee);
      }
    }
  }

  llvm::SetVector<const Decl *> ToEmit;
  llvm::SetVector<const VarDecl *> StaticLocals;

private:
  enum class State { Active, Done };

  static bool isWorkGroupOnly(const FunctionDecl *FD) {
    for (const auto *A : FD->specific_attrs<AnnotateAttr>())
      if (A->getAnnotation() == "smcp.work_group_only")
        return true;
    return false;
  }

  void visit(const FunctionDecl *FD) {
    const FunctionDecl *Def = FD->getDefinition();
    if (!Def)
      return; // a declaration: a built-in, libm, or SYCL_EXTERNAL in another TU
    auto It = States.find(Def);
    if (It != States.end())
      return;
    States[Def] = State::Active;
    BodyScanner Scanner;
    Scanner.TraverseDecl(const_cast<FunctionDecl *>(Def));
    for (const auto &V : Scanner.Violations)
      report(V.R, V.Loc, V.Arg);
    addVariables(Scanner);
    Edges[Def] = Scanner.Calls;
    for (const auto &C : Scanner.Calls) {
      const FunctionDecl *CalleeDef = C.Callee->getDefinition();
      auto Found = CalleeDef ? States.find(CalleeDef) : States.end();
      if (Found != States.end() && Found->second == State::Active)
        report(Rule::Recursion, C.Loc, CalleeDef->getQualifiedNameAsString());
      else
        visit(C.Callee);
    }
    States[Def] = State::Done;
    ToEmit.insert(Def);
  }

  void addVariables(const BodyScanner &Scanner) {
    for (const VarDecl *VD : Scanner.Globals)
      addVariable(VD->getDefinition() ? VD->getDefinition() : VD);
    for (const VarDecl *VD : Scanner.StaticLocals)
      addVariable(VD);
  }

  /// A variable's initializer may hold the addresses of others (a pointer
  /// table): they are device data too, and code generation must see them.
  void addVariable(const VarDecl *VD) {
    bool New = VD->isStaticLocal() ? StaticLocals.insert(VD) : ToEmit.insert(VD);
    const Expr *Init = VD->getInit();
    if (!New || !Init)
      return;
    BodyScanner Scanner;
    Scanner.TraverseStmt(const_cast<Expr *>(Init));
    for (const auto &V : Scanner.Violations)
      report(V.R, V.Loc, V.Arg);
    addVariables(Scanner);
  }

  void report(Rule R, SourceLocation Loc, const std::string &Arg) {
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    {
      unsigned ID = DE.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Error, ruleText(R));
      auto Builder = DE.Report(Loc, ID);
      if (!Arg.empty())
        Builder << Arg;
    }
    if (CurrentKernelLoc.isValid())
      DE.Report(CurrentKernelLoc,
                DE.getCustomDiagID(DiagnosticsEngine::Note, "reached from the SYCL %0 here"))
          << CurrentKernel;
  }

  ASTContext &Ctx;
  llvm::DenseMap<const FunctionDecl *, State> States;
  llvm::DenseMap<const FunctionDecl *, std::vector<BodyScanner::Call>> Edges;
  std::string CurrentKernel;
  SourceLocation CurrentKernelLoc;
};

/// The functor calls of a kernel entry (`Kernel()`, `Kernel(Item)`, ...).
class FunctorCalls : public RecursiveASTVisitor<FunctorCalls> {
public:
  explicit FunctorCalls(const CXXRecordDecl *Functor) : Functor(Functor) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCallExpr(CallExpr *CE) {
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee());
    if (MD && MD->getOverloadedOperator() == OO_Call &&
        MD->getParent()->getCanonicalDecl() == Functor->getCanonicalDecl())
      Found.push_back(MD);
    return true;
  }
  const CXXRecordDecl *Functor;
  std::vector<const CXXMethodDecl *> Found;
};

/// SYCL 2020 §4.12: a kernel function's return type is void.
void checkKernelReturn(ASTContext &Ctx, const Kernel &K, SourceLocation KernelLoc) {
  if (!K.Functor || !K.Entry->hasBody())
    return;
  FunctorCalls Calls(K.Functor);
  Calls.TraverseStmt(K.Entry->getBody());
  DiagnosticsEngine &DE = Ctx.getDiagnostics();
  for (const CXXMethodDecl *MD : Calls.Found) {
    QualType R = MD->getReturnType();
    if (R->isVoidType())
      continue;
    DE.Report(MD->getLocation(),
              DE.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Error,
                                                     ruleText(Rule::KernelReturn)))
        << R;
    DE.Report(KernelLoc, DE.getCustomDiagID(DiagnosticsEngine::Note,
                                            "the function of the SYCL kernel '%0'"))
        << K.Name;
    return;
  }
}

} // namespace

DeviceCode checkDeviceCode(ASTContext &Ctx, const std::vector<Kernel> &Kernels,
                           llvm::ArrayRef<const FunctionDecl *> Externals) {
  Reachability R(Ctx);
  for (const Kernel &K : Kernels) {
    SourceLocation Loc = K.Functor ? K.Functor->getLocation() : K.Entry->getLocation();
    R.walkFrom(K.Entry, "kernel '" + K.Name + "'", Loc);
    checkKernelReturn(Ctx, K, Loc);
    if (!K.HasWorkGroups)
      R.checkWorkGroupUse(K.Entry, "kernel '" + K.Name + "'", Loc);
  }
  for (const FunctionDecl *FD : Externals)
    R.walkFrom(FD, "SYCL_EXTERNAL function '" + FD->getQualifiedNameAsString() + "'",
               FD->getLocation());
  DeviceCode Result;
  // A static local of a function that device code does not reach (main(),
  // whose lambda is the kernel) gets its initial value only where its
  // function is emitted: code generation would leave it zero.
  for (const VarDecl *VD : R.StaticLocals) {
    const auto *Parent = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
    if (!Parent || !R.ToEmit.count(Parent->getDefinition()))
      Result.OrphanStaticLocals.push_back(VD);
  }
  Result.Decls = std::move(R.ToEmit);
  return Result;
}

} // namespace smcp
