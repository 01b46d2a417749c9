// spirv_to_spir.cpp - SPIR-V -> SPIR bitcode with the SPIRV-LLVM-Translator
// (llvm::readSpirv), in process. PoCL links the same libLLVM-15, so the two
// share one LLVM without option-registration clashes (checked in DESIGN.md).
#include "spirv_to_spir.h"

#include "../support/spirv_scan.h"

#include <LLVMSPIRVLib/LLVMSPIRVLib.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <sstream>

namespace smcp::opencl {
namespace {

/// OpMemoryBarrier comes back as mem_fence(flags), which PoCL's SPIR path
/// does not resolve (its library names it _cl_mem_fence). An LLVM fence is
/// what mem_fence means, and every backend compiles it.
void lower_mem_fences(llvm::Module &module) {
  for (const char *name : {"_Z9mem_fencej", "_Z14read_mem_fencej", "_Z15write_mem_fencej"}) {
    llvm::Function *f = module.getFunction(name);
    if (!f)
      continue;
    for (llvm::User *u : llvm::make_early_inc_range(f->users()))
      if (auto *call = llvm::dyn_cast<llvm::CallInst>(u)) {
        new llvm::FenceInst(module.getContext(), llvm::AtomicOrdering::AcquireRelease,
                            llvm::SyncScope::System, call);
        call->eraseFromParent();
      }
    if (f->use_empty())
      f->eraseFromParent();
  }
}

} // namespace

bool spirv_to_spir_bitcode(const void *spirv, size_t size,
                           const std::vector<std::pair<uint32_t, uint64_t>> &spec_constants,
                           std::vector<char> &bitcode, std::string &error) {
  // The translator's reader ends the whole process (exit with its error
  // code) on a module with a bad magic number, and may read past the end of
  // a malformed instruction stream: neither may reach it.
  if (!adapter::spirv_check_structure(spirv, size, error))
    return false;
  llvm::LLVMContext context;
  // The translator's reverse path of LLVM 15 still expects typed pointers
  // (it asserts on opaque ones, e.g. for atomics), like llvm-spirv-15 does.
  context.setOpaquePointers(false);
  std::istringstream in(std::string(static_cast<const char *>(spirv), size));
  llvm::Module *raw_module = nullptr;
  SPIRV::TranslatorOpts opts;
  // The reverse translation specializes: OpSpecConstants become constants.
  for (const auto &[id, value] : spec_constants)
    opts.setSpecConst(id, value);
  if (!llvm::readSpirv(context, opts, in, raw_module, error)) {
    delete raw_module;
    error = "SPIR-V reverse translation failed: " + error;
    return false;
  }
  std::unique_ptr<llvm::Module> module(raw_module);
  lower_mem_fences(*module);
  llvm::SmallVector<char, 0> buffer;
  llvm::raw_svector_ostream out(buffer);
  llvm::WriteBitcodeToFile(*module, out);
  bitcode.assign(buffer.begin(), buffer.end());
  return true;
}

} // namespace smcp::opencl
