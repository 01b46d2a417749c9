// Text encoding of the device_global image properties (device_globals.h).
#include "device_globals.h"

#include <algorithm>
#include <cstring>
#include <sstream>

#include <sycl/detail/abi/hex.h>

namespace smcp::fatbin {
namespace {

Property textProperty(const char *Name, const std::string &Text) {
  return {Name, std::vector<uint8_t>(Text.begin(), Text.end())};
}

std::vector<std::string> lines(const Property *P) {
  std::vector<std::string> Result;
  if (!P)
    return Result;
  std::istringstream In(std::string(P->Value.begin(), P->Value.end()));
  for (std::string Line; std::getline(In, Line);)
    if (!Line.empty())
      Result.push_back(Line);
  return Result;
}

} // namespace

Property encodeDeviceGlobals(const std::vector<DeviceGlobalDesc> &Globals) {
  std::string Text;
  for (const DeviceGlobalDesc &G : Globals) {
    Text += G.Id + " " + std::to_string(G.Size) + (G.ImageScope ? " 1 " : " 0 ");
    if (std::all_of(G.Init.begin(), G.Init.end(), [](uint8_t B) { return B == 0; }))
      Text += "z";
    else
      Text += abi::to_hex(G.Init);
    Text += "\n";
  }
  return textProperty(DeviceGlobalsProperty, Text);
}

Property encodeKernelDeviceGlobals(const std::vector<KernelDeviceGlobals> &Kernels) {
  std::string Text;
  for (const KernelDeviceGlobals &K : Kernels) {
    Text += K.Kernel;
    for (const std::string &Id : K.Ids)
      Text += " " + Id;
    Text += "\n";
  }
  return textProperty(KernelDeviceGlobalsProperty, Text);
}

bool decodeDeviceGlobals(const DeviceImage &Image, ImageDeviceGlobals &Out, std::string &Error) {
  Out = {};
  for (const std::string &Line : lines(Image.findProperty(DeviceGlobalsProperty))) {
    std::istringstream In(Line);
    DeviceGlobalDesc G;
    int Scope = -1;
    std::string Hex;
    if (In >> G.Id >> G.Size >> Scope >> Hex && Hex == "z")
      G.Init.assign(G.Size, 0);
    else if (std::string Why; !In || !abi::from_hex(Hex, G.Init, Why))
      G.Init.clear();
    if (!In || (Scope != 0 && Scope != 1) || G.Init.size() != G.Size) {
      Error = "malformed device_global entry '" + Line + "'";
      return false;
    }
    G.ImageScope = Scope == 1;
    Out.Globals.push_back(std::move(G));
  }
  for (const std::string &Line : lines(Image.findProperty(KernelDeviceGlobalsProperty))) {
    std::istringstream In(Line);
    KernelDeviceGlobals K;
    In >> K.Kernel;
    for (std::string Id; In >> Id;) {
      bool Known = std::any_of(Out.Globals.begin(), Out.Globals.end(),
                               [&](const DeviceGlobalDesc &G) { return G.Id == Id; });
      if (!Known) {
        Error = "kernel '" + K.Kernel + "' uses device_global '" + Id +
                "', which its image does not describe";
        return false;
      }
      K.Ids.push_back(Id);
    }
    Out.Kernels.push_back(std::move(K));
  }
  return true;
}

} // namespace smcp::fatbin
