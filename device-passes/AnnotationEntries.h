//===- AnnotationEntries.h - Reading llvm.global.annotations entries ------===//
//
// The two fields of an llvm.global.annotations entry that the passes
// (takeAnnotations in IRUtils.cpp) and smcp-post-link's device-code split
// read: what it annotates and its text.
//
//===----------------------------------------------------------------------===//
#ifndef SMCP_DEVICE_PASSES_ANNOTATIONENTRIES_H
#define SMCP_DEVICE_PASSES_ANNOTATIONENTRIES_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Constant;
class GlobalValue;
} // namespace llvm

namespace smcp {

/// What the entry annotates; null when it is not a global value.
llvm::GlobalValue *annotatedValue(const llvm::Constant *Entry);
/// The entry's text ("" when it has none).
llvm::StringRef annotationText(const llvm::Constant *Entry);

} // namespace smcp

#endif
