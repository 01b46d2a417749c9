// The property sets of the kernels' arguments (implicit_args.h).
#include "implicit_args.h"

namespace smcp::fatbin {
namespace {

bool knownKind(uint64_t Kind) {
  return Kind >= uint64_t(abi::implicit_arg_kind::device_global) &&
         Kind <= uint64_t(abi::last_implicit_arg_kind);
}

bool decodeArg(const PropertyValue &V, const std::string &Where, ImplicitArg &A,
               std::string &Error) {
  if (V.Type != PropertyType::List || V.Items.size() != 2 ||
      V.Items[0].Type != PropertyType::U32 || !knownKind(V.Items[0].Number) ||
      V.Items[1].Type != PropertyType::String) {
    Error = Where + ": expected list(u32 kind, string payload) with a known kind, found " +
            printValue(V);
    return false;
  }
  A = {abi::implicit_arg_kind(V.Items[0].Number), V.Items[1].text()};
  return true;
}

} // namespace

PropertySet encodeKernelParams(const std::vector<abi::kernel_annotation> &Kernels) {
  PropertySet Set{KernelParamsSet, {}};
  for (const abi::kernel_annotation &K : Kernels)
    Set.Properties.push_back({K.name, PropertyValue::string(abi::encode_kernel_annotation(K))});
  return Set;
}

bool decodeKernelParams(const DeviceImage &Image, const std::string &Kernel,
                        abi::kernel_annotation &Out, std::string &Error) {
  const std::string Where = "set '" + std::string(KernelParamsSet) + "', kernel '" + Kernel + "'";
  const PropertySet *Set = Image.findSet(KernelParamsSet);
  const Property *P = nullptr;
  for (size_t I = 0; Set && I < Set->Properties.size() && !P; ++I)
    if (Set->Properties[I].Name == Kernel)
      P = &Set->Properties[I];
  if (!P) {
    Error = Where + ": the image does not describe the kernel's parameters";
    return false;
  }
  if (!expectType(P->Value, PropertyType::String, Where, Error))
    return false;
  std::string Why;
  if (!abi::decode_kernel_annotation(P->Value.text(), Out, Why) || Out.name != Kernel) {
    Error = Where + ": " + (Why.empty() ? "the parameter list names kernel '" + Out.name + "'" : Why);
    return false;
  }
  return true;
}

PropertySet encodeImplicitArgs(const std::vector<KernelImplicitArgs> &Kernels) {
  PropertySet Set{ImplicitArgsSet, {}};
  for (const KernelImplicitArgs &K : Kernels) {
    std::vector<PropertyValue> Args;
    for (const ImplicitArg &A : K.Args)
      Args.push_back(PropertyValue::list(
          {PropertyValue::u32(uint32_t(A.Kind)), PropertyValue::string(A.Payload)}));
    Set.Properties.push_back({K.Kernel, PropertyValue::list(std::move(Args))});
  }
  return Set;
}

bool decodeImplicitArgs(const DeviceImage &Image, std::vector<KernelImplicitArgs> &Out,
                        std::string &Error) {
  Out.clear();
  const PropertySet *Set = Image.findSet(ImplicitArgsSet);
  for (const Property &P : Set ? Set->Properties : std::vector<Property>()) {
    const std::string Where = "set '" + std::string(ImplicitArgsSet) + "', kernel '" + P.Name + "'";
    if (!expectType(P.Value, PropertyType::List, Where, Error))
      return false;
    KernelImplicitArgs &K = Out.emplace_back();
    K.Kernel = P.Name;
    for (size_t I = 0; I < P.Value.Items.size(); ++I)
      if (!decodeArg(P.Value.Items[I], Where + " argument " + std::to_string(I),
                     K.Args.emplace_back(), Error))
        return false;
  }
  return true;
}

} // namespace smcp::fatbin
