//===- Jobs.h - Running the driver's commands, in parallel where they may --===//
//
// Commands form a graph: a command runs once the commands it depends on have
// succeeded, up to one per core at a time. `-###` prints them in the order
// they were added (an order that respects the graph) and runs nothing; `-v`
// prints each as it starts. The first failure stops new starts; the error
// names the failed step. A command may defer its diagnostics to another
// (Quiet): a TU's host compile repeats what its device compile, running
// beside it, says about the same source, so its output is shown only when
// the device compile succeeded, and its failure reported only then.
//
//===----------------------------------------------------------------------===//

#pragma once

#include "llvm/Support/Error.h"

#include <functional>
#include <string>
#include <vector>

namespace smcp::driver {

struct Command {
  std::vector<std::string> Argv;
  std::string Step;              // "device compile of 'a.cpp' for spir64"
  std::vector<size_t> Deps;      // indices of earlier commands
  std::function<llvm::Error()> After; // in-process work once it succeeded
  /// With QuietUnless set: stderr goes to StderrFile, shown (and a failure
  /// reported) only if command QuietUnless succeeds.
  static constexpr size_t Loud = ~size_t(0);
  size_t QuietUnless = Loud;
  std::string StderrFile;
};

class JobRunner {
public:
  JobRunner(bool DryRun, bool Verbose) : DryRun(DryRun), Verbose(Verbose) {}
  size_t add(Command C);
  /// Runs every command added since the last run.
  llvm::Error run();

private:
  llvm::Error runOne(Command &C);
  static void showStderr(const Command &C);
  bool DryRun, Verbose;
  std::vector<Command> Pending;
};

/// Argv as a shell would need it quoted.
std::string quoteCommand(const std::vector<std::string> &Argv);

} // namespace smcp::driver
