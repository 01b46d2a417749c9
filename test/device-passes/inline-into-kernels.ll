; Every device function becomes always-inline, even one -O0 marked optnone
; and noinline; kernels and declarations stay as they are. A second run
; changes nothing (the pass says so).
; RUN: %opt_smcp -passes=smcp-inline-into-kernels -S %s | FileCheck %s
; RUN: %opt_smcp -passes=smcp-inline-into-kernels,verify,smcp-inline-into-kernels,verify -debug-pass-manager -disable-output %s 2>&1 | FileCheck %s --check-prefix=PM
; RUN: %opt_smcp -passes='smcp-inline-into-kernels,always-inline' -S %s | FileCheck %s --check-prefix=INLINED

target triple = "spir64-unknown-unknown"

; CHECK: define spir_kernel void @kernel(i32 addrspace(1)* %p) #[[KERNEL:[0-9]+]] {
define spir_kernel void @kernel(i32 addrspace(1)* %p) #1 {
  %v = call spir_func i32 @helper(i32 1)
  store i32 %v, i32 addrspace(1)* %p
  ret void
}

; CHECK: define spir_func i32 @helper(i32 %x) #[[INLINE:[0-9]+]]
define spir_func i32 @helper(i32 %x) #0 {
  %y = call spir_func i32 @leaf(i32 %x)
  ret i32 %y
}

; CHECK: define spir_func i32 @leaf(i32 %x) #[[INLINE]]
define spir_func i32 @leaf(i32 %x) {
  %y = add i32 %x, 41
  ret i32 %y
}

; CHECK: declare spir_func void @external()
declare spir_func void @external()

; CHECK-DAG: attributes #[[KERNEL]] = { "smcp-kernel" }
; CHECK-DAG: attributes #[[INLINE]] = { alwaysinline }
attributes #0 = { noinline optnone }
attributes #1 = { "smcp-kernel" }

; The first run invalidates the verifier's result; the second, which changes
; nothing, preserves it.
; PM: Running pass: smcp::InlineIntoKernelsPass
; PM-NEXT: Invalidating analysis: VerifierAnalysis
; PM: Running pass: smcp::InlineIntoKernelsPass
; PM-NOT: Invalidating

; INLINED: define spir_kernel void @kernel
; INLINED-NEXT: store i32 42
