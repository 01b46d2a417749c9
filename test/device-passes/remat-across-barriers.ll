; Cheap pure values (index built-ins, integer and address arithmetic) that
; the optimiser hoisted above a barrier are recomputed after it, once per
; stretch of a block between barriers; loads, phis and divisions stay; so do
; functions without barriers.
; RUN: %opt_smcp -passes=smcp-remat-across-barriers -S %s | FileCheck %s

target triple = "spir64-unknown-unknown"

@tile = internal addrspace(3) global [16 x [16 x float]] undef, align 4

declare i64 @__smcp_local_id(i32) convergent nounwind readnone
declare spir_func void @_Z22__spirv_ControlBarrieriii(i32, i32, i32) convergent nounwind

; CHECK-LABEL: define spir_kernel void @tiled(
define spir_kernel void @tiled(float addrspace(1)* %in, float addrspace(1)* %out, i64 %d) {
entry:
  %lr = call i64 @__smcp_local_id(i32 1)
  %lc = call i64 @__smcp_local_id(i32 0)
  %mine = getelementptr inbounds [16 x [16 x float]], [16 x [16 x float]] addrspace(3)* @tile, i64 0, i64 %lr, i64 %lc
  %row = getelementptr inbounds [16 x [16 x float]], [16 x [16 x float]] addrspace(3)* @tile, i64 0, i64 %lr, i64 0
  %q = udiv i64 %lc, %d
  %v = load float, float addrspace(1)* %in, align 4
  br label %loop

; The hoisted originals go; the division (costly) and the load stay.
; CHECK-NEXT: entry:
; CHECK-NEXT: %lc = call i64 @__smcp_local_id(i32 0)
; CHECK-NEXT: %q = udiv i64 %lc, %d
; CHECK-NEXT: %v = load float
; CHECK-NEXT: br label %loop
; Before the loop's first barrier: the store's address, from fresh local ids.
; CHECK: loop:
; CHECK-NEXT: %k = phi
; CHECK-NEXT: %sum = phi
; CHECK-NEXT: %lr.remat = call i64 @__smcp_local_id(i32 1)
; CHECK-NEXT: %lc.remat = call i64 @__smcp_local_id(i32 0)
; CHECK-NEXT: %mine.remat = getelementptr inbounds {{.*}} @tile, i64 0, i64 %lr.remat, i64 %lc.remat
; CHECK-NEXT: store float %v, float addrspace(3)* %mine.remat
; After it, once for both uses, again from a fresh local id.
; CHECK-NEXT: call spir_func void @_Z22__spirv_ControlBarrieriii
; CHECK-NEXT: %lr.remat1 = call i64 @__smcp_local_id(i32 1)
; CHECK-NEXT: %row.remat = getelementptr inbounds {{.*}} @tile, i64 0, i64 %lr.remat1, i64 0
; CHECK-NEXT: %at = getelementptr inbounds float, float addrspace(3)* %row.remat, i64 %q
; CHECK-NEXT: %x = load float, float addrspace(3)* %at
; CHECK-NEXT: %x2 = load float, float addrspace(3)* %row.remat
; A block after the loop: one local id for both chains.
; CHECK: done:
; CHECK-NEXT: %lc.remat2 = call i64 @__smcp_local_id(i32 0)
; CHECK-NEXT: %out.at = getelementptr inbounds float, float addrspace(1)* %out, i64 %lc.remat2
; CHECK-NEXT: %lr.remat3 = call i64 @__smcp_local_id(i32 1)
; CHECK-NEXT: %mine.remat4 = getelementptr inbounds {{.*}} @tile, i64 0, i64 %lr.remat3, i64 %lc.remat2
; CHECK-NEXT: %f = load float, float addrspace(3)* %mine.remat4
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  store float %v, float addrspace(3)* %mine, align 4
  call spir_func void @_Z22__spirv_ControlBarrieriii(i32 2, i32 2, i32 272)
  %at = getelementptr inbounds float, float addrspace(3)* %row, i64 %q
  %x = load float, float addrspace(3)* %at, align 4
  %x2 = load float, float addrspace(3)* %row, align 4
  %s1 = fadd float %sum, %x
  %sum.next = fadd float %s1, %x2
  call spir_func void @_Z22__spirv_ControlBarrieriii(i32 2, i32 2, i32 272)
  %k.next = add nuw i64 %k, 1
  %more = icmp ult i64 %k.next, 64
  br i1 %more, label %loop, label %done

done:
  %out.at = getelementptr inbounds float, float addrspace(1)* %out, i64 %lc
  %f = load float, float addrspace(3)* %mine, align 4
  %r = fadd float %sum.next, %f
  store float %r, float addrspace(1)* %out.at, align 4
  ret void
}

; A phi's input from a block after its barrier is recomputed at that
; block's end; the input from the entry, in reach, stays.
; CHECK-LABEL: define spir_kernel void @phi_input(
; CHECK: loop:
; CHECK-NEXT: %at = phi float addrspace(1)* [ %start, %entry ], [ %start.remat, %loop ]
; CHECK: call spir_func void @_Z22__spirv_ControlBarrieriii
; CHECK-NEXT: %again = icmp
; CHECK-NEXT: %lc.remat = call i64 @__smcp_local_id(i32 0)
; CHECK-NEXT: %start.remat = getelementptr float, float addrspace(1)* %p, i64 %lc.remat
; CHECK-NEXT: br i1 %again
define spir_kernel void @phi_input(float addrspace(1)* %p, i1 %c) {
entry:
  %lc = call i64 @__smcp_local_id(i32 0)
  %start = getelementptr float, float addrspace(1)* %p, i64 %lc
  br label %loop
loop:
  %at = phi float addrspace(1)* [ %start, %entry ], [ %start, %loop ]
  store float 0.0, float addrspace(1)* %at, align 4
  call spir_func void @_Z22__spirv_ControlBarrieriii(i32 2, i32 2, i32 272)
  %again = icmp eq i1 %c, true
  br i1 %again, label %loop, label %done
done:
  ret void
}

; Without barriers nothing moves.
; CHECK-LABEL: define spir_kernel void @no_barrier(
; CHECK-NEXT: entry:
; CHECK-NEXT: %lc = call i64 @__smcp_local_id(i32 0)
; CHECK-NEXT: %at = getelementptr inbounds float, float addrspace(1)* %in, i64 %lc
; CHECK-NEXT: br label %next
; CHECK: next:
; CHECK-NEXT: store float 1.000000e+00, float addrspace(1)* %at
define spir_kernel void @no_barrier(float addrspace(1)* %in) {
entry:
  %lc = call i64 @__smcp_local_id(i32 0)
  %at = getelementptr inbounds float, float addrspace(1)* %in, i64 %lc
  br label %next
next:
  store float 1.0, float addrspace(1)* %at, align 4
  ret void
}
