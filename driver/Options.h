//===- Options.h - syclcc's command line, parsed as clang++-15 parses it ---===//
//
// The command line goes through clang's own option table (libclang-cpp), so
// that every clang option, its spellings and its arguments parse exactly as
// clang++-15 parses them, response files included. Each option is then
// routed to the compiles and links that need it: DriverOptions is that
// routing, and the only thing the rest of the driver reads.
//
//===----------------------------------------------------------------------===//

#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace smcp::driver {

/// Where the driver stops, as clang's -E, -fsyntax-only, -S and -c say.
enum class Phase { Preprocess, SyntaxOnly, Assemble, Compile, Link };

enum class InputKind {
  SyclSource,    // C++: device and host compiles
  HostSource,    // C, assembly, ...: one plain clang compile, no device code
  Object,        // may carry device code (a fat object)
  Archive,       // members may carry device code
  SharedLibrary, // carries its own images
};

struct Input {
  std::string Path;
  InputKind Kind;
  std::string Language; // the -x value in force for it ("" when none)
};

/// One argument of the host link, in command-line order: a flag, or the
/// object an input becomes.
struct LinkItem {
  std::string Arg;
  int InputIndex = -1; // >= 0: Inputs[InputIndex]'s object takes Arg's place
};

struct DriverOptions {
  std::vector<std::string> Targets; // names in fatbin::DeviceTargets
  Phase Stop = Phase::Link;
  std::string Output;
  std::string DeviceOptLevel = "-O0"; // -O0..-O3: device compiles and link
  std::vector<std::string> BothCompiles; // -std, -D, -U, -I, -include, -W, ...
  std::vector<std::string> HostCompile;  // -f, -m, -g, -O as given, ...
  std::vector<std::string> Dependencies; // -M*: the host compile's dependency file
  std::vector<LinkItem> Link;
  std::vector<Input> Inputs;
  std::string CudaGpuArch = "auto"; // "auto", "none" or sm_XX
  std::string DeviceCodeSplit = "off"; // -fsycl-device-code-split: off, auto, per_source, per_kernel
  bool DryRun = false, Verbose = false, SaveTemps = false;
};

/// What the command line asks for: options to compile with, or a request
/// the driver answers itself (--help, --version, --print-targets), or a
/// clang++ command to run unchanged (clang++ without -fsycl).
struct CommandLine {
  enum class Action { Compile, PrintHelp, PrintVersion, PrintTargets, RunClang } What;
  DriverOptions Options;
  std::vector<std::string> Notes; // one line each, printed before any work
};

/// Parses Args (argv without argv[0]; response files expanded here).
/// AsClang: the driver was invoked as clang++, which is SYCL only with -fsycl.
llvm::Expected<CommandLine> parseCommandLine(llvm::ArrayRef<const char *> Args, bool AsClang);

} // namespace smcp::driver
