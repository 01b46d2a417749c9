// The kernel-requirements property set (kernel_requirements.h).
#include "kernel_requirements.h"

namespace smcp::fatbin {

namespace {

/// A set of one u32 per kernel, the kernels whose value is 0 left out.
PropertySet encodeKernelBits(const char *Name,
                             const std::vector<std::pair<std::string, uint32_t>> &Kernels) {
  PropertySet Set{Name, {}};
  for (const auto &[Kernel, Bits] : Kernels)
    if (Bits)
      Set.Properties.push_back({Kernel, PropertyValue::u32(Bits)});
  return Set;
}

bool decodeKernelBits(const DeviceImage &Image, const char *Name, const std::string &Kernel,
                      uint32_t &Bits, std::string &Error) {
  Bits = 0;
  const PropertySet *Set = Image.findSet(Name);
  if (!Set)
    return true;
  for (const Property &P : Set->Properties)
    if (P.Name == Kernel) {
      if (!expectType(P.Value, PropertyType::U32,
                      "set '" + std::string(Name) + "', kernel '" + Kernel + "'", Error))
        return false;
      Bits = uint32_t(P.Value.Number);
    }
  return true;
}

} // namespace

PropertySet encodeKernelRequirements(const std::vector<std::pair<std::string, uint32_t>> &Kernels) {
  return encodeKernelBits(KernelRequirementsSet, Kernels);
}

bool decodeKernelRequirements(const DeviceImage &Image, const std::string &Kernel,
                              uint32_t &Aspects, std::string &Error) {
  return decodeKernelBits(Image, KernelRequirementsSet, Kernel, Aspects, Error);
}

PropertySet encodeKernelVariants(const std::vector<std::pair<std::string, uint32_t>> &Kernels) {
  return encodeKernelBits(KernelVariantsSet, Kernels);
}

bool decodeKernelVariants(const DeviceImage &Image, const std::string &Kernel,
                          uint32_t &Variants, std::string &Error) {
  return decodeKernelBits(Image, KernelVariantsSet, Kernel, Variants, Error);
}

PropertySet
encodeKernelWorkGroupSizes(const std::vector<std::pair<std::string, std::vector<uint32_t>>> &Kernels) {
  PropertySet Set{KernelWorkGroupSizeSet, {}};
  for (const auto &[Kernel, Size] : Kernels) {
    if (Size.empty())
      continue;
    std::vector<PropertyValue> Items;
    for (uint32_t N : Size)
      Items.push_back(PropertyValue::u32(N));
    Set.Properties.push_back({Kernel, PropertyValue::list(std::move(Items))});
  }
  return Set;
}

bool decodeKernelWorkGroupSize(const DeviceImage &Image, const std::string &Kernel,
                               std::vector<uint32_t> &Size, std::string &Error) {
  Size.clear();
  const PropertySet *Set = Image.findSet(KernelWorkGroupSizeSet);
  if (!Set)
    return true;
  const std::string Where = "set '" + std::string(KernelWorkGroupSizeSet) + "', kernel '" + Kernel + "'";
  for (const Property &P : Set->Properties) {
    if (P.Name != Kernel)
      continue;
    if (!expectType(P.Value, PropertyType::List, Where, Error, 1))
      return false;
    if (P.Value.Items.size() > 3) {
      Error = Where + ": expected at most 3 dimensions, found " + std::to_string(P.Value.Items.size());
      return false;
    }
    for (const PropertyValue &N : P.Value.Items) {
      if (!expectType(N, PropertyType::U32, Where, Error))
        return false;
      if (N.Number == 0) {
        Error = Where + ": a work-group size of 0";
        return false;
      }
      Size.push_back(uint32_t(N.Number));
    }
  }
  return true;
}

} // namespace smcp::fatbin
