// The kernel-requirements property set (kernel_requirements.h).
#include "kernel_requirements.h"

namespace smcp::fatbin {

PropertySet encodeKernelRequirements(const std::vector<std::pair<std::string, uint32_t>> &Kernels) {
  PropertySet Set{KernelRequirementsSet, {}};
  for (const auto &[Kernel, Aspects] : Kernels)
    if (Aspects)
      Set.Properties.push_back({Kernel, PropertyValue::u32(Aspects)});
  return Set;
}

bool decodeKernelRequirements(const DeviceImage &Image, const std::string &Kernel,
                              uint32_t &Aspects, std::string &Error) {
  Aspects = 0;
  const PropertySet *Set = Image.findSet(KernelRequirementsSet);
  if (!Set)
    return true;
  for (const Property &P : Set->Properties)
    if (P.Name == Kernel) {
      if (!expectType(P.Value, PropertyType::U32,
                      "set '" + std::string(KernelRequirementsSet) + "', kernel '" + Kernel + "'",
                      Error))
        return false;
      Aspects = uint32_t(P.Value.Number);
    }
  return true;
}

} // namespace smcp::fatbin
