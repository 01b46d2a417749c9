; smcp-launch-constants: a marked word that is a load, at a constant offset,
; from a read-only by-value parameter of its kernel becomes a specialization
; constant (SpecIds after the user's, one per word however often it is
; read, numbered by kernel, parameter and offset) whose default
; 0xFFFFFFFF selects the loaded value; !smcp.launch_constants lists
; {kernel, SpecId, parameter, offset}. Every other marked value (a parameter
; the kernel may write, a word outside the parameter, a value that is no
; load, a function that is no kernel) is itself, and the marker goes. An i32
; element of a vector load is a word too.
; RUN: %opt_smcp -passes=smcp-launch-constants -S %s | FileCheck %s
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%layout = type { [80 x i8] }

declare i32 @__smcp_launch_constant(i32) #1

define spir_kernel void @reads(ptr addrspace(1) %img, ptr readonly byval(%layout) %acc, ptr addrspace(1) %out) #0 {
  %order.p = getelementptr inbounds i8, ptr %acc, i64 28
  %order = load i32, ptr %order.p
  %o1 = call i32 @__smcp_launch_constant(i32 %order)
  %o2 = call i32 @__smcp_launch_constant(i32 %order)
  %type.p = getelementptr inbounds i8, ptr %acc, i64 32
  %type = load i32, ptr %type.p
  %t = call i32 @__smcp_launch_constant(i32 %type)
  %outside.p = getelementptr inbounds i8, ptr %acc, i64 78
  %outside = load i32, ptr %outside.p
  %x = call i32 @__smcp_launch_constant(i32 %outside)
  %sizes.p = getelementptr inbounds i8, ptr %acc, i64 16
  %sizes = load <4 x i32>, ptr %sizes.p
  %fourth = extractelement <4 x i32> %sizes, i64 3
  %f = call i32 @__smcp_launch_constant(i32 %fourth)
  %sum = add i32 %o1, %o2
  %sum2 = add i32 %sum, %t
  %sum3 = add i32 %sum2, %x
  %sum4 = add i32 %sum3, %f
  store i32 %sum4, ptr addrspace(1) %out
  ret void
}

define spir_kernel void @writes_its_copy(ptr byval(%layout) %acc, ptr addrspace(1) %out) #0 {
  store i32 0, ptr %acc
  %w = load i32, ptr %acc
  %c = call i32 @__smcp_launch_constant(i32 %w)
  store i32 %c, ptr addrspace(1) %out
  ret void
}

define spir_func i32 @helper(ptr readonly byval(%layout) %acc, i32 %v) {
  %w = load i32, ptr %acc
  %c = call i32 @__smcp_launch_constant(i32 %w)
  %d = call i32 @__smcp_launch_constant(i32 %v)
  %r = add i32 %c, %d
  ret i32 %r
}

attributes #0 = { "smcp-kernel" }
attributes #1 = { nounwind readnone }

!smcp.spec_constants = !{!0}
!0 = !{!"tu____user", !"00000000", i32 0, i32 0, i32 4, i32 2, i32 4, i32 4, i32 -1, i32 8, i32 4}

; CHECK-NOT: __smcp_launch_constant
; CHECK-LABEL: define spir_kernel void @reads(
; CHECK: %[[O1:.*]] = call i32 @_Z20__spirv_SpecConstantii(i32 3, i32 -1)
; CHECK-NEXT: %[[N1:.*]] = icmp eq i32 %[[O1]], -1
; CHECK-NEXT: %[[V1:.*]] = select i1 %[[N1]], i32 %order, i32 %[[O1]]
; CHECK-NEXT: %[[O2:.*]] = call i32 @_Z20__spirv_SpecConstantii(i32 3, i32 -1)
; CHECK: call i32 @_Z20__spirv_SpecConstantii(i32 4, i32 -1)
; The same word as %order, loaded with its neighbours: the same SpecId.
; CHECK: %[[F:.*]] = call i32 @_Z20__spirv_SpecConstantii(i32 3, i32 -1)
; CHECK: select i1 %{{.*}}, i32 %fourth, i32 %[[F]]
; CHECK: %sum = add i32 %[[V1]],
; CHECK: %sum3 = add i32 %sum2, %outside
; CHECK-LABEL: define spir_kernel void @writes_its_copy(
; CHECK-NOT: SpecConstant
; CHECK: store i32 %w, ptr addrspace(1) %out
; CHECK-LABEL: define spir_func i32 @helper(
; CHECK-NEXT: %w = load i32, ptr %acc
; CHECK-NEXT: %r = add i32 %w, %v
; CHECK: !smcp.launch_constants = !{![[A:[0-9]+]], ![[B:[0-9]+]]}
; CHECK: ![[A]] = !{!"reads", i32 3, i32 1, i32 28}
; CHECK: ![[B]] = !{!"reads", i32 4, i32 1, i32 32}
