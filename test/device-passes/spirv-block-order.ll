; SPIR-V wants each block after the blocks that dominate it; the optimiser
; may lay a loop's exit out before its header (as -O2 did for a group
; reduction under a SYCL_EXTERNAL function). The SPIR-V lowering orders
; blocks by reverse post-order and drops unreachable ones.
; RUN: %opt_smcp -passes=smcp-lower-spirv -S %s | FileCheck %s

target triple = "spir64-unknown-unknown"

define spir_func i32 @sum(i32 %n) {
entry:
  br label %header
exit:
  %r = phi i32 [ %acc, %header ], [ 0, %dead ]
  ret i32 %r
dead:
  br label %exit
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %header ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %header ]
  %acc.next = add i32 %acc, %i
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %header
}

; CHECK-LABEL: define spir_func i32 @sum(
; CHECK: entry:
; CHECK: header:
; CHECK: exit:
; CHECK-NOT: dead:
; CHECK: }
