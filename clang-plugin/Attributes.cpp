//===- Attributes.cpp - SYCL's attributes that clang-15 does not know -----===//
//
// [[sycl::device_has(aspect, ...)]] (SYCL 2020 §5.8.1) on a kernel function
// or a SYCL_EXTERNAL function: accepted, and marked on the function as
// annotate("sycl-device-has"). What a kernel really uses is what the device
// passes record in its image (kernel requirements), and what decides where it
// runs.
//
//===----------------------------------------------------------------------===//

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace {

struct DeviceHasAttrInfo : public ParsedAttrInfo {
  DeviceHasAttrInfo() {
    OptArgs = 15;
    static constexpr Spelling S[] = {{ParsedAttr::AS_CXX11, "sycl::device_has"}};
    Spellings = S;
  }

  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr, const Decl *D) const override {
    if (isa<FunctionDecl>(D))
      return true;
    S.Diag(Attr.getLoc(), diag::warn_attribute_wrong_decl_type_str)
        << Attr << "functions";
    return false;
  }

  /// Clang 15's parser skips the arguments of C++11-spelled attributes that
  /// only a plugin knows (it asks hasAttribute, which does not consult
  /// plugins), so the aspects themselves do not reach the plugin: the
  /// attribute is accepted and marked on the function.
  AttrHandling handleDeclAttribute(Sema &S, Decl *D, const ParsedAttr &Attr) const override {
    D->addAttr(AnnotateAttr::Create(S.Context, "sycl-device-has", nullptr, 0, Attr.getRange()));
    return AttributeApplied;
  }
};

ParsedAttrInfoRegistry::Add<DeviceHasAttrInfo> DeviceHas("sycl-device-has",
                                                         "[[sycl::device_has(aspect...)]]");

} // namespace
