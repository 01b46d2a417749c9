//===- Passes.h - SMCP device passes ----------------------------*- C++ -*-===//
//
// The passes that turn the linked device bitcode of a program into a module
// the SPIR-V translator (or the NVPTX backend) accepts. Target-neutral passes
// first, then the target's own lowering; buildDevicePipeline() strings them
// together for smcp-post-link, and the pass plugin exposes each one to opt.
//
//===----------------------------------------------------------------------===//
#ifndef SMCP_DEVICE_PASSES_PASSES_H
#define SMCP_DEVICE_PASSES_PASSES_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"

#include <string>
#include <utility>
#include <vector>

namespace llvm {
class Constant;
class DataLayout;
class GlobalValue;
} // namespace llvm

namespace smcp {

/// Generates one kernel function per "smcp.kernel" annotation left by the
/// Clang plugin, with the parameters of the kernel ABI; it rebuilds the
/// functor in private memory and calls the entry function.
struct KernelWrapperPass : llvm::PassInfoMixin<KernelWrapperPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// Specialization constants: each __smcp_spec_constant marker becomes SPIR-V
/// spec-constant calls with SpecIds assigned per specialization_id variable
/// of the linked module; the layout goes to !smcp.spec_constants. Run first,
/// right after the device link.
struct SpecConstantsPass : llvm::PassInfoMixin<SpecConstantsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// Keeps what kernels reach: every other symbol becomes internal and dead
/// code goes. Run after the device link, when no other TU can call in.
struct PruneDeviceCodePass : llvm::PassInfoMixin<PruneDeviceCodePass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// sycl_ext_oneapi_local_memory: each __smcp_group_local_alloc call becomes
/// its own work-group-memory variable. Run after inlining.
/// Marks every non-kernel function always-inline (and drops -O0's
/// optnone/noinline): CPU OpenCL runtimes need fully inlined kernels.
struct InlineIntoKernelsPass : llvm::PassInfoMixin<InlineIntoKernelsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
};

struct LowerGroupLocalMemoryPass : llvm::PassInfoMixin<LowerGroupLocalMemoryPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// spir64: index built-ins become SPIR-V built-in variables, libm calls
/// become OpenCL extended instructions, and globals leave the private
/// address space.
struct LowerToSPIRVPass : llvm::PassInfoMixin<LowerToSPIRVPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// spir64: integers of widths SPIR-V lacks (bit-field runs, _BitInt, what
/// InstCombine narrows) become the next legal width, with loads and stores
/// of exactly their bytes; pointers to types holding them become i8
/// pointers. Run after optimisation, before the translator.
struct LegalizeIntegerWidthsPass : llvm::PassInfoMixin<LegalizeIntegerWidthsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// Each kernel of the final module with the optional device features (SYCL
/// aspects) its call graph uses: a bit set of abi::aspect_bit
/// (include/sycl/detail/abi/aspects.h); the runtime refuses to launch the
/// kernel on a device without them.
std::vector<std::pair<std::string, unsigned>> computeKernelAspects(const llvm::Module &M);

/// sycl_ext_oneapi_device_global, first half (right after the device link):
/// each variable the plugin annotated "smcp.device_global" goes; its uses
/// become calls to __smcp_device_global(index), which nothing can see
/// through, so that no optimisation folds its initial value into code. The
/// variables are described in !smcp.device_globals: one node per index,
/// {id, i64 size, i1 image_scope, hex initial bytes}.
struct LowerDeviceGlobalsPass : llvm::PassInfoMixin<LowerDeviceGlobalsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// Second half (after inlining): a kernel calling __smcp_device_global gets
/// one trailing global-pointer parameter per variable it uses, which the
/// runtime binds to the (device, context) instance; listed in
/// !smcp.kernel_device_globals as {kernel, id...}, which smcp-post-link
/// records as the kernel's implicit arguments of kind device_global.
struct DeviceGlobalParamsPass : llvm::PassInfoMixin<DeviceGlobalParamsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// An annotate attribute's global and text.
struct Annotation {
  llvm::GlobalValue *Value;
  std::string Text;
};
/// Removes from llvm.global.annotations the entries whose text is Prefix or
/// starts with "Prefix ", and returns them.
std::vector<Annotation> takeAnnotations(llvm::Module &M, llvm::StringRef Prefix);

/// Rebuilds the appending list Name (llvm.used, llvm.global.annotations...)
/// with only the entries Keep accepts.
void filterGlobalList(llvm::Module &M, llvm::StringRef Name,
                      llvm::function_ref<bool(llvm::Constant *)> Keep);

/// Writes C's in-memory bytes (zeroed Out of its alloc size); false when C
/// holds something other than numbers (addresses).
bool serializeConstant(const llvm::DataLayout &DL, llvm::Constant *C, uint8_t *Out);

/// Is F a kernel generated by KernelWrapperPass?
bool isKernel(const llvm::Function &F);

/// The post-link pipeline for a target triple's module.
/// The device passes in order, with LLVM's optimisation pipeline; the
/// target's lowering passes (added by AddTargetLowering) run last.
void runDevicePipeline(llvm::Module &M, llvm::OptimizationLevel Level,
                       const std::function<void(llvm::ModulePassManager &)> &AddTargetLowering);

} // namespace smcp

#endif
