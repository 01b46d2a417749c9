//===- Driver.h - syclcc's compiles and links ------------------------------===//
//
// Each SYCL source is compiled twice by clang-15, side by side: a device
// compile per target with the SMCP plugin (device bitcode; the first
// target's also lists the TU's kernels) and a host compile. Before the object
// is written, the host compile's kernel-use records are checked against that
// list (DeviceCode.h). The host object carries the device bitcode in excluded sections
// (a fat object), so that -c works. The link collects the device bitcode of
// every object and of the archive members it pulls in, runs smcp-post-link
// per target (device link, device passes, image) and smcp-wrap (the
// image-registration object), then links the host objects with libsycl.
// docs/architecture.md has the whole flow.
//
//===----------------------------------------------------------------------===//

#pragma once

#include "Jobs.h"
#include "Options.h"
#include "Pch.h"
#include "Toolchain.h"

#include "llvm/Support/Error.h"

#include <map>

namespace smcp::driver {

class Driver {
public:
  Driver(DriverOptions Options, Toolchain Tools);
  ~Driver();
  /// Compiles and links as the options say; outputs appear only whole.
  llvm::Error run();

private:
  struct TUFiles;
  llvm::Error compileAll(std::vector<std::string> &Objects);
  /// Adds the commands turning one source into Out; returns the last.
  size_t addSourceCommands(const Input &In, const std::string &Out, bool Final);
  size_t addDeviceCompile(const Input &In, const std::string &Target, const TUFiles &F);
  /// A compile's flags that a precompiled header must share (Pch.h).
  std::vector<std::string> deviceLanguageFlags(const std::string &Target) const;
  std::vector<std::string> hostLanguageFlags() const;
  std::vector<std::string> hostCompileFlags(Command &C, const TUFiles &F);
  bool mayUsePch(const Input &In) const;
  void planPch(const Input &In, TUFiles &F);
  void addPchUse(Command &C, std::vector<std::string> &Flags, std::vector<std::string> Language,
                 const PchEntry &P, const std::string &What);
  llvm::Error runJobs();
  std::vector<std::string> dependencyFlags(const Input &In, const std::string &Out) const;
  llvm::Error link(const std::vector<std::string> &Objects, const std::string &Out);
  std::vector<std::string> linkImages(const std::vector<std::string> &Objects);
  std::vector<std::string> deviceLinkFlags(const std::string &Target, const std::string &Base);
  std::string temp(const llvm::Twine &Name) const;
  std::string finalOutput(const Input &In) const;

  DriverOptions O;
  Toolchain Tools;
  JobRunner Jobs;
  std::string TempDir;
  std::vector<std::string> IncludeDirs;
  std::string DeviceCodeError; // set while planning; reported by run()
  std::string PchFolder;       // "" when the cache is off
  std::map<std::string, size_t> PchJobs; // PCH path -> the job of this batch that builds it
};

} // namespace smcp::driver
