//===- main.cpp - syclcc, the SMCP compiler driver -------------------------===//
//
// Installed also as clang++ (the layout DPC++'s build files assume): then it
// is a plain clang++ unless -fsycl is given; and as smcp-launch, CMake's
// compiler and linker launcher (add_sycl_to_target): `smcp-launch <compiler>
// <arguments>` compiles the arguments with syclcc.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "device_targets.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <unistd.h>

using namespace llvm;
using namespace smcp::driver;

static const char Help[] = R"(usage: syclcc [options] <inputs>

Compiles single-source SYCL 2020 C++ with clang-15 and the SMCP plugin.
Options parse as clang++-15 parses them; response files (@file) are read.

  -fsycl-targets=<t,...>  device targets (default spir64; DPC++'s spir64_x86_64,
                          spir64_gen, intel_gpu_* and nvidia_gpu_sm_XX are mapped)
  -c, -S, -E, -fsyntax-only  stop after compiling, assembling, preprocessing, checking
  -o <file>               output file
  -shared -fPIC           a shared library that carries its own device images
  -O0 .. -O3, -Os, -Oz, -Ofast, -g   optimisation and debug information
  -I<dir> -D<m> -U<m> -std=<std> -isystem <dir> -include <file>   both compiles
  -MD -MMD -MF -MT -MQ -MP -M -MM   dependency files (of the user's files only)
  -L<dir> -l<lib> -Wl,<args> -pthread   the host link; archives' device code joins
                          the device link for the members the link pulls in
  -###                    print the commands, run nothing
  -v                      print the commands as they run
  -save-temps             keep every intermediate file in the current folder
  --cuda-gpu-arch=<sm_XX|none>  nvptx64: the GPU whose cubin joins the PTX
                          (default sm_90 where NVIDIA's ptxas is found; none: PTX only)
  --print-targets         the device targets and their triples
  --help, --version
Other clang options go to the host compile; -fsycl is accepted; DPC++'s other
-fsycl-* options and -Xsycl-target-* arguments are ignored with a note, except
the CUDA GPU they name.)";

static int runClang(const Toolchain &T, int argc, char **argv) {
  std::vector<char *> Args(argv, argv + argc);
  Args[0] = const_cast<char *>(T.Clang.c_str());
  Args.push_back(nullptr);
  execv(T.Clang.c_str(), Args.data());
  errs() << "clang++: error: cannot run '" << T.Clang << "'\n";
  return 1;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  StringRef Name = sys::path::filename(argv[0]);
  bool AsClang = Name.startswith("clang");
  Toolchain Tools = locateToolchain(argv[0]);
  int First = Name == "smcp-launch" && argc > 1 ? 2 : 1;
  auto CL = parseCommandLine(makeArrayRef(argv + First, argv + argc), AsClang);
  if (!CL) {
    errs() << "syclcc: error: " << toString(CL.takeError()) << "\n";
    return 1;
  }
  for (const std::string &Note : CL->Notes)
    errs() << "syclcc: note: " << Note << "\n";
  switch (CL->What) {
  case CommandLine::Action::RunClang:
    return runClang(Tools, argc, argv);
  case CommandLine::Action::PrintHelp:
    outs() << Help << "\n";
    return 0;
  case CommandLine::Action::PrintVersion:
    outs() << "syclcc (SMCP) " SMCP_VERSION "\nclang: " << Tools.Clang
           << "\nSYCL 2020 (SYCL_LANGUAGE_VERSION 202012L)\n";
    return 0;
  case CommandLine::Action::PrintTargets:
    for (const auto &T : smcp::fatbin::DeviceTargets)
      outs() << T.Name << " " << T.Triple << "\n";
    return 0;
  case CommandLine::Action::Compile:
    break;
  }
  Driver D(std::move(CL->Options), std::move(Tools));
  if (Error E = D.run()) {
    errs() << "syclcc: error: " << toString(std::move(E)) << "\n";
    return 1;
  }
  return 0;
}
