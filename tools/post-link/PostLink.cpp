//===- PostLink.cpp - Device link: bitcode of all TUs to one device image --===//
//
// smcp-post-link [-O<n>] [--split=<mode>] [--image-bytes=<file>] [--ir=<file>]
//                -o <blob> <bitcode>...
// smcp-post-link --print-targets
//
// Links the device bitcode of every TU of a program, runs the device passes
// (device-passes/) and the lowering of the bitcode's device target
// (DeviceTarget.h: spir64 translates to SPIR-V in-process with
// libLLVMSPIRVLib), and writes the result as a fat-binary blob
// (runtime/fatbin/fatbin.h) that smcp-wrap embeds into the executable: one
// image, or with --split=per_source|per_kernel one per TU or kernel
// (DeviceCodeSplit.h).
//
//===----------------------------------------------------------------------===//

#include "DeviceCodeSplit.h"
#include "DeviceTarget.h"
#include "Passes.h"
#include "device_globals.h"
#include "fatbin.h"
#include "implicit_args.h"
#include "kernel_requirements.h"
#include "kernel_symbol.h"
#include "launch_constants.h"
#include "spec_constants.h"

#include <sycl/detail/abi/hex.h>

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Triple.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <map>

using namespace llvm;

static cl::list<std::string> Inputs(cl::Positional, cl::ZeroOrMore, cl::desc("<device bitcode>"));
static cl::opt<std::string> Output("o", cl::desc("Output image blob"));
static cl::opt<bool> PrintTargets("print-targets",
                                  cl::desc("List the device targets and their triples"));
static cl::opt<unsigned> OptLevel("O", cl::Prefix, cl::init(2), cl::desc("Optimisation level"));
static cl::opt<std::string> ImageBytesOut("image-bytes",
                                          cl::desc("Also write the image (SPIR-V, PTX) here"));
static cl::opt<std::string> IROut("ir", cl::desc("Also write the final device IR here"));
static cl::opt<std::string> Split("split", cl::init("off"),
                                  cl::desc("Device images: off, auto (one), per_source, per_kernel"));

static int fail(const Twine &Msg) {
  WithColor::error(errs(), "smcp-post-link") << Msg << "\n";
  return 1;
}

/// The inputs linked into one module; PerInput: the kernels each defines.
static std::unique_ptr<Module> linkInputs(LLVMContext &Ctx,
                                          std::vector<std::vector<std::string>> &PerInput) {
  auto Linked = std::make_unique<Module>("smcp-device", Ctx);
  Linker L(*Linked);
  for (const std::string &Path : Inputs) {
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
    if (!M) {
      fail("cannot read device bitcode '" + Path + "': " + Err.getMessage());
      return nullptr;
    }
    PerInput.push_back(smcp::kernelNames(*M));
    if (L.linkInModule(std::move(M))) {
      fail("cannot link device bitcode '" + Path + "' (conflicting definitions?)");
      return nullptr;
    }
  }
  return Linked;
}

/// The SpecConstants pass's !smcp.spec_constants as an image property set; the
/// metadata goes, so that it never reaches SPIR-V.
static bool takeSpecConstants(Module &M, smcp::fatbin::DeviceImage &Image) {
  NamedMDNode *MD = M.getNamedMetadata("smcp.spec_constants");
  if (!MD)
    return true;
  for (const MDNode *N : MD->operands()) {
    smcp::fatbin::SpecConstantDesc D;
    auto *Sym = N->getNumOperands() >= 2 ? dyn_cast<MDString>(N->getOperand(0)) : nullptr;
    auto *Def = N->getNumOperands() >= 2 ? dyn_cast<MDString>(N->getOperand(1)) : nullptr;
    std::string Why = "wrong operands";
    if (!Sym || !Def || (N->getNumOperands() - 2) % 3 != 0 ||
        !smcp::abi::from_hex(Def->getString(), D.Default, Why)) {
      fail("malformed !smcp.spec_constants metadata: " + Why);
      return false;
    }
    D.SymbolicId = Sym->getString().str();
    for (unsigned I = 2; I + 2 < N->getNumOperands(); I += 3) {
      auto Get = [&](unsigned J) {
        return uint32_t(mdconst::extract<ConstantInt>(N->getOperand(J))->getZExtValue());
      };
      D.Leaves.push_back({Get(I), Get(I + 1), Get(I + 2)});
    }
    Image.set(smcp::fatbin::SpecConstantsSet).Properties.push_back(smcp::fatbin::encodeSpecConstant(D));
  }
  M.eraseNamedMetadata(MD);
  return true;
}

/// The optional features each kernel needs (runtime/fatbin/kernel_requirements.h).
static void addKernelRequirements(const Module &M, smcp::fatbin::DeviceImage &Image) {
  smcp::fatbin::PropertySet Set =
      smcp::fatbin::encodeKernelRequirements(smcp::computeKernelAspects(M));
  if (!Set.Properties.empty())
    Image.PropertySets.push_back(std::move(Set));
}

/// Each kernel's [[sycl::reqd_work_group_size]] (KernelWrapperPass's
/// !smcp.reqd_work_group_size) as an image property set; that metadata goes,
/// the backend's own form (LocalSize, .reqntid) stays.
static void takeKernelWorkGroupSizes(Module &M, smcp::fatbin::DeviceImage &Image) {
  std::vector<std::pair<std::string, std::vector<uint32_t>>> Kernels;
  for (Function &F : M) {
    MDNode *MD = F.getMetadata(smcp::ReqdWorkGroupSizeMD);
    if (!MD)
      continue;
    std::vector<uint32_t> Size;
    for (const MDOperand &Op : MD->operands())
      Size.push_back(uint32_t(mdconst::extract<ConstantInt>(Op)->getZExtValue()));
    Kernels.emplace_back(F.getName().str(), std::move(Size));
    F.setMetadata(smcp::ReqdWorkGroupSizeMD, nullptr);
  }
  if (!Kernels.empty())
    Image.PropertySets.push_back(smcp::fatbin::encodeKernelWorkGroupSizes(Kernels));
}

/// The device-global pass's !smcp.device_globals as an image property set;
/// the metadata goes. Only lists the variables in Only when given (a split
/// image: the ones its kernels use, since a device_image_scope variable must
/// be in one image of a device, and the others are other images' business).
static bool takeDeviceGlobals(Module &M, smcp::fatbin::DeviceImage &Image,
                              const std::set<std::string> *Only) {
  auto Text = [](const MDOperand &Op) { return cast<MDString>(Op)->getString().str(); };
  if (NamedMDNode *MD = M.getNamedMetadata("smcp.device_globals")) {
    std::vector<smcp::fatbin::DeviceGlobalDesc> Globals;
    for (const MDNode *N : MD->operands()) {
      std::vector<uint8_t> Init;
      std::string Why;
      if (!smcp::abi::from_hex(cast<MDString>(N->getOperand(3))->getString(), Init, Why)) {
        fail("malformed !smcp.device_globals metadata: " + Why);
        return false;
      }
      if (Only && !Only->count(Text(N->getOperand(0))))
        continue;
      Globals.push_back({Text(N->getOperand(0)),
                         mdconst::extract<ConstantInt>(N->getOperand(1))->getZExtValue(),
                         mdconst::extract<ConstantInt>(N->getOperand(2))->isOne(),
                         std::move(Init)});
    }
    Image.PropertySets.push_back(smcp::fatbin::encodeDeviceGlobals(Globals));
    M.eraseNamedMetadata(MD);
  }
  return true;
}

/// ImplicitArgParamsPass's !smcp.implicit_args, each kernel's implicit
/// arguments; the metadata goes.
static std::vector<smcp::fatbin::KernelImplicitArgs> takeImplicitArgs(Module &M) {
  std::vector<smcp::fatbin::KernelImplicitArgs> Kernels;
  NamedMDNode *MD = M.getNamedMetadata("smcp.implicit_args");
  if (!MD)
    return Kernels;
  for (const MDNode *N : MD->operands()) {
    auto &K = Kernels.emplace_back();
    K.Kernel = cast<MDString>(N->getOperand(0))->getString().str();
    for (unsigned I = 1; I + 1 < N->getNumOperands(); I += 2)
      K.Args.push_back(
          {smcp::abi::implicit_arg_kind(mdconst::extract<ConstantInt>(N->getOperand(I))->getZExtValue()),
           cast<MDString>(N->getOperand(I + 1))->getString().str()});
  }
  M.eraseNamedMetadata(MD);
  return Kernels;
}

/// KernelWrapperPass's !smcp.kernel_params, each kernel's parameter list, as
/// an image property set; the metadata goes.
static bool takeKernelParams(Module &M, smcp::fatbin::DeviceImage &Image) {
  std::vector<smcp::abi::kernel_annotation> Kernels;
  for (Function &F : M) {
    MDNode *MD = F.getMetadata(smcp::KernelParamsMD);
    if (!MD)
      continue;
    std::string Why;
    auto *Text = MD->getNumOperands() == 1 ? dyn_cast<MDString>(MD->getOperand(0)) : nullptr;
    if (!Text || !smcp::abi::decode_kernel_annotation(Text->getString(), Kernels.emplace_back(), Why))
      return fail("malformed !smcp.kernel_params metadata on '" + F.getName() + "': " + Why), false;
    F.setMetadata(smcp::KernelParamsMD, nullptr);
  }
  if (!Kernels.empty())
    Image.PropertySets.push_back(smcp::fatbin::encodeKernelParams(Kernels));
  return true;
}

/// The device_globals the kernels use (their implicit arguments' ids).
static std::set<std::string>
usedDeviceGlobals(const std::vector<smcp::fatbin::KernelImplicitArgs> &Kernels) {
  std::set<std::string> Ids;
  for (const auto &K : Kernels)
    for (const smcp::fatbin::ImplicitArg &A : K.Args)
      if (A.Kind == smcp::abi::implicit_arg_kind::device_global)
        Ids.insert(A.Payload);
  return Ids;
}

/// LaunchConstantsPass's !smcp.launch_constants, the argument words each
/// kernel's program may be specialized on, as an image property set
/// (launch_constants.h); the metadata goes.
static bool takeLaunchConstants(Module &M, smcp::fatbin::DeviceImage &Image) {
  NamedMDNode *MD = M.getNamedMetadata("smcp.launch_constants");
  if (!MD)
    return true;
  std::map<std::string, std::vector<smcp::fatbin::LaunchConstant>> ByKernel;
  for (const MDNode *N : MD->operands()) {
    uint32_t Fields[3];
    auto *Kernel = N->getNumOperands() == 4 ? dyn_cast<MDString>(N->getOperand(0)) : nullptr;
    for (unsigned I = 0; Kernel && I < 3; ++I) {
      auto *C = mdconst::dyn_extract<ConstantInt>(N->getOperand(I + 1));
      if (!C || !C->getValue().isIntN(32))
        Kernel = nullptr;
      else
        Fields[I] = uint32_t(C->getZExtValue());
    }
    if (!Kernel)
      return fail("malformed !smcp.launch_constants metadata: expected {kernel, SpecId, "
                  "parameter, offset}"),
             false;
    ByKernel[Kernel->getString().str()].push_back({Fields[0], Fields[1], Fields[2]});
  }
  Image.PropertySets.push_back(
      smcp::fatbin::encodeLaunchConstants({ByKernel.begin(), ByKernel.end()}));
  M.eraseNamedMetadata(MD);
  return true;
}

/// Kernels with long names get their short backend symbol
/// (runtime/fatbin/kernel_symbol.h); the image keeps the names themselves.
static bool renameLongKernels(Module &M) {
  for (Function &F : M) {
    if (!smcp::isKernel(F))
      continue;
    std::string Symbol = smcp::fatbin::kernelSymbol(F.getName().str());
    if (Symbol == F.getName())
      continue;
    if (M.getFunction(Symbol)) {
      fail("the kernel symbol '" + Symbol + "' of kernel '" + F.getName() +
           "' is taken (a hash collision of two long kernel names)");
      return false;
    }
    F.setName(Symbol);
  }
  return true;
}

/// Kernels' textured variants (device-passes/TexturedKernelVariants.cpp)
/// get their backend symbol, and the image lists them (kernel_requirements.h:
/// KernelVariantsSet); their attribute goes.
static bool takeKernelVariants(Module &M, smcp::fatbin::DeviceImage &Image) {
  std::vector<std::pair<std::string, uint32_t>> Variants;
  for (Function &F : M) {
    if (!smcp::isTexturedVariant(F))
      continue;
    const std::string Kernel = F.getFnAttribute(smcp::TexturedVariantAttr).getValueAsString().str();
    const std::string Symbol = smcp::fatbin::texturedVariantSymbol(Kernel);
    if (Function *Taken = M.getFunction(Symbol); Taken && Taken != &F) {
      fail("the symbol '" + Symbol + "' of kernel '" + Kernel + "''s textured variant is taken");
      return false;
    }
    F.setName(Symbol);
    F.removeFnAttr(smcp::TexturedVariantAttr);
    Variants.emplace_back(Kernel, smcp::fatbin::TexturedVariant);
  }
  if (!Variants.empty())
    Image.PropertySets.push_back(smcp::fatbin::encodeKernelVariants(Variants));
  return true;
}

static OptimizationLevel toLevel(unsigned N) {
  switch (N) {
  case 0:
    return OptimizationLevel::O0;
  case 1:
    return OptimizationLevel::O1;
  case 2:
    return OptimizationLevel::O2;
  default:
    return OptimizationLevel::O3;
  }
}

static bool writeFile(StringRef Path, StringRef Bytes) {
  std::error_code EC;
  ToolOutputFile Out(Path, EC, sys::fs::OF_None);
  if (EC) {
    fail("cannot write '" + Path + "': " + EC.message());
    return false;
  }
  Out.os() << Bytes;
  Out.keep();
  return true;
}

/// Where image Index's extra output goes: Path for the first, Path.<Index>
/// for the others (split images).
static std::string numbered(const std::string &Path, size_t Index) {
  return Index == 0 ? Path : Path + "." + std::to_string(Index);
}

/// Runs the device passes and the target's lowering on M, and makes it
/// Image. False after reporting an error.
static bool buildImage(Module &M, const smcp::DeviceTarget &Target, size_t Index, bool Split,
                       smcp::fatbin::DeviceImage &Image) {
  bool HadError = false;
  M.getContext().setDiagnosticHandlerCallBack(
      [](const DiagnosticInfo &DI, void *Flag) {
        if (isa<DiagnosticInfoOptimizationBase>(DI))
          return; // optimisation remarks are not the user's concern here
        if (DI.getSeverity() == DS_Error)
          *static_cast<bool *>(Flag) = true;
        DiagnosticPrinterRawOStream DP(errs());
        errs() << "smcp-post-link: " << (DI.getSeverity() == DS_Error ? "error: " : "warning: ");
        DI.print(DP);
        errs() << "\n";
      },
      &HadError);
  smcp::runDevicePipeline(
      M, toLevel(OptLevel),
      [&Target](ModulePassManager &MPM) { Target.addLoweringPasses(MPM); },
      Target.targetMachine());
  if (HadError)
    return false;
  if (!takeSpecConstants(M, Image) || !takeKernelParams(M, Image))
    return false;
  std::vector<smcp::fatbin::KernelImplicitArgs> ImplicitArgs = takeImplicitArgs(M);
  const std::set<std::string> UsedGlobals = usedDeviceGlobals(ImplicitArgs);
  if (!takeDeviceGlobals(M, Image, Split ? &UsedGlobals : nullptr))
    return false;
  if (!ImplicitArgs.empty())
    Image.PropertySets.push_back(smcp::fatbin::encodeImplicitArgs(ImplicitArgs));
  for (const Function &F : M)
    if (smcp::isKernel(F))
      Image.Kernels.push_back(F.getName().str());
  addKernelRequirements(M, Image);
  takeKernelWorkGroupSizes(M, Image);
  if (!takeLaunchConstants(M, Image) || !takeKernelVariants(M, Image) || !renameLongKernels(M))
    return false;
  std::string VerifyMsg;
  raw_string_ostream VOS(VerifyMsg);
  if (verifyModule(M, &VOS))
    return fail("the device passes produced invalid IR: " + VOS.str()), false;
  if (!IROut.empty()) {
    std::string Text;
    raw_string_ostream OS(Text);
    M.print(OS, nullptr);
    if (!writeFile(numbered(IROut, Index), OS.str()))
      return false;
  }

  if (Error E = Target.check(M))
    return fail(toString(std::move(E))), false;
  Image.Format = Target.format();
  Image.Target = Target.name().str();
  Expected<std::string> Bytes = Target.emit(M);
  if (!Bytes)
    return fail(toString(Bytes.takeError())), false;
  Image.Bytes.assign(Bytes->begin(), Bytes->end());
  return ImageBytesOut.empty() || writeFile(numbered(ImageBytesOut, Index), *Bytes);
}

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "SMCP device link and image generation\n");
  if (PrintTargets) {
    for (const smcp::DeviceTarget *T : smcp::allTargets())
      outs() << T->name() << " " << T->triple() << "\n";
    return 0;
  }
  if (Inputs.empty() || Output.empty())
    return fail("usage: smcp-post-link [options] -o <image> <bitcode>... (see --help)");
  std::optional<smcp::SplitMode> Mode = smcp::parseSplitMode(Split);
  if (!Mode)
    return fail("--split=" + Split + ": expected off, auto, per_source or per_kernel");
  LLVMContext Ctx;
  std::vector<std::vector<std::string>> PerInput;
  std::unique_ptr<Module> M = linkInputs(Ctx, PerInput);
  if (!M)
    return 1;
  const smcp::DeviceTarget *Target = smcp::findTarget(Triple(M->getTargetTriple()));
  if (!Target) {
    std::string Known;
    for (const smcp::DeviceTarget *T : smcp::allTargets())
      Known += (Known.empty() ? "" : ", ") + T->name().str();
    return fail("device bitcode targets '" + M->getTargetTriple() +
                "', which no device target takes (known: " + Known + ")");
  }
  Target->tuneOptimizer();
  if (Error E = Target->linkBuiltins(*M))
    return fail(toString(std::move(E)));

  std::vector<std::set<std::string>> Groups = smcp::splitKernels(*Mode, PerInput);
  std::vector<smcp::fatbin::DeviceImage> Images(Groups.size());
  for (size_t I = 0; I < Groups.size(); ++I) {
    // The last image takes the linked module itself, the others a copy.
    std::unique_ptr<Module> Part = I + 1 < Groups.size() ? CloneModule(*M) : std::move(M);
    if (Groups.size() > 1)
      smcp::keepOnlyKernels(*Part, Groups[I]);
    if (!buildImage(*Part, *Target, I, Groups.size() > 1, Images[I]))
      return 1;
  }
  std::vector<uint8_t> Blob = smcp::fatbin::writeFatBinary(Images);
  return writeFile(Output, StringRef(reinterpret_cast<const char *>(Blob.data()), Blob.size()))
             ? 0
             : 1;
}
