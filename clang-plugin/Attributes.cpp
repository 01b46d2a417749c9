//===- Attributes.cpp - SYCL's attributes that clang-15 does not know -----===//
//
// SYCL 2020 §5.8.1's kernel attributes, loaded into both compiles of a TU
// (smcp-plugin.so in the device compile, smcp-attributes.so in the host
// compile), so that neither warns that they are unknown:
// - [[sycl::device_has(aspect, ...)]] on a kernel function or a
//   SYCL_EXTERNAL function: accepted, and marked on the function as
//   annotate("sycl-device-has"). What a kernel really uses is what the device
//   passes record in its image (kernel requirements), and what decides where
//   it runs.
// - [[sycl::reqd_work_group_size(N[, N[, N]])]] on a kernel's operator():
//   the device compile marks it with the sizes (abi::reqd_work_group_size_annotation),
//   which KernelLayout.cpp moves to the kernel's entry.
// - [[sycl::reqd_sub_group_size(N)]] and [[sycl::work_group_size_hint(N...)]]:
//   accepted; kernels run with the device's sub-group size and any work-group size.
//
//===----------------------------------------------------------------------===//

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

#include <sycl/detail/abi/kernel_abi.h>

#include <optional>

using namespace clang;

namespace {

/// The attributes here apply to functions only.
struct FunctionAttrInfo : public ParsedAttrInfo {
  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr, const Decl *D) const override {
    if (isa<FunctionDecl>(D))
      return true;
    S.Diag(Attr.getLoc(), diag::warn_attribute_wrong_decl_type_str)
        << Attr << "functions";
    return false;
  }
};

struct DeviceHasAttrInfo : public FunctionAttrInfo {
  DeviceHasAttrInfo() {
    OptArgs = 15;
    static constexpr Spelling S[] = {{ParsedAttr::AS_CXX11, "sycl::device_has"}};
    Spellings = S;
  }

  /// Clang 15's parser skips the arguments of C++11-spelled attributes that
  /// only a plugin knows (it asks hasAttribute, which does not consult
  /// plugins), so the aspects themselves do not reach the plugin: the
  /// attribute is accepted and marked on the function.
  AttrHandling handleDeclAttribute(Sema &S, Decl *D, const ParsedAttr &Attr) const override {
    if (S.getLangOpts().SYCLIsDevice)
      D->addAttr(AnnotateAttr::Create(S.Context, "sycl-device-has", nullptr, 0, Attr.getRange()));
    return AttributeApplied;
  }
};

/// The value of an integer literal's spelling ("16", "0x10", "16u"), if it is one.
std::optional<uint64_t> literalValue(StringRef Spelling) {
  std::string Digits;
  for (char C : Spelling.rtrim("uUlLzZ"))
    if (C != '\'')
      Digits += C;
  uint64_t V = 0;
  if (StringRef(Digits).getAsInteger(0, V))
    return std::nullopt;
  return V;
}

/// The integer literals in parentheses after the attribute's name. Clang 15
/// skips the arguments of attributes only a plugin knows (see above), so
/// they are read back from the source; nothing when they are not all
/// integer literals.
std::optional<SmallVector<uint64_t, 3>> literalArguments(Sema &S, const ParsedAttr &Attr) {
  const SourceManager &SM = S.getSourceManager();
  SourceLocation Loc = SM.getSpellingLoc(Attr.getLoc());
  Token T;
  auto Next = [&] {
    if (Lexer::getRawToken(Loc, T, SM, S.getLangOpts(), /*IgnoreWhiteSpace=*/true))
      return false;
    Loc = T.getEndLoc();
    return true;
  };
  SmallVector<uint64_t, 3> Values;
  // The attribute's location is its scope's: "sycl", "::", the name, "(".
  for (int I = 0; I < 4; ++I)
    if (!Next() || T.is(tok::l_paren))
      break;
  if (!T.is(tok::l_paren))
    return std::nullopt;
  while (Next() && T.is(tok::numeric_constant)) {
    std::optional<uint64_t> V = literalValue(StringRef(T.getLiteralData(), T.getLength()));
    if (!V || !Next())
      return std::nullopt;
    Values.push_back(*V);
    if (T.is(tok::r_paren))
      return Values;
    if (!T.is(tok::comma))
      return std::nullopt;
  }
  return std::nullopt;
}

struct ReqdWorkGroupSizeAttrInfo : public FunctionAttrInfo {
  ReqdWorkGroupSizeAttrInfo() {
    OptArgs = 3;
    static constexpr Spelling S[] = {{ParsedAttr::AS_CXX11, "sycl::reqd_work_group_size"}};
    Spellings = S;
  }

  /// The host compile needs nothing: the device image carries the size.
  AttrHandling handleDeclAttribute(Sema &S, Decl *D, const ParsedAttr &Attr) const override {
    if (!S.getLangOpts().SYCLIsDevice)
      return AttributeApplied;
    std::optional<SmallVector<uint64_t, 3>> Sizes = literalArguments(S, Attr);
    if (!Sizes || Sizes->empty() || Sizes->size() > 3 ||
        llvm::any_of(*Sizes, [](uint64_t N) { return N == 0 || N > UINT32_MAX; })) {
      DiagnosticsEngine &DE = S.getDiagnostics();
      DE.Report(Attr.getLoc(),
                DE.getCustomDiagID(DiagnosticsEngine::Error,
                                   "'reqd_work_group_size' takes 1 to 3 positive integer literals"));
      return AttributeNotApplied;
    }
    ASTContext &Ctx = S.Context;
    SmallVector<Expr *, 3> Args;
    for (uint64_t N : *Sizes) {
      llvm::APSInt Value(llvm::APInt(32, N), /*isUnsigned=*/true);
      auto *Literal = IntegerLiteral::Create(Ctx, Value, Ctx.UnsignedIntTy, Attr.getLoc());
      Args.push_back(ConstantExpr::Create(Ctx, Literal, APValue(Value)));
    }
    const std::string Text(smcp::abi::reqd_work_group_size_annotation);
    D->addAttr(AnnotateAttr::Create(Ctx, Text, Args.data(), Args.size(), Attr.getRange()));
    return AttributeApplied;
  }
};

/// Accepted and otherwise ignored: a hint, and a sub-group size that every
/// kernel already gets (the device's).
struct AcceptedAttrInfo : public FunctionAttrInfo {
  AcceptedAttrInfo() {
    OptArgs = 3;
    static constexpr Spelling S[] = {{ParsedAttr::AS_CXX11, "sycl::reqd_sub_group_size"},
                                     {ParsedAttr::AS_CXX11, "sycl::work_group_size_hint"}};
    Spellings = S;
  }

  AttrHandling handleDeclAttribute(Sema &, Decl *, const ParsedAttr &) const override {
    return AttributeApplied;
  }
};

ParsedAttrInfoRegistry::Add<DeviceHasAttrInfo> DeviceHas("sycl-device-has",
                                                         "[[sycl::device_has(aspect...)]]");
ParsedAttrInfoRegistry::Add<ReqdWorkGroupSizeAttrInfo>
    ReqdWorkGroupSize("sycl-reqd-work-group-size", "[[sycl::reqd_work_group_size(N...)]]");
ParsedAttrInfoRegistry::Add<AcceptedAttrInfo>
    Accepted("sycl-accepted-attributes",
             "[[sycl::reqd_sub_group_size(N)]], [[sycl::work_group_size_hint(N...)]]");

} // namespace
