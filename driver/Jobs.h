//===- Jobs.h - Running the driver's commands, in parallel where they may --===//
//
// Commands form a graph: a command runs once the commands it depends on have
// succeeded, up to one per core at a time. `-###` prints them in the order
// they were added (an order that respects the graph) and runs nothing; `-v`
// prints each as it starts. The first failure stops new starts; the error
// names the failed step.
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
};

class JobRunner {
public:
  JobRunner(bool DryRun, bool Verbose) : DryRun(DryRun), Verbose(Verbose) {}
  size_t add(Command C);
  /// Runs every command added since the last run.
  llvm::Error run();

private:
  llvm::Error runOne(Command &C);
  bool DryRun, Verbose;
  std::vector<Command> Pending;
};

/// Argv as a shell would need it quoted.
std::string quoteCommand(const std::vector<std::string> &Argv);

} // namespace smcp::driver
