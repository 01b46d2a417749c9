//===- KernelLayout.cpp - Kernel discovery, ABI layout, the kernel list ---===//
//
// A kernel's parameters come from its functor's fields, in declaration order
// (bases first): a USM pointer becomes a global-pointer parameter, an
// accessor (a class the headers mark SMCP_KERNEL_PARAM) its device pointer plus its
// remaining bytes, every other field is passed as its bytes. The list goes to the device IR (an
// annotation on the entry function, which the device passes carry into the
// image) and, as the same text, to the TU's kernel list, which the driver
// checks the host compile's kernel-use records against.
//
//===----------------------------------------------------------------------===//

#include "SMCPPlugin.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace clang;

namespace smcp {

bool isKernelEntry(const FunctionDecl *FD) {
  const FunctionTemplateDecl *Tmpl = FD->getPrimaryTemplate();
  return Tmpl && Tmpl->getTemplatedDecl()->hasAttr<SYCLKernelAttr>() &&
         FD->getNumParams() == 1;
}

const AnnotateAttr *findMark(const Decl *D, llvm::StringRef Mark) {
  for (const auto *A : D->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == Mark)
      return A;
  return nullptr;
}

std::optional<int64_t> markArgument(const ASTContext &Ctx, const AnnotateAttr *Mark) {
  if (!Mark || Mark->args_size() != 1)
    return std::nullopt;
  const Expr *Arg = *Mark->args_begin();
  if (Arg->isValueDependent())
    return std::nullopt;
  if (auto V = Arg->getIntegerConstantExpr(Ctx))
    return V->getExtValue();
  return std::nullopt;
}

bool isSyclExternal(const FunctionDecl *FD) {
  for (const auto *A : FD->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == "sycl_external")
      return true;
  return false;
}

namespace {

class LayoutBuilder {
public:
  LayoutBuilder(ASTContext &Ctx, Kernel &K) : Ctx(Ctx), K(K) {}

  void addRecord(const CXXRecordDecl *RD, CharUnits Base) {
    const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(RD);
    for (const CXXBaseSpecifier &B : RD->bases()) {
      const CXXRecordDecl *BaseRD = B.getType()->getAsCXXRecordDecl();
      addRecord(BaseRD, Base + Layout.getBaseClassOffset(BaseRD));
    }
    llvm::DenseMap<const VarDecl *, FieldDecl *> Captures;
    FieldDecl *ThisCapture = nullptr;
    if (RD->isLambda())
      RD->getCaptureFields(Captures, ThisCapture);
    for (const FieldDecl *FD : RD->fields()) {
      CharUnits Offset =
          Base + Ctx.toCharUnitsFromBits(Layout.getFieldOffset(FD->getFieldIndex()));
      addField(FD, Offset, FD == ThisCapture, captureName(Captures, FD));
    }
  }

private:
  static std::string captureName(const llvm::DenseMap<const VarDecl *, FieldDecl *> &Captures,
                                 const FieldDecl *FD) {
    for (const auto &[Var, Field] : Captures)
      if (Field == FD)
        return Var->getNameAsString();
    return FD->getNameAsString();
  }

  void addField(const FieldDecl *FD, CharUnits Offset, bool IsThis, const std::string &Name) {
    QualType T = FD->getType();
    if (IsThis)
      return error(FD->getLocation(), "a SYCL kernel cannot capture 'this': the object lives "
                                      "in host memory; copy the members the kernel needs");
    if (T->isReferenceType())
      return error(FD->getLocation(), "SYCL kernel captures '" + Name +
                                          "' by reference; kernels must capture by value");
    if (FD->isBitField())
      return error(FD->getLocation(), "SYCL kernel functor field '" + Name +
                                          "' is a bit-field, which cannot be a kernel argument");
    int Size = int(Ctx.getTypeSizeInChars(T).getQuantity());
    if (Size == 0 || FD->isZeroSize(Ctx))
      return;
    if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl()) {
      if (isSpecialClass(RD))
        return addSpecialObject(RD, FD, int(Offset.getQuantity()), Size);
      // A plain struct holding an accessor is taken apart; any other struct
      // travels as its bytes.
      if (containsSpecialObject(RD))
        return addRecord(RD, Offset);
    }
    if (T->isPointerType())
      return K.Params.push_back({param_kind::pointer, Size, int(Offset.getQuantity())});
    K.Params.push_back({param_kind::std_layout, Size, int(Offset.getQuantity())});
  }

  static bool containsSpecialObject(const CXXRecordDecl *RD) {
    if (!RD->hasDefinition())
      return false;
    if (isSpecialClass(RD))
      return true;
    for (const CXXBaseSpecifier &B : RD->bases())
      if (containsSpecialObject(B.getType()->getAsCXXRecordDecl()))
        return true;
    for (const FieldDecl *FD : RD->fields())
      if (const CXXRecordDecl *Inner = FD->getType()->getAsCXXRecordDecl())
        if (containsSpecialObject(Inner))
          return true;
    return false;
  }

  /// Marked by the headers; clang's own sycl_special_class mark alone is
  /// one too, so that a class missing the SMCP mark is an error, not bytes.
  static bool isSpecialClass(const CXXRecordDecl *RD) {
    return findMark(RD, abi::kernel_param_mark) || RD->hasAttr<SYCLSpecialClassAttr>();
  }

  /// An accessor-like object: its device pointer, then the rest of its bytes
  /// (kernel_desc.hpp describes the layout both compiles share).
  void addSpecialObject(const CXXRecordDecl *RD, const FieldDecl *FD, int Offset, int Size) {
    std::optional<int64_t> Info = markArgument(Ctx, findMark(RD, abi::kernel_param_mark));
    if (!Info || Size < 8)
      return error(FD->getLocation(), "SYCL special class '" + RD->getNameAsString() +
                                          "' must start with a pointer and be marked "
                                          "SMCP_KERNEL_PARAM(<accessor info>)");
    K.Params.push_back({param_kind::accessor, int(*Info), Offset});
    if (Size > 8)
      K.Params.push_back({param_kind::std_layout, Size - 8, Offset + 8});
  }

  void error(SourceLocation Loc, const std::string &Msg) {
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    DE.Report(Loc, DE.getCustomDiagID(DiagnosticsEngine::Error, "%0")) << Msg;
  }

  ASTContext &Ctx;
  Kernel &K;
};

} // namespace

Kernel describeKernel(FunctionDecl *Entry) {
  ASTContext &Ctx = Entry->getASTContext();
  Kernel K;
  K.Entry = Entry;
  QualType NameType = Entry->getTemplateSpecializationArgs()->get(0).getAsType();
  K.Name = SYCLUniqueStableNameExpr::ComputeName(Ctx, NameType);
  // parallel_for entries take the index type as their third argument.
  const TemplateArgumentList *Args = Entry->getTemplateSpecializationArgs();
  if (Args->size() >= 3 && Args->get(2).getKind() == TemplateArgument::Type)
    if (const auto *Index = Args->get(2).getAsType()->getAsCXXRecordDecl())
      K.HasWorkGroups = findMark(Index, abi::nd_item_mark) != nullptr;
  QualType FunctorType = Entry->getParamDecl(0)->getType().getNonReferenceType();
  K.Functor = FunctorType->getAsCXXRecordDecl();
  K.FunctorSize = Ctx.getTypeSizeInChars(FunctorType).getQuantity();
  if (K.Functor)
    LayoutBuilder(Ctx, K).addRecord(K.Functor, CharUnits::Zero());
  else if (K.FunctorSize)
    K.Params.push_back({param_kind::std_layout, int(K.FunctorSize), 0});
  K.ReqdWorkGroupSize = requiredWorkGroupSize(K.Functor);
  return K;
}

/// The required size as the annotation the kernel-wrapper pass reads
/// (abi::reqd_work_group_size_annotation), its arguments constant integers.
static AnnotateAttr *requiredSizeAnnotation(ASTContext &Ctx, llvm::ArrayRef<uint64_t> Sizes) {
  SmallVector<Expr *, 3> Args;
  for (uint64_t N : Sizes) {
    llvm::APSInt Value(llvm::APInt(32, N), /*isUnsigned=*/true);
    auto *Literal = IntegerLiteral::Create(Ctx, Value, Ctx.UnsignedIntTy, SourceLocation());
    Args.push_back(ConstantExpr::Create(Ctx, Literal, APValue(Value)));
  }
  const std::string Text(abi::reqd_work_group_size_annotation);
  return AnnotateAttr::CreateImplicit(Ctx, Text, Args.data(), Args.size());
}

void annotateKernel(const Kernel &K) {
  std::string Text = abi::encode_kernel_annotation({K.Name, K.FunctorSize, K.Params});
  ASTContext &Ctx = K.Entry->getASTContext();
  K.Entry->addAttr(AnnotateAttr::CreateImplicit(Ctx, Text, nullptr, 0));
  // The size belongs to the kernel, whose entry is what the passes see.
  if (!K.ReqdWorkGroupSize.empty())
    K.Entry->addAttr(requiredSizeAnnotation(Ctx, K.ReqdWorkGroupSize));
}

bool writeKernelList(ASTContext &Ctx, const std::vector<Kernel> &Kernels, llvm::StringRef Path) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    DE.Report(DE.getCustomDiagID(DiagnosticsEngine::Error,
                                 "cannot write the kernel list '%0': %1"))
        << Path << EC.message();
    return false;
  }
  for (const Kernel &K : Kernels)
    OS << abi::encode_kernel_annotation({K.Name, K.FunctorSize, K.Params}) << "\n";
  return true;
}

} // namespace smcp
