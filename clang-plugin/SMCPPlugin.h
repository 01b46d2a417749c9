//===- SMCPPlugin.h - Shared pieces of the SMCP Clang plugin ----*- C++ -*-===//
//
// The plugin runs in the device compile of a TU. It finds the kernels (the
// instantiations of the headers' [[clang::sycl_kernel]] entry templates), lays
// out their parameters (the kernel ABI of include/sycl/detail/abi/kernel_abi.h),
// checks the device-code rules on what the kernels reach, and lets code
// generation see only device code. The kernel list it writes lets the driver
// check the host compile of the same TU, which runs beside it.
//
//===----------------------------------------------------------------------===//
#ifndef SMCP_CLANG_PLUGIN_SMCPPLUGIN_H
#define SMCP_CLANG_PLUGIN_SMCPPLUGIN_H

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

#include <sycl/detail/abi/kernel_abi.h>

#include <optional>
#include <string>
#include <vector>

namespace smcp {

using abi::kernel_param_desc;
using abi::param_kind;

struct Kernel {
  clang::FunctionDecl *Entry = nullptr;        // the entry-template instantiation
  const clang::CXXRecordDecl *Functor = nullptr;
  std::string Name;                             // unique stable name of the name type
  std::vector<kernel_param_desc> Params;
  uint64_t FunctorSize = 0;
  bool HasWorkGroups = false; // launched over an nd_range (an nd_item index)
  llvm::SmallVector<uint64_t, 3> ReqdWorkGroupSize; // [[sycl::reqd_work_group_size]], SYCL's order
};

/// The header's mark (abi::*_mark of include/sycl/detail/abi/kernel_abi.h)
/// on D, or null: the plugin recognises SYCL's classes by these, never by
/// their names.
const clang::AnnotateAttr *findMark(const clang::Decl *D, llvm::StringRef Mark);

/// A mark's one integer argument (instantiated with its class).
std::optional<int64_t> markArgument(const clang::ASTContext &Ctx, const clang::AnnotateAttr *Mark);

/// True for an instantiation of a [[clang::sycl_kernel]] entry template.
bool isKernelEntry(const clang::FunctionDecl *FD);

/// Computes name and parameter layout of a kernel entry. Problems with the
/// functor (reference captures, `this` captures, bit-fields) are diagnosed.
Kernel describeKernel(clang::FunctionDecl *Entry);

/// The sizes of the functor's [[sycl::reqd_work_group_size]] (on its
/// operator() or after the kernel lambda's parameters), read from the source
/// (KernelAttributes.cpp); empty without one, and after reporting sizes that
/// are not integer literals.
llvm::SmallVector<uint64_t, 3> requiredWorkGroupSize(const clang::CXXRecordDecl *Functor);
/// Attaches the parameter list to the entry as the annotation that the
/// kernel-wrapper pass reads (abi::encode_kernel_annotation).
void annotateKernel(const Kernel &K);

/// Writes the TU's kernel list, one kernel annotation per line, for the
/// driver's check of the host compile; returns false (after reporting) on
/// I/O errors.
bool writeKernelList(clang::ASTContext &Ctx, const std::vector<Kernel> &Kernels,
                     llvm::StringRef Path);

/// True for a function that device code may call from another TU
/// (SYCL_EXTERNAL).
bool isSyclExternal(const clang::FunctionDecl *FD);

/// What code generation must be handed for the device.
struct DeviceCode {
  /// Functions with bodies and global variables that device code reaches.
  llvm::SetVector<const clang::Decl *> Decls;
  /// Constant static locals that device code uses but whose function it does
  /// not reach (a table in main() read by main()'s kernel lambda).
  std::vector<const clang::VarDecl *> OrphanStaticLocals;
};

/// Walks everything the kernels and SYCL_EXTERNAL functions reach, reports
/// the device-code rule violations, and returns what code generation needs.
DeviceCode checkDeviceCode(clang::ASTContext &Ctx, const std::vector<Kernel> &Kernels,
                           llvm::ArrayRef<const clang::FunctionDecl *> Externals);

/// A device-only function that declares Vars (static locals of other
/// functions), so that code generation gives them their initial values; it
/// is marked used, and the post-link pruning removes it. Null when Vars is
/// empty.
clang::FunctionDecl *makeStaticLocalInitializer(clang::ASTContext &Ctx,
                                                llvm::ArrayRef<const clang::VarDecl *> Vars);

/// True for a class the headers mark as device_global.
bool isDeviceGlobalType(clang::QualType T);

struct DeviceGlobal {
  clang::VarDecl *Var;
  std::string Mangled; // the host symbol
  std::string Id;      // the unique id: the device symbol
};

/// Diagnoses forbidden device_global declarations and readies every
/// definition for code generation (device symbol = unique id, annotation,
/// emitted even when unused). TUPrefix tells internal-linkage ones apart.
std::vector<DeviceGlobal> prepareDeviceGlobals(clang::ASTContext &Ctx, llvm::StringRef TUPrefix);

/// For the driver: "<host symbol> <unique id>" per internal-linkage variable.
bool writeHostSymbols(clang::ASTContext &Ctx, const std::vector<DeviceGlobal> &Globals,
                      llvm::StringRef Path);

} // namespace smcp

#endif
