//===- Jobs.cpp - Running the driver's commands ---------------------------===//

#include "Jobs.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <condition_variable>
#include <mutex>
#include <thread>

using namespace llvm;

namespace smcp::driver {

std::string quoteCommand(const std::vector<std::string> &Argv) {
  std::string Out;
  for (const std::string &A : Argv) {
    if (!Out.empty())
      Out += ' ';
    bool Plain = !A.empty() && A.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                   "0123456789@%+=:,./-_") == std::string::npos;
    if (Plain) {
      Out += A;
      continue;
    }
    Out += '\'';
    for (char C : A)
      Out += C == '\'' ? std::string("'\"'\"'") : std::string(1, C);
    Out += '\'';
  }
  return Out;
}

size_t JobRunner::add(Command C) {
  Pending.push_back(std::move(C));
  return Pending.size() - 1;
}

Error JobRunner::runOne(Command &C) {
  std::vector<StringRef> Args(C.Argv.begin(), C.Argv.end());
  std::string Message;
  bool ExecFailed = false;
  Optional<StringRef> Redirects[3] = {None, None, None};
  if (C.QuietUnless != Command::Loud)
    Redirects[2] = StringRef(C.StderrFile);
  int RC = sys::ExecuteAndWait(C.Argv[0], Args, None, C.QuietUnless != Command::Loud
                                                        ? ArrayRef<Optional<StringRef>>(Redirects)
                                                        : ArrayRef<Optional<StringRef>>(),
                               0, 0, &Message, &ExecFailed);
  if (ExecFailed)
    return createStringError(inconvertibleErrorCode(),
                             C.Step + ": cannot run '" + C.Argv[0] + "': " + Message);
  if (RC != 0)
    return createStringError(inconvertibleErrorCode(),
                             C.Step + " failed (exit code " + std::to_string(RC) + ")");
  return C.After ? C.After() : Error::success();
}

void JobRunner::showStderr(const Command &C) {
  if (auto Text = MemoryBuffer::getFile(C.StderrFile))
    errs() << (*Text)->getBuffer();
}

Error JobRunner::run() {
  std::vector<Command> Jobs = std::move(Pending);
  Pending.clear();
  if (DryRun) {
    for (const Command &C : Jobs)
      outs() << quoteCommand(C.Argv) << "\n";
    return Error::success();
  }
  enum class State { Waiting, Running, Done };
  std::vector<State> States(Jobs.size(), State::Waiting);
  std::mutex M;
  std::condition_variable CV;
  std::vector<Error> Errors; // per job, in job order
  for (size_t I = 0; I < Jobs.size(); ++I)
    Errors.push_back(Error::success());
  bool Failed = false;
  unsigned Running = 0;
  const unsigned Cores = std::max(1u, std::thread::hardware_concurrency());
  auto Ready = [&](size_t I) {
    for (size_t D : Jobs[I].Deps)
      if (States[D] != State::Done)
        return false;
    return States[I] == State::Waiting;
  };
  std::vector<std::thread> Threads;
  std::unique_lock<std::mutex> Lock(M);
  for (;;) {
    size_t Next = Jobs.size();
    if (!Failed && Running < Cores)
      for (size_t I = 0; I < Jobs.size() && Next == Jobs.size(); ++I)
        if (Ready(I))
          Next = I;
    if (Next < Jobs.size()) {
      States[Next] = State::Running;
      ++Running;
      if (Verbose)
        errs() << quoteCommand(Jobs[Next].Argv) << "\n";
      Threads.emplace_back([&, Next] {
        Error E = runOne(Jobs[Next]);
        std::lock_guard<std::mutex> G(M);
        Failed |= bool(E);
        Errors[Next] = std::move(E);
        States[Next] = State::Done;
        --Running;
        CV.notify_all();
      });
      continue;
    }
    if (Running == 0)
      break;
    CV.wait(Lock);
  }
  Lock.unlock();
  for (std::thread &T : Threads)
    T.join();
  // A quiet command speaks only where the command it defers to succeeded.
  std::vector<bool> Succeeded;
  for (size_t I = 0; I < Jobs.size(); ++I)
    Succeeded.push_back(States[I] == State::Done && !Errors[I]);
  Error First = Error::success();
  for (size_t I = 0; I < Jobs.size(); ++I) {
    size_t Q = Jobs[I].QuietUnless;
    bool Shown = Q == Command::Loud || States[Q] != State::Done || Succeeded[Q];
    if (Q != Command::Loud && Shown)
      showStderr(Jobs[I]);
    if (Errors[I] && Shown && !First)
      First = std::move(Errors[I]);
  }
  for (Error &E : Errors)
    consumeError(std::move(E));
  if (Failed)
    return First;
  for (State S : States)
    if (S != State::Done)
      return createStringError(inconvertibleErrorCode(), "a command waits on one that never ran");
  return Error::success();
}

} // namespace smcp::driver
