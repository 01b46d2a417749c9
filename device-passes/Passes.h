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
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"

#include <string>
#include <utility>
#include <vector>

#include <sycl/detail/abi/kernel_abi.h>

namespace llvm {
class Constant;
class DataLayout;
class GlobalValue;
class TargetMachine;
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

/// Hierarchical kernels: rewrites each parallel_for_work_group function
/// ("smcp.work_group_scope") so that every work-item of the group may run it
/// with the semantics of one run per group (LowerWorkGroupScope.cpp). Run
/// before anything is inlined into the kernels.
struct LowerWorkGroupScopePass : llvm::PassInfoMixin<LowerWorkGroupScopePass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
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

/// CPU work-group functions (PoCL): in functions with barriers, cheap pure
/// values (index and address arithmetic) used past a barrier are recomputed
/// there instead of being kept per work-item across it. Run after the
/// optimiser, which hoists them.
struct RematerializeAcrossBarriersPass : llvm::PassInfoMixin<RematerializeAcrossBarriersPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// spir64: index built-ins become SPIR-V built-in variables, libm calls
/// become OpenCL extended instructions, and globals leave the private
/// address space.
struct LowerToSPIRVPass : llvm::PassInfoMixin<LowerToSPIRVPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// nvptx64: the neutral built-ins (index queries, barriers, fences, atomics,
/// sub-group operations) become PTX special registers and NVVM intrinsics.
struct LowerToNVPTXPass : llvm::PassInfoMixin<LowerToNVPTXPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};
/// nvptx64: each kernel that asks __smcp_has_texture gets a textured
/// variant in which every answer is true, launched when all its sampled
/// accessors have textures (TexturedKernelVariants.cpp). Run after the
/// optimiser and ImplicitArgParamsPass.
struct TexturedKernelVariantsPass : llvm::PassInfoMixin<TexturedKernelVariantsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};
/// spir64: the words header code marks with __smcp_launch_constant that a
/// launch's arguments carry become specialization constants, listed in
/// !smcp.launch_constants (LaunchConstants.cpp). Run after the optimiser.
struct LaunchConstantsPass : llvm::PassInfoMixin<LaunchConstantsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};
/// nvptx64: math calls (libm, llvm.* math intrinsics the NVPTX backend
/// cannot select, __spirv_ocl_*) become calls of libdevice's __nv_*
/// functions. Run before optimisation, before libdevice is linked.
struct MathToLibdevicePass : llvm::PassInfoMixin<MathToLibdevicePass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};
/// Calls of __smcp_assert_flag() (device assert's flag) become an implicit
/// argument of kind assert_flag (DeviceAssert.cpp).
struct LowerAssertFlagPass : llvm::PassInfoMixin<LowerAssertFlagPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};
/// Targets without a native global offset (nvptx64), before optimisation:
/// offset reads become loads through an implicit argument of kind
/// global_offset, and global ids get the offset added (GlobalOffset.cpp).
struct FoldGlobalOffsetPass : llvm::PassInfoMixin<FoldGlobalOffsetPass> {
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

/// sycl_ext_oneapi_device_global (right after the device link): each
/// variable the plugin annotated "smcp.device_global" goes; its uses become
/// implicit arguments of kind device_global (payload: its unique id), which
/// nothing can see through, so that no optimisation folds its initial value
/// into code. The variables are described in !smcp.device_globals: one node
/// per variable, {id, i64 size, i1 image_scope, hex initial bytes}.
struct LowerDeviceGlobalsPass : llvm::PassInfoMixin<LowerDeviceGlobalsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// Implicit kernel arguments (ImplicitArgs.cpp): after inlining, each
/// kernel gets one trailing global-pointer parameter per {kind, payload} it
/// asked for with createImplicitArg(), listed in !smcp.implicit_args, which
/// smcp-post-link records as the kernel's implicit arguments.
struct ImplicitArgParamsPass : llvm::PassInfoMixin<ImplicitArgParamsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};
/// The global pointer an implicit argument of Kind and Payload will hold,
/// computed at B's insertion point.
llvm::Value *createImplicitArg(llvm::IRBuilder<> &B, abi::implicit_arg_kind Kind,
                               llvm::StringRef Payload);
/// An annotate attribute's global, text and integer arguments.
struct Annotation {
  llvm::GlobalValue *Value;
  std::string Text;
  std::vector<uint64_t> Args; // the integer ones, in order
};
/// Removes from llvm.global.annotations the entries whose text is Prefix or
/// starts with "Prefix ", and returns them.
std::vector<Annotation> takeAnnotations(llvm::Module &M, llvm::StringRef Prefix);

/// spir64: atomics on generic pointers take the form of the address space
/// they point into, known statically or tested at run time (SPIRVAtomics.cpp).
bool specializeAtomicPointers(llvm::Module &M);

/// spir64: printf calls (__spirv_ocl_printf with a generic format) take a
/// constant-memory copy of their format string (SPIRVPrintf.cpp).
bool lowerPrintfFormats(llvm::Module &M);

/// Rebuilds the appending list Name (llvm.used, llvm.global.annotations...)
/// with only the entries Keep accepts.
void filterGlobalList(llvm::Module &M, llvm::StringRef Name,
                      llvm::function_ref<bool(llvm::Constant *)> Keep);

/// Writes C's in-memory bytes (zeroed Out of its alloc size); false when C
/// holds something other than numbers (addresses).
bool serializeConstant(const llvm::DataLayout &DL, llvm::Constant *C, uint8_t *Out);

/// The libm name behind F ("sqrtf" and "llvm.sqrt.f32" are both "sqrt"), or
/// "" when F is no scalar float/double math function.
llvm::StringRef libmBaseName(const llvm::Function &F);
/// Replaces __smcp_sub_group_max_size() by the target's sub-group width.
/// Targets do it before optimisation, so that sub-group loops unroll.
void foldSubGroupWidth(llvm::Module &M, unsigned Width);
/// A kernel's [[sycl::reqd_work_group_size]] in SYCL's dimension order
/// (1 to 3 i32), set by KernelWrapperPass, read by smcp-post-link.
constexpr const char *ReqdWorkGroupSizeMD = "smcp.reqd_work_group_size";
/// A kernel's parameter list (one MDString, abi::encode_kernel_annotation),
/// set by KernelWrapperPass, read by smcp-post-link into the image.
constexpr const char *KernelParamsMD = "smcp.kernel_params";
/// Is F a kernel generated by KernelWrapperPass?
bool isKernel(const llvm::Function &F);
/// The attribute of a kernel's textured variant: the kernel's name.
constexpr const char *TexturedVariantAttr = "smcp-textured-variant-of";
/// Is F a kernel's textured variant (TexturedKernelVariantsPass)?
bool isTexturedVariant(const llvm::Function &F);

/// The post-link pipeline for a target triple's module.
/// The device passes in order, with LLVM's optimisation pipeline; the
/// target's lowering passes (added by AddTargetLowering) run last. TM, where
/// the target has a backend in LLVM (NVPTX), tunes the optimiser for it.
void runDevicePipeline(llvm::Module &M, llvm::OptimizationLevel Level,
                       const std::function<void(llvm::ModulePassManager &)> &AddTargetLowering,
                       llvm::TargetMachine *TM = nullptr);

} // namespace smcp

#endif
