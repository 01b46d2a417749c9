; The SLP vectoriser folds loops over bool arrays into llvm.vector.reduce.*,
; which translator 15 rejects ("Unexpected llvm intrinsic"): the SPIR-V
; lowering expands them into element operations.
; RUN: %opt_smcp -passes=smcp-lower-spirv -S %s | FileCheck %s

target triple = "spir64-unknown-unknown"

define spir_func i8 @all(<4 x i8> %v) {
  %r = call i8 @llvm.vector.reduce.and.v4i8(<4 x i8> %v)
  ret i8 %r
}
declare i8 @llvm.vector.reduce.and.v4i8(<4 x i8>)

; CHECK-LABEL: define spir_func i8 @all(
; CHECK-NOT: llvm.vector.reduce
; CHECK: and <4 x i8>
; CHECK: extractelement <4 x i8>
; CHECK: ret i8
