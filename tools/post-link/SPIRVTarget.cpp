//===- SPIRVTarget.cpp - spir64: SPIR-V through SPIRV-LLVM-Translator ------===//
//
// Built-ins need no library: work-item queries, barriers and atomics are
// SPIR-V built-in variables and __spirv_* calls the translator knows, libm
// becomes OpenCL.std extended instructions, and sub-groups have one
// work-item (LowerToSPIRV). Translator 15
// exits the process on what SPIR-V cannot express, so check() finds that
// first and names it.
//
//===----------------------------------------------------------------------===//

#include "DeviceTarget.h"
#include "Passes.h"

#include "LLVMSPIRVLib/LLVMSPIRVLib.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

#include <cstring>
#include <map>
#include <sstream>

using namespace llvm;

namespace smcp {
namespace {

Error checkIntegerWidths(const Module &M) {
  for (const Function &F : M)
    for (const Instruction &I : instructions(F))
      if (auto *Ty = dyn_cast<IntegerType>(I.getType()->getScalarType())) {
        unsigned Bits = Ty->getBitWidth();
        if (Bits != 1 && Bits != 8 && Bits != 16 && Bits != 32 && Bits != 64)
          return createStringError(
              inconvertibleErrorCode(),
              "device function '" + F.getName().str() + "' uses an i" + std::to_string(Bits) +
                  " value, which SPIR-V cannot express (_BitInt or odd-width bit-fields?)");
      }
  return Error::success();
}

/// A global variable that device code uses but no TU of the link defines
/// (an extern device_global whose definition is missing or lives in a
/// shared library) would only fail when a device builds the program, or
/// not at all.
Error checkUndefinedVariables(const Module &M) {
  for (const GlobalVariable &GV : M.globals())
    if (GV.isDeclaration() && !GV.use_empty() && !GV.getName().startswith("__spirv_") &&
        !GV.getName().startswith("llvm."))
      return createStringError(
          inconvertibleErrorCode(),
          "device code uses the variable '" + demangle(GV.getName().str()) +
              "', which no translation unit of this link defines (device code cannot use "
              "variables of other executables or shared libraries)");
  return Error::success();
}

/// A function that device code calls but no TU of the link defines (a
/// SYCL_EXTERNAL function missing, or defined in a shared library: device
/// code links per executable or library) leaves the translator's module
/// importing it, which a device would only reject at build time. Imported
/// functions are OpFunctions decorated LinkageAttributes ... Import
/// (built-in variables are imported too, and are fine).
Error checkImports(StringRef SPIRV) {
  constexpr uint32_t OpDecorate = 71, OpFunction = 54, LinkageAttributes = 41, Import = 1;
  const size_t Words = SPIRV.size() / 4;
  auto Word = [&](size_t I) {
    uint32_t W;
    std::memcpy(&W, SPIRV.data() + 4 * I, 4);
    return W;
  };
  std::map<uint32_t, std::string> Imported; // id -> name
  for (size_t I = 5; I < Words;) {
    uint32_t Count = Word(I) >> 16, Opcode = Word(I) & 0xffff;
    if (Count == 0 || I + Count > Words)
      break;
    if (Opcode == OpDecorate && Count >= 4 && Word(I + 2) == LinkageAttributes &&
        Word(I + Count - 1) == Import)
      Imported[Word(I + 1)] = std::string(SPIRV.data() + 4 * (I + 3));
    if (Opcode == OpFunction && Count >= 3 && Imported.count(Word(I + 2)))
      return createStringError(
          inconvertibleErrorCode(),
          "device code calls '" + demangle(Imported[Word(I + 2)]) +
              "', which no translation unit of this link defines (SYCL_EXTERNAL functions "
              "must be defined in the same executable or shared library as their callers)");
    I += Count;
  }
  return Error::success();
}

class SPIRVTarget final : public DeviceTarget {
public:
  SPIRVTarget() : DeviceTarget("spir64") {}
  bool accepts(const Triple &T) const override { return T.getArch() == Triple::spir64; }
  Error linkBuiltins(Module &M) const override {
    // Sub-groups of one work-item: PoCL's CPU device reports no sub-groups.
    foldSubGroupWidth(M, 1);
    return Error::success();
  }
  void addLoweringPasses(ModulePassManager &MPM) const override {
    MPM.addPass(LaunchConstantsPass());
    // CPU runtimes keep values live across barriers per work-item.
    MPM.addPass(RematerializeAcrossBarriersPass());
    // Last: translator 15 recognises built-in variables only in the
    // load + extractelement form that the optimiser would rewrite.
    MPM.addPass(LegalizeIntegerWidthsPass());
    MPM.addPass(LowerToSPIRVPass());
  }
  Error check(const Module &M) const override {
    if (Error E = checkIntegerWidths(M))
      return E;
    return checkUndefinedVariables(M);
  }
  Expected<std::string> emit(Module &M) const override {
    std::ostringstream SPIRV;
    std::string Err;
    SPIRV::TranslatorOpts Opts(SPIRV::VersionNumber::SPIRV_1_2);
    if (!writeSpirv(&M, Opts, SPIRV, Err))
      return createStringError(inconvertibleErrorCode(), "SPIR-V translation failed: " + Err);
    if (Error E = checkImports(SPIRV.str()))
      return std::move(E);
    return SPIRV.str();
  }
};

} // namespace

const DeviceTarget &spirvTarget() {
  static const SPIRVTarget Target;
  return Target;
}

} // namespace smcp
