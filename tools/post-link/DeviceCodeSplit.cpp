//===- DeviceCodeSplit.cpp - Which kernels go into which device image -----===//
//
// See DeviceCodeSplit.h.
//
//===----------------------------------------------------------------------===//

#include "DeviceCodeSplit.h"

#include "AnnotationEntries.h"
#include "Passes.h"

#include <sycl/detail/abi/kernel_abi.h>

#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace smcp {

std::optional<SplitMode> parseSplitMode(StringRef Value) {
  if (Value == "off" || Value == "auto")
    return SplitMode::Off;
  if (Value == "per_source")
    return SplitMode::PerSource;
  if (Value == "per_kernel")
    return SplitMode::PerKernel;
  return std::nullopt;
}

/// The kernel an llvm.global.annotations entry declares, or "" for another
/// annotation.
static std::string declaredKernel(const Constant *Entry) {
  StringRef Text = annotationText(Entry);
  if (!Text.startswith((std::string(abi::kernel_annotation_prefix) + " ")))
    return "";
  abi::kernel_annotation Kernel;
  std::string Why;
  if (!abi::decode_kernel_annotation(std::string_view(Text.data(), Text.size()), Kernel, Why))
    return ""; // KernelWrapper reports it
  return Kernel.name;
}

/// Calls F on each entry of M's llvm.global.annotations.
template <typename Fn> static void forEachAnnotation(const Module &M, Fn F) {
  const GlobalVariable *List = M.getNamedGlobal("llvm.global.annotations");
  if (!List || !List->hasInitializer())
    return;
  for (const Use &Entry : List->getInitializer()->operands())
    F(cast<Constant>(Entry.get()));
}

std::vector<std::string> kernelNames(const Module &M) {
  std::vector<std::string> Names;
  forEachAnnotation(M, [&](const Constant *Entry) {
    std::string Name = declaredKernel(Entry);
    if (!Name.empty() && !is_contained(Names, Name))
      Names.push_back(std::move(Name));
  });
  return Names;
}

std::vector<std::set<std::string>>
splitKernels(SplitMode Mode, const std::vector<std::vector<std::string>> &PerInput) {
  std::vector<std::set<std::string>> Groups;
  std::set<std::string> Seen;
  for (const std::vector<std::string> &Kernels : PerInput) {
    std::set<std::string> Source;
    for (const std::string &K : Kernels) {
      if (!Seen.insert(K).second)
        continue;
      if (Mode == SplitMode::PerKernel)
        Groups.push_back({K});
      else
        Source.insert(K);
    }
    if (Mode == SplitMode::PerSource && !Source.empty())
      Groups.push_back(std::move(Source));
  }
  if (Mode == SplitMode::Off || Groups.empty())
    return {Seen};
  return Groups;
}

void keepOnlyKernels(Module &M, const std::set<std::string> &Keep) {
  std::set<const GlobalValue *> Dropped;
  forEachAnnotation(M, [&](const Constant *Entry) {
    std::string Name = declaredKernel(Entry);
    if (!Name.empty() && !Keep.count(Name))
      Dropped.insert(annotatedValue(Entry));
  });
  filterGlobalList(M, "llvm.global.annotations",
                   [&](Constant *Entry) { return !Dropped.count(annotatedValue(Entry)); });
}

} // namespace smcp
