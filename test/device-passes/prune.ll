; After the device link only kernels stay external; what they do not reach
; goes, and so do llvm.used / llvm.compiler.used. Exception handling goes too:
; invokes become calls, landing pads and the personality disappear.
; RUN: %opt_smcp -passes=smcp-prune -S %s | FileCheck %s
; A second run changes nothing and preserves every analysis:
; RUN: %opt_smcp -passes=smcp-prune,verify,smcp-prune,verify -debug-pass-manager -disable-output %s 2>&1 | FileCheck %s --check-prefix=PM
; PM: Running pass: smcp::PruneDeviceCodePass
; PM-NEXT: Invalidating analysis: VerifierAnalysis
; PM: Running pass: smcp::PruneDeviceCodePass
; PM-NOT: Invalidating

target triple = "spir64-unknown-unknown"

@used_by_kernel = global i32 7
@unused = global i32 1
@llvm.compiler.used = appending global [1 x i8*] [i8* bitcast (void ()* @dead to i8*)], section "llvm.metadata"

define spir_kernel void @kernel(i32 addrspace(1)* %p) #0 {
  %v = call spir_func i32 @reached()
  store i32 %v, i32 addrspace(1)* %p
  ret void
}

define spir_func i32 @reached() {
  %v = load i32, i32* @used_by_kernel
  ret i32 %v
}

define spir_func void @dead() {
  ret void
}

declare spir_func void @may_throw()
declare i32 @__gxx_personality_v0(...)

define spir_kernel void @noexcept_kernel() #0 personality i32 (...)* @__gxx_personality_v0 {
  invoke spir_func void @may_throw() to label %ok unwind label %lp
ok:
  ret void
lp:
  %e = landingpad { i8*, i32 } catch i8* null
  unreachable
}

attributes #0 = { "smcp-kernel" }

; CHECK-NOT: llvm.compiler.used
; CHECK-NOT: @unused
; CHECK: @used_by_kernel = internal global i32 7
; CHECK: define spir_kernel void @kernel(
; CHECK: define internal spir_func i32 @reached()
; CHECK-NOT: @dead
; CHECK: define spir_kernel void @noexcept_kernel() #0 {
; CHECK-NEXT: call spir_func void @may_throw()
; CHECK-NEXT: br label %ok
; CHECK-NOT: landingpad
; CHECK-NOT: __gxx_personality_v0
