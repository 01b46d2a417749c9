// The launch-constants property set (launch_constants.h).
#include "launch_constants.h"

#include <algorithm>

namespace smcp::fatbin {

PropertySet encodeLaunchConstants(
    const std::vector<std::pair<std::string, std::vector<LaunchConstant>>> &Kernels) {
  PropertySet Set{LaunchConstantsSet, {}};
  for (const auto &[Kernel, Constants] : Kernels) {
    if (Constants.empty())
      continue;
    std::vector<PropertyValue> Items;
    for (const LaunchConstant &C : Constants)
      Items.push_back(
          PropertyValue::list({PropertyValue::u32(C.SpecId), PropertyValue::u32(C.Param),
                               PropertyValue::u32(C.Offset)}));
    Set.Properties.push_back({Kernel, PropertyValue::list(std::move(Items))});
  }
  return Set;
}

bool decodeLaunchConstants(const DeviceImage &Image, const std::string &Kernel,
                           std::vector<LaunchConstant> &Constants, std::string &Error) {
  Constants.clear();
  const PropertySet *Set = Image.findSet(LaunchConstantsSet);
  if (!Set)
    return true;
  const std::string Where =
      "set '" + std::string(LaunchConstantsSet) + "', kernel '" + Kernel + "'";
  for (const Property &P : Set->Properties) {
    if (P.Name != Kernel)
      continue;
    if (!expectType(P.Value, PropertyType::List, Where, Error, 1))
      return false;
    for (const PropertyValue &Item : P.Value.Items) {
      if (!expectType(Item, PropertyType::List, Where, Error, 3))
        return false;
      uint32_t Fields[3];
      for (int I = 0; I < 3; ++I) {
        if (!expectType(Item.Items[I], PropertyType::U32, Where, Error))
          return false;
        Fields[I] = uint32_t(Item.Items[I].Number);
      }
      if (Fields[0] == abi::launch_constant_unset) {
        Error = Where + ": SpecId " + std::to_string(Fields[0]) + " is reserved";
        return false;
      }
      Constants.push_back({Fields[0], Fields[1], Fields[2]});
    }
  }
  std::sort(Constants.begin(), Constants.end(),
            [](const LaunchConstant &A, const LaunchConstant &B) { return A.SpecId < B.SpecId; });
  return true;
}

} // namespace smcp::fatbin
