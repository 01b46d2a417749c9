; Atomics on generic pointers that point into global or local memory name
; that address space (OpenCL 1.2 devices have no generic atomics), also
; through GEPs and bitcasts computed after the cast (an element of a
; device_global array, whose only user is the atomic call). One whose space
; is unknown until it runs asks OpGenericCastToPtrExplicit whether it is
; local, then runs the local or the global form; its result is theirs.
; RUN: %opt_smcp -passes=smcp-lower-spirv -S %s | FileCheck %s

target triple = "spir64-unknown-unknown"

declare spir_func i32 @_Z18__spirv_AtomicIAddPiiii(i32 addrspace(4)*, i32, i32, i32)
declare spir_func i64 @_Z18__spirv_AtomicUMaxPmiim(i64 addrspace(4)*, i32, i32, i64)

define spir_func i32 @element(i8 addrspace(1)* %dg, i64 %i) {
  %arr = bitcast i8 addrspace(1)* %dg to [16 x i32] addrspace(1)*
  %flat = addrspacecast [16 x i32] addrspace(1)* %arr to [16 x i32] addrspace(4)*
  %elem = getelementptr inbounds [16 x i32], [16 x i32] addrspace(4)* %flat, i64 0, i64 %i
  %a = call spir_func i32 @_Z18__spirv_AtomicIAddPiiii(i32 addrspace(4)* %elem, i32 1, i32 0, i32 1)
  ret i32 %a
}
; CHECK-LABEL: define spir_func i32 @element(
; CHECK-NEXT: %arr = bitcast i8 addrspace(1)* %dg to [16 x i32] addrspace(1)*
; CHECK-NEXT: %[[E:.*]] = getelementptr inbounds [16 x i32], [16 x i32] addrspace(1)* %arr, i64 0, i64 %i
; CHECK-NEXT: call spir_func i32 @_Z18__spirv_AtomicIAddPU3AS1iiii(i32 addrspace(1)* %[[E]], i32 1, i32 0, i32 1)

define spir_func i32 @f(i32 addrspace(1)* %g, i64 addrspace(3)* %l, i32 addrspace(4)* %generic) {
  %gg = addrspacecast i32 addrspace(1)* %g to i32 addrspace(4)*
  %a = call spir_func i32 @_Z18__spirv_AtomicIAddPiiii(i32 addrspace(4)* %gg, i32 2, i32 776, i32 1)
  %lg = addrspacecast i64 addrspace(3)* %l to i64 addrspace(4)*
  %b = call spir_func i64 @_Z18__spirv_AtomicUMaxPmiim(i64 addrspace(4)* %lg, i32 1, i32 0, i64 7)
  %c = call spir_func i32 @_Z18__spirv_AtomicIAddPiiii(i32 addrspace(4)* %generic, i32 1, i32 0, i32 1)
  %sum = add i32 %a, %c
  ret i32 %sum
}

; CHECK: call spir_func i32 @_Z18__spirv_AtomicIAddPU3AS1iiii(i32 addrspace(1)* %g, i32 2, i32 776, i32 1)
; CHECK: call spir_func i64 @_Z18__spirv_AtomicUMaxPU3AS3miim(i64 addrspace(3)* %l, i32 1, i32 0, i64 7)
; CHECK: %[[BYTES:.*]] = bitcast i32 addrspace(4)* %generic to i8 addrspace(4)*
; CHECK: %[[LOCAL:.*]] = call spir_func i8 addrspace(3)* @_Z40__spirv_GenericCastToPtrExplicit_ToLocalPvi(i8 addrspace(4)* %[[BYTES]], i32 4)
; CHECK: %[[IS_LOCAL:.*]] = icmp ne i8 addrspace(3)* %[[LOCAL]], null
; CHECK: br i1 %[[IS_LOCAL]], label %[[IN_LOCAL:.*]], label %[[IN_GLOBAL:.*]]
; CHECK: [[IN_LOCAL]]:
; CHECK: %[[L:.*]] = bitcast i8 addrspace(3)* %[[LOCAL]] to i32 addrspace(3)*
; CHECK: %[[LR:.*]] = call spir_func i32 @_Z18__spirv_AtomicIAddPU3AS3iiii(i32 addrspace(3)* %[[L]], i32 1, i32 0, i32 1)
; CHECK: [[IN_GLOBAL]]:
; CHECK: %[[G:.*]] = addrspacecast i32 addrspace(4)* %generic to i32 addrspace(1)*
; CHECK: %[[GR:.*]] = call spir_func i32 @_Z18__spirv_AtomicIAddPU3AS1iiii(i32 addrspace(1)* %[[G]], i32 1, i32 0, i32 1)
; CHECK: %atomic = phi i32 [ %[[LR]], %[[IN_LOCAL]] ], [ %[[GR]], %[[IN_GLOBAL]] ]
; CHECK: %sum = add i32 %a, %atomic
; CHECK-NOT: __spirv_AtomicIAddPiiii
