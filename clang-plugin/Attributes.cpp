//===- Attributes.cpp - SYCL's attributes that clang-15 does not know -----===//
//
// SYCL 2020 §5.8.1's kernel attributes, loaded into both compiles of a TU
// (smcp-plugin.so in the device compile, smcp-attributes.so in the host
// compile), so that neither warns that they are unknown:
// [[sycl::device_has(aspect...)]], [[sycl::reqd_work_group_size(N...)]],
// [[sycl::reqd_sub_group_size(N)]] and [[sycl::work_group_size_hint(N...)]].
//
// Sema is told to ignore them (IgnoredAttribute), wherever they are written.
// A plugin attribute of any other kind is an error ("cannot be applied to
// types") after a lambda's parameter list, the place SYCL gives a kernel
// lambda's attributes: clang-15 makes them type attributes of the call
// operator's function type, and a plugin can only handle declaration
// attributes. Clang-15 passes plugins no arguments either, so what an
// attribute means for a kernel is read from its source, the same way for a
// functor and for a lambda (KernelAttributes.cpp). Of them,
// reqd_work_group_size is honoured; device_has is what the device passes find
// a kernel uses (kernel requirements); the hint and the sub-group size are
// accepted (kernels run with the device's sub-group size).
//
//===----------------------------------------------------------------------===//

#include "clang/Sema/ParsedAttr.h"

using namespace clang;

namespace {

struct KernelAttrInfo : public ParsedAttrInfo {
  KernelAttrInfo() : ParsedAttrInfo(AttributeCommonInfo::IgnoredAttribute) {
    static constexpr Spelling S[] = {{ParsedAttr::AS_CXX11, "sycl::device_has"},
                                     {ParsedAttr::AS_CXX11, "sycl::reqd_work_group_size"},
                                     {ParsedAttr::AS_CXX11, "sycl::reqd_sub_group_size"},
                                     {ParsedAttr::AS_CXX11, "sycl::work_group_size_hint"}};
    Spellings = S;
  }
};

ParsedAttrInfoRegistry::Add<KernelAttrInfo>
    KernelAttributes("sycl-kernel-attributes",
                     "SYCL's kernel attributes, read from the source by the plugin");

} // namespace
