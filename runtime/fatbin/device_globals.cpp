// The device_global property sets (device_globals.h).
#include "device_globals.h"

#include "implicit_args.h"

#include <algorithm>

namespace smcp::fatbin {
namespace {

bool allZero(const std::vector<uint8_t> &Bytes) {
  return std::all_of(Bytes.begin(), Bytes.end(), [](uint8_t B) { return B == 0; });
}

bool decodeGlobal(const Property &P, DeviceGlobalDesc &G, std::string &Error) {
  const std::string Where = "set '" + std::string(DeviceGlobalsSet) + "', property '" + P.Name + "'";
  const PropertyValue &V = P.Value;
  bool Ok = V.Type == PropertyType::List && V.Items.size() == 3 &&
            V.Items[0].Type == PropertyType::U64 && V.Items[1].Type == PropertyType::U32 &&
            V.Items[1].Number <= 1 && V.Items[2].Type == PropertyType::Bytes;
  if (!Ok) {
    Error = Where + ": expected list(u64 size, u32 image_scope 0|1, bytes initial value), found " +
            printValue(V);
    return false;
  }
  G = {P.Name, V.Items[0].Number, V.Items[1].Number == 1, V.Items[2].Bytes};
  // No bytes: all zeros, left implicit (the size comes from the image and
  // may be anything: it is not allocated here).
  if (!G.Init.empty() && G.Init.size() != G.Size) {
    Error = Where + ": " + std::to_string(G.Init.size()) + " bytes of initial value for a " +
            std::to_string(G.Size) + "-byte variable";
    return false;
  }
  return true;
}

/// The kernels' device_global implicit arguments, each naming a variable of
/// Globals.
bool gatherKernels(const DeviceImage &Image, ImageDeviceGlobals &Out, std::string &Error) {
  std::vector<KernelImplicitArgs> Kernels;
  if (!decodeImplicitArgs(Image, Kernels, Error))
    return false;
  for (const KernelImplicitArgs &K : Kernels) {
    KernelDeviceGlobals &Uses = Out.Kernels.emplace_back();
    Uses.Kernel = K.Kernel;
    for (const ImplicitArg &A : K.Args) {
      if (A.Kind != abi::implicit_arg_kind::device_global)
        continue;
      bool Known = std::any_of(Out.Globals.begin(), Out.Globals.end(),
                               [&](const DeviceGlobalDesc &G) { return G.Id == A.Payload; });
      if (!Known) {
        Error = "set '" + std::string(ImplicitArgsSet) + "', kernel '" + K.Kernel +
                "' uses device_global '" + A.Payload + "', which its image does not describe";
        return false;
      }
      Uses.Ids.push_back(A.Payload);
    }
  }
  return true;
}

} // namespace

PropertySet encodeDeviceGlobals(const std::vector<DeviceGlobalDesc> &Globals) {
  PropertySet Set{DeviceGlobalsSet, {}};
  for (const DeviceGlobalDesc &G : Globals)
    Set.Properties.push_back(
        {G.Id, PropertyValue::list({PropertyValue::u64(G.Size), PropertyValue::u32(G.ImageScope),
                                    PropertyValue::bytes(allZero(G.Init) ? std::vector<uint8_t>()
                                                                         : G.Init)})});
  return Set;
}

bool decodeDeviceGlobals(const DeviceImage &Image, ImageDeviceGlobals &Out, std::string &Error) {
  Out = {};
  if (const PropertySet *Set = Image.findSet(DeviceGlobalsSet))
    for (const Property &P : Set->Properties)
      if (!decodeGlobal(P, Out.Globals.emplace_back(), Error))
        return false;
  return gatherKernels(Image, Out, Error);
}

} // namespace smcp::fatbin
